/// A state of the character's movement in the State pattern: it decides
/// what each event does, and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state,
/// or its superstate, says otherwise (the extensions below).
public protocol GameCharacterMovementState {
  /// The public id of this state.
  var id: GameCharacter.MovementLeaf { get }

  /// The superstate this state is in: `onGround` or `inAir`.
  var superstate: GameCharacter.ChartState { get }

  /// Decides what running does here.
  func run() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what stopping does here.
  func stop() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what ducking does here.
  func duck() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what standing up does here.
  func standUp() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what jumping does here.
  func jump() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what landing does here.
  func land() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Decides what a hit does to her movement here.
  func hit() -> Decision<any GameCharacterMovementState, GameCharacter.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (GameCharacter.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (GameCharacter.Output) -> Void)

  /// Runs when a transition enters this state's superstate from outside it.
  func enterSuperstate(emit: (GameCharacter.Output) -> Void)

  /// Runs when a transition leaves this state's superstate.
  func exitSuperstate(emit: (GameCharacter.Output) -> Void)
}

extension GameCharacterMovementState {
  /// Ignored.
  public func run() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func stop() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func duck() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func standUp() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
    .ignore
  }

  /// Ignored.
  public func jump() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func land() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func hit() -> Decision<any GameCharacterMovementState, GameCharacter.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public func enterSuperstate(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public func exitSuperstate(emit: (GameCharacter.Output) -> Void) {}
}

/// The superstate `onGround`: a state on the ground. Its extension is
/// what every ground state inherits.
public protocol GameCharacterOnGround: GameCharacterMovementState {}

extension GameCharacterOnGround {
  /// `onGround`.
  public var superstate: GameCharacter.ChartState { .onGround }

  /// Jumps into `inAir`'s initial leaf, taking this state along as the one
  /// to land in: `onGround`'s history.
  public func jump() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
    .go(to: GameCharacter.StatePattern.Jumping(landing: self))
  }
}

/// The superstate `inAir`: a state in the air, which knows where she will
/// land. Its extension is what every air state inherits.
public protocol GameCharacterInAir: GameCharacterMovementState {
  /// The ground state she left, to land in again: `onGround`'s history.
  var landing: any GameCharacterOnGround { get }
}

extension GameCharacterInAir {
  /// `inAir`.
  public var superstate: GameCharacter.ChartState { .inAir }

  /// Lands in the ground state she jumped from.
  public func land() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
    .go(to: landing)
  }

  /// Knocked down to standing, whatever she jumped from.
  public func hit() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
    .go(to: GameCharacter.StatePattern.Standing())
  }

  /// Lifts off.
  public func enterSuperstate(emit: (GameCharacter.Output) -> Void) { emit(.liftOff) }

  /// Touches down.
  public func exitSuperstate(emit: (GameCharacter.Output) -> Void) { emit(.touchDown) }
}

/// A state of the character's weapon in the State pattern: it decides what
/// each event does, and its context carries the decision out.
public protocol GameCharacterWeaponState {
  /// The public id of this state.
  var id: GameCharacter.WeaponLeaf { get }

  /// Decides what picking up `weapon` does here.
  func pickUp(_ weapon: GameCharacter.Weapon)
    -> Decision<any GameCharacterWeaponState, GameCharacter.Output>

  /// Decides what firing does here; `diving` is her movement before the
  /// event.
  func fire(diving: Bool) -> Decision<any GameCharacterWeaponState, GameCharacter.Output>

  /// Decides what dropping the weapon does here.
  func drop() -> Decision<any GameCharacterWeaponState, GameCharacter.Output>

  /// Decides what a hit does to her weapon here.
  func hit() -> Decision<any GameCharacterWeaponState, GameCharacter.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (GameCharacter.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (GameCharacter.Output) -> Void)
}

extension GameCharacterWeaponState {
  /// Ignored.
  public func pickUp(_ weapon: GameCharacter.Weapon)
    -> Decision<any GameCharacterWeaponState, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public func fire(diving: Bool) -> Decision<any GameCharacterWeaponState, GameCharacter.Output> {
    .ignore
  }

