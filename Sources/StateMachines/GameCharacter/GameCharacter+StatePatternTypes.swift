/// A state of the character's movement as a type: the State pattern with no
/// state values at all. Each state is a type whose static methods decide,
/// and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state,
/// or its superstate, says otherwise (the extensions below).
public protocol GameCharacterMovementStateType {
  /// The public id of this state.
  static var id: GameCharacter.MovementLeaf { get }

  /// The superstate this state is in: `onGround` or `inAir`.
  static var superstate: GameCharacter.ChartState { get }

  /// Decides what running does here.
  static func run() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what stopping does here.
  static func stop() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what ducking does here.
  static func duck() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what standing up does here.
  static func standUp() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what jumping does here.
  static func jump() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what landing does here; `history` is the ground state she
  /// left the ground from, which the context remembers.
  static func land(
    history: any GameCharacterOnGroundType.Type
  ) -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Decides what a hit does to her movement here.
  static func hit() -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>

  /// Runs every time a transition enters this state.
  static func entry(emit: (GameCharacter.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (GameCharacter.Output) -> Void)

  /// Runs when a transition enters this state's superstate from outside it.
  static func enterSuperstate(emit: (GameCharacter.Output) -> Void)

  /// Runs when a transition leaves this state's superstate.
  static func exitSuperstate(emit: (GameCharacter.Output) -> Void)
}

extension GameCharacterMovementStateType {
  /// Ignored.
  public static func run()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func stop()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func duck()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func standUp()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func jump()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func land(
    history: any GameCharacterOnGroundType.Type
  ) -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output> { .ignore }

  /// Ignored.
  public static func hit()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Does nothing.
  public static func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public static func enterSuperstate(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public static func exitSuperstate(emit: (GameCharacter.Output) -> Void) {}
}

/// The superstate `onGround`, for states as types: its extension is what
/// every ground state inherits.
public protocol GameCharacterOnGroundType: GameCharacterMovementStateType {}

extension GameCharacterOnGroundType {
  /// `onGround`.
  public static var superstate: GameCharacter.ChartState { .onGround }

  /// Jumps into `inAir`'s initial leaf.
  public static func jump()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  {
    .go(to: GameCharacter.StatePatternTypes.Jumping.self)
  }
}

/// The superstate `inAir`, for states as types: its extension is what every
/// air state inherits.
public protocol GameCharacterInAirType: GameCharacterMovementStateType {}

extension GameCharacterInAirType {
  /// `inAir`.
  public static var superstate: GameCharacter.ChartState { .inAir }

  /// Lands in the ground state she jumped from.
  public static func land(
    history: any GameCharacterOnGroundType.Type
  ) -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output> {
    .go(to: history)
  }

  /// Knocked down to standing, whatever she jumped from.
  public static func hit()
    -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
  {
    .go(to: GameCharacter.StatePatternTypes.Standing.self)
  }

  /// Lifts off.
  public static func enterSuperstate(emit: (GameCharacter.Output) -> Void) { emit(.liftOff) }

  /// Touches down.
  public static func exitSuperstate(emit: (GameCharacter.Output) -> Void) { emit(.touchDown) }
}

/// A state of the character's weapon as a type.
public protocol GameCharacterWeaponStateType {
  /// The public id of this state.
  static var id: GameCharacter.WeaponLeaf { get }