  /// Ignored.
  public func drop() -> Decision<any GameCharacterWeaponState, GameCharacter.Output> { .ignore }

  /// Ignored.
  public func hit() -> Decision<any GameCharacterWeaponState, GameCharacter.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (GameCharacter.Output) -> Void) {}
}

/// The superstate `armed`: holding a weapon. Its extension is what both
/// weapons inherit; it has no activities of its own.
public protocol GameCharacterArmed: GameCharacterWeaponState {}

extension GameCharacterArmed {
  /// Drops the weapon.
  public func drop() -> Decision<any GameCharacterWeaponState, GameCharacter.Output> {
    .go(to: GameCharacter.StatePattern.Unarmed())
  }

  /// A hit knocks the weapon out of her hands.
  public func hit() -> Decision<any GameCharacterWeaponState, GameCharacter.Output> {
    .go(to: GameCharacter.StatePattern.Unarmed(), effect: [.weaponLost])
  }
}

extension GameCharacter {
  /// The game character written with the State pattern: a context holding
  /// one state per region, and one type per leaf.
  ///
  /// Notice that a superstate is a protocol refinement, `GameCharacterOnGround`,
  /// whose extension handles `jump` for every ground state that does not
  /// handle it itself (`Ducking` does: an override is a method of its own),
  /// and that `onGround`'s history is data an air state carries:
  /// `Jumping(landing: Running())`. The context carries out each decision in
  /// one place, leaving and entering the superstate only when the next
  /// state is in another one.
  public struct StatePattern: GameCharacterMachine {
    /// The current state of her movement.
    public private(set) var movement: any GameCharacterMovementState = Standing()

    /// The current state of her weapon.
    public private(set) var weapon: any GameCharacterWeaponState = Unarmed()

    /// Creates a character standing with empty hands.
    public init() {}

    /// Her leaf in each region.
    public var state: State { State(movement.id, weapon.id) }

    /// Offers the event to each region, movement first; the weapon's guard
    /// reads the movement as it was before the event.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let diving = movement.id == .diving
      let moved = handleMovement(event, emit: emit)
      let armed = handleWeapon(event, diving: diving, emit: emit)
      return moved || armed ? .fired : .ignored
    }

    /// Asks the movement state what the event does, then carries it out:
    /// the exits innermost first (the leaf, then its superstate if she
    /// leaves it), the effect, the entries outermost first.
    private mutating func handleMovement(_ event: Event, emit: (Output) -> Void) -> Bool {
      let decision: Decision<any GameCharacterMovementState, Output> =
        switch event {
        case .run: movement.run()
        case .stop: movement.stop()
        case .duck: movement.duck()
        case .standUp: movement.standUp()
        case .jump: movement.jump()
        case .land: movement.land()
        case .hit: movement.hit()
        case .fire, .drop, .pickUp: .ignore
        }
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        let crossing = next.superstate != movement.superstate
        movement.exit(emit: emit)
        if crossing { movement.exitSuperstate(emit: emit) }
        effect.forEach(emit)
        if crossing { next.enterSuperstate(emit: emit) }
        next.entry(emit: emit)
        movement = next
      }
      return true
    }

    /// Asks the weapon state what the event does, then carries it out:
    /// exit, effect, entry (`armed` has no activities to add).
    private mutating func handleWeapon(
      _ event: Event, diving: Bool, emit: (Output) -> Void
    ) -> Bool {
      let decision: Decision<any GameCharacterWeaponState, Output> =
        switch event {
        case .pickUp(let picked): weapon.pickUp(picked)
        case .fire: weapon.fire(diving: diving)
        case .drop: weapon.drop()
        case .hit: weapon.hit()
        case .run, .stop, .duck, .standUp, .jump, .land: .ignore
        }
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        weapon.exit(emit: emit)
        effect.forEach(emit)
        next.entry(emit: emit)
        weapon = next
      }
      return true
    }
  }
}

extension GameCharacter.StatePattern {
  /// Still on the ground: she can run or duck, and jump (from `onGround`).
  public struct Standing: GameCharacterOnGround {
    /// `standing`.
    public var id: GameCharacter.MovementLeaf { .standing }

    /// Shows her standing.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showStanding) }

    /// Starts running.
    public func run() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Running())
    }

    /// Crouches.
    public func duck() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Ducking())
    }
  }

  /// Running: she can stop, or slide.
  public struct Running: GameCharacterOnGround {
    /// `running`.
    public var id: GameCharacter.MovementLeaf { .running }

    /// Shows her running.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showRunning) }

    /// Stops.
    public func stop() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Standing())
    }

    /// Slides.
    public func duck() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Sliding())
    }
  }

  /// Crouching: she can stand up; a jump only stands her up.
  public struct Ducking: GameCharacterOnGround {
    /// `ducking`.
    public var id: GameCharacter.MovementLeaf { .ducking }

    /// Shows her crouching.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDucking) }

    /// Stands up.
    public func standUp() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Standing())
    }

    /// Overrides `onGround`'s jump: a crouching character first stands up.
    public func jump() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Standing())
    }
  }

  /// Sliding from a run: stopping leaves her crouched.
  public struct Sliding: GameCharacterOnGround {
    /// `sliding`.
    public var id: GameCharacter.MovementLeaf { .sliding }

    /// Shows her sliding.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showSliding) }

    /// Stops in a crouch.
    public func stop() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Ducking())
    }
  }

  /// Rising from a jump: she can dive, and land or be hit (from `inAir`).
  public struct Jumping: GameCharacterInAir {
    /// The ground state she jumped from.
    public let landing: any GameCharacterOnGround

    /// `jumping`.
    public var id: GameCharacter.MovementLeaf { .jumping }

    /// Shows her jumping.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showJumping) }

    /// Dives, still heading for the same ground state.
    public func duck() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Diving(landing: landing))
    }
  }

  /// Diving down: she lands or is hit (from `inAir`), and the dive ends.
  public struct Diving: GameCharacterInAir {
    /// The ground state she jumped from.
    public let landing: any GameCharacterOnGround

    /// `diving`.
    public var id: GameCharacter.MovementLeaf { .diving }

    /// Shows her diving.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDiving) }

    /// Ends the dive.
    public func exit(emit: (GameCharacter.Output) -> Void) { emit(.endDive) }
  }

  /// Empty hands: she can pick up a weapon.
  public struct Unarmed: GameCharacterWeaponState {
    /// `unarmed`.
    public var id: GameCharacter.WeaponLeaf { .unarmed }

    /// Shows her empty hands.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showEmptyHands) }

    /// Takes the weapon.
    public func pickUp(_ weapon: GameCharacter.Weapon)
      -> Decision<any GameCharacterWeaponState, GameCharacter.Output>
    {
      switch weapon {
      case .bow: .go(to: Bow())
      case .gun: .go(to: Gun())
      }
    }
  }

  /// Holding a bow: it fires arrows; a gun replaces it.
  public struct Bow: GameCharacterArmed {
    /// `bow`.
    public var id: GameCharacter.WeaponLeaf { .bow }

    /// Shows the bow.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showBow) }

    /// Takes a gun instead; another bow changes nothing.
    public func pickUp(_ weapon: GameCharacter.Weapon)
      -> Decision<any GameCharacterWeaponState, GameCharacter.Output>
    {
      weapon == .gun ? .go(to: Gun()) : .ignore
    }

    /// Releases an arrow, unless she is diving.
    public func fire(diving: Bool) -> Decision<any GameCharacterWeaponState, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.arrowReleased])
    }
  }

  /// Holding a gun: it fires shots; a bow replaces it.
  public struct Gun: GameCharacterArmed {
    /// `gun`.
    public var id: GameCharacter.WeaponLeaf { .gun }

    /// Shows the gun.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showGun) }

    /// Takes a bow instead; another gun changes nothing.
    public func pickUp(_ weapon: GameCharacter.Weapon)
      -> Decision<any GameCharacterWeaponState, GameCharacter.Output>
    {
      weapon == .bow ? .go(to: Bow()) : .ignore
    }

    /// Fires a shot, unless she is diving.
    public func fire(diving: Bool) -> Decision<any GameCharacterWeaponState, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.shotFired])
    }
  }
}