  /// Decides what picking up `weapon` does here.
  static func pickUp(
    _ weapon: GameCharacter.Weapon
  ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>

  /// Decides what firing does here; `diving` is her movement before the
  /// event.
  static func fire(
    diving: Bool
  ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>

  /// Decides what dropping the weapon does here.
  static func drop() -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>

  /// Decides what a hit does to her weapon here.
  static func hit() -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>

  /// Runs every time a transition enters this state.
  static func entry(emit: (GameCharacter.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (GameCharacter.Output) -> Void)
}

extension GameCharacterWeaponStateType {
  /// Ignored.
  public static func pickUp(
    _ weapon: GameCharacter.Weapon
  ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> { .ignore }

  /// Ignored.
  public static func fire(
    diving: Bool
  ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> { .ignore }

  /// Ignored.
  public static func drop()
    -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Ignored.
  public static func hit()
    -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>
  { .ignore }

  /// Does nothing.
  public static func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (GameCharacter.Output) -> Void) {}
}

/// The superstate `armed`, for states as types: its extension is what both
/// weapons inherit.
public protocol GameCharacterArmedType: GameCharacterWeaponStateType {}

extension GameCharacterArmedType {
  /// Drops the weapon.
  public static func drop()
    -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>
  {
    .go(to: GameCharacter.StatePatternTypes.Unarmed.self)
  }

  /// A hit knocks the weapon out of her hands.
  public static func hit()
    -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output>
  {
    .go(to: GameCharacter.StatePatternTypes.Unarmed.self, effect: [.weaponLost])
  }
}

extension GameCharacter {
  /// The game character written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Jumping.self` instead of
  /// `Jumping(landing: self)`. A type holds no data, so `onGround`'s
  /// history cannot travel with the air states any more: the context keeps
  /// it, as the book's classes do, and lends it to `land`. A superstate is
  /// still a protocol refinement whose extension, of static methods now,
  /// is what its states inherit.
  public struct StatePatternTypes: GameCharacterMachine {
    /// The current state of her movement.
    public private(set) var movement: any GameCharacterMovementStateType.Type = Standing.self

    /// The current state of her weapon.
    public private(set) var weapon: any GameCharacterWeaponStateType.Type = Unarmed.self

    /// `onGround`'s shallow history: the ground state she last left the
    /// ground from.
    public private(set) var groundHistory: any GameCharacterOnGroundType.Type = Standing.self

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
    /// leaves it, which records `onGround`'s history), the effect, the
    /// entries outermost first.
    private mutating func handleMovement(_ event: Event, emit: (Output) -> Void) -> Bool {
      let decision: Decision<any GameCharacterMovementStateType.Type, Output> =
        switch event {
        case .run: movement.run()
        case .stop: movement.stop()
        case .duck: movement.duck()
        case .standUp: movement.standUp()
        case .jump: movement.jump()
        case .land: movement.land(history: groundHistory)
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
        if crossing {
          movement.exitSuperstate(emit: emit)
          if let ground = movement as? any GameCharacterOnGroundType.Type { groundHistory = ground }
        }
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
      let decision: Decision<any GameCharacterWeaponStateType.Type, Output> =
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

extension GameCharacter.StatePatternTypes {
  /// Still on the ground: she can run or duck, and jump (from `onGround`).
  public enum Standing: GameCharacterOnGroundType {
    /// `standing`.
    public static var id: GameCharacter.MovementLeaf { .standing }

    /// Shows her standing.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showStanding) }

    /// Starts running.
    public static func run()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Running.self)
    }

    /// Crouches.
    public static func duck()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Ducking.self)
    }
  }

  /// Running: she can stop, or slide.
  public enum Running: GameCharacterOnGroundType {
    /// `running`.
    public static var id: GameCharacter.MovementLeaf { .running }

    /// Shows her running.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showRunning) }

    /// Stops.
    public static func stop()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }

    /// Slides.
    public static func duck()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Sliding.self)
    }
  }

  /// Crouching: she can stand up; a jump only stands her up.
  public enum Ducking: GameCharacterOnGroundType {
    /// `ducking`.
    public static var id: GameCharacter.MovementLeaf { .ducking }

    /// Shows her crouching.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDucking) }

    /// Stands up.
    public static func standUp()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }

    /// Overrides `onGround`'s jump: a crouching character first stands up.
    public static func jump()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }
  }

  /// Sliding from a run: stopping leaves her crouched.
  public enum Sliding: GameCharacterOnGroundType {
    /// `sliding`.
    public static var id: GameCharacter.MovementLeaf { .sliding }

    /// Shows her sliding.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showSliding) }

    /// Stops in a crouch.
    public static func stop()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Ducking.self)
    }
  }

  /// Rising from a jump: she can dive, and land or be hit (from `inAir`).
  public enum Jumping: GameCharacterInAirType {
    /// `jumping`.
    public static var id: GameCharacter.MovementLeaf { .jumping }

    /// Shows her jumping.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showJumping) }

    /// Dives.
    public static func duck()
      -> Decision<any GameCharacterMovementStateType.Type, GameCharacter.Output>
    {
      .go(to: Diving.self)
    }
  }

  /// Diving down: she lands or is hit (from `inAir`), and the dive ends.
  public enum Diving: GameCharacterInAirType {
    /// `diving`.
    public static var id: GameCharacter.MovementLeaf { .diving }

    /// Shows her diving.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDiving) }

    /// Ends the dive.
    public static func exit(emit: (GameCharacter.Output) -> Void) { emit(.endDive) }
  }

  /// Empty hands: she can pick up a weapon.
  public enum Unarmed: GameCharacterWeaponStateType {
    /// `unarmed`.
    public static var id: GameCharacter.WeaponLeaf { .unarmed }

    /// Shows her empty hands.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showEmptyHands) }

    /// Takes the weapon.
    public static func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> {
      switch weapon {
      case .bow: .go(to: Bow.self)
      case .gun: .go(to: Gun.self)
      }
    }
  }

  /// Holding a bow: it fires arrows; a gun replaces it.
  public enum Bow: GameCharacterArmedType {
    /// `bow`.
    public static var id: GameCharacter.WeaponLeaf { .bow }

    /// Shows the bow.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showBow) }

    /// Takes a gun instead; another bow changes nothing.
    public static func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> {
      weapon == .gun ? .go(to: Gun.self) : .ignore
    }

    /// Releases an arrow, unless she is diving.
    public static func fire(
      diving: Bool
    ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.arrowReleased])
    }
  }

  /// Holding a gun: it fires shots; a bow replaces it.
  public enum Gun: GameCharacterArmedType {
    /// `gun`.
    public static var id: GameCharacter.WeaponLeaf { .gun }

    /// Shows the gun.
    public static func entry(emit: (GameCharacter.Output) -> Void) { emit(.showGun) }

    /// Takes a bow instead; another gun changes nothing.
    public static func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> {
      weapon == .bow ? .go(to: Bow.self) : .ignore
    }

    /// Fires a shot, unless she is diving.
    public static func fire(
      diving: Bool
    ) -> Decision<any GameCharacterWeaponStateType.Type, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.shotFired])
    }
  }
}
