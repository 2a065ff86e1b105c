/// A state of the character's movement as the Gang of Four print it: a
/// class whose methods ignore every event and whose activities do nothing;
/// a subclass per superstate overrides what all its states inherit, and a
/// subclass of that per leaf overrides what the leaf does itself.
public class GameCharacterMovementStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: GameCharacter.MovementLeaf { fatalError("every leaf names its state") }

  /// The superstate this state is in.
  public var superstate: GameCharacter.ChartState { fatalError("every superstate names itself") }

  /// Decides what running does here.
  public func run() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what stopping does here.
  public func stop() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what ducking does here.
  public func duck() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what standing up does here.
  public func standUp() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what jumping does here.
  public func jump() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what landing does here; `history` is the ground state she
  /// left the ground from, which the context remembers.
  public func land(
    history: GameCharacter.StateClasses.OnGround.Type
  ) -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> { .ignore }

  /// Decides what a hit does to her movement here.
  public func hit() -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Runs every time a transition enters this state.
  public func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (GameCharacter.Output) -> Void) {}

  /// Runs when a transition enters this state's superstate from outside it.
  public func enterSuperstate(emit: (GameCharacter.Output) -> Void) {}

  /// Runs when a transition leaves this state's superstate.
  public func exitSuperstate(emit: (GameCharacter.Output) -> Void) {}
}

/// A state of the character's weapon as the Gang of Four print it: a class
/// whose methods ignore every event, a subclass for the superstate `armed`,
/// and one per leaf.
public class GameCharacterWeaponStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: GameCharacter.WeaponLeaf { fatalError("every leaf names its state") }

  /// Decides what picking up `weapon` does here.
  public func pickUp(
    _ weapon: GameCharacter.Weapon
  ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> { .ignore }

  /// Decides what firing does here; `diving` is her movement before the
  /// event.
  public func fire(
    diving: Bool
  ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> { .ignore }

  /// Decides what dropping the weapon does here.
  public func drop() -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Decides what a hit does to her weapon here.
  public func hit() -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
    .ignore
  }

  /// Runs every time a transition enters this state.
  public func entry(emit: (GameCharacter.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (GameCharacter.Output) -> Void) {}
}

extension GameCharacter {
  /// The game character written with the book's state classes: the
  /// context holds the current state object of each region and delegates
  /// each event to it.
  ///
  /// Notice that a superstate is a base class, `OnGround`, that its leaves
  /// subclass: `jump` is written once there, every ground leaf inherits it,
  /// and `Ducking` overrides it with an `override`. A state names its
  /// successor by class and the context makes the object, a new one per
  /// transition as the book prints it, or, created with
  /// `sharingStateObjects`, one per class made once and reused. Objects
  /// made by class carry nothing, so the context remembers `onGround`'s
  /// history, and hands it to `land`.
  public final class StateClasses: GameCharacterMachine {
    /// The current state object of her movement.
    public private(set) var movement: GameCharacterMovementStateObject = Standing()

    /// The current state object of her weapon.
    public private(set) var weapon: GameCharacterWeaponStateObject = Unarmed()

    /// `onGround`'s shallow history: the class of the ground state she
    /// last left the ground from.
    public private(set) var groundHistory: OnGround.Type = Standing.self

    /// One object of each movement class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedMovementObjects: [GameCharacterMovementStateObject]

    /// One object of each weapon class, likewise.
    private let sharedWeaponObjects: [GameCharacterWeaponStateObject]

    /// Creates a character standing with empty hands.
    public init(sharingStateObjects: Bool = false) {
      sharedMovementObjects =
        sharingStateObjects
        ? [Standing(), Running(), Ducking(), Sliding(), Jumping(), Diving()] : []
      sharedWeaponObjects = sharingStateObjects ? [Unarmed(), Bow(), Gun()] : []
    }

    /// Her leaf in each region.
    public var state: State { State(movement.id, weapon.id) }

    /// Delegates the event to each region's state object, movement first;
    /// the weapon's guard reads the movement as it was before the event.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let diving = movement.id == .diving
      let moved = handleMovement(event, emit: emit)
      let armed = handleWeapon(event, diving: diving, emit: emit)
      return moved || armed ? .fired : .ignored
    }

    /// Delegates to the movement state object, then carries out its
    /// decision: the exits innermost first (the leaf, then its superstate
    /// if she leaves it, which records `onGround`'s history), the effect,
    /// the entries outermost first.
    private func handleMovement(_ event: Event, emit: (Output) -> Void) -> Bool {
      let decision =
        switch event {
        case .run: movement.run()
        case .stop: movement.stop()
        case .duck: movement.duck()
        case .standUp: movement.standUp()
        case .jump: movement.jump()
        case .land: movement.land(history: groundHistory)
        case .hit: movement.hit()
        case .fire, .drop, .pickUp: Decision<GameCharacterMovementStateObject.Type, Output>.ignore
        }
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let type, let effect):
        let next = stateObject(type)
        let crossing = next.superstate != movement.superstate
        movement.exit(emit: emit)
        if crossing {
          movement.exitSuperstate(emit: emit)
          if let ground = movement as? OnGround { groundHistory = Swift.type(of: ground) }
        }
        effect.forEach(emit)
        if crossing { next.enterSuperstate(emit: emit) }
        next.entry(emit: emit)
        movement = next
      }
      return true
    }

    /// Delegates to the weapon state object, then carries out its
    /// decision: exit, effect, entry (`Armed` has no activities to add).
    private func handleWeapon(_ event: Event, diving: Bool, emit: (Output) -> Void) -> Bool {
      let decision =
        switch event {
        case .pickUp(let picked): weapon.pickUp(picked)
        case .fire: weapon.fire(diving: diving)
        case .drop: weapon.drop()
        case .hit: weapon.hit()
        case .run, .stop, .duck, .standUp, .jump, .land:
          Decision<GameCharacterWeaponStateObject.Type, Output>.ignore
        }
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let type, let effect):
        weapon.exit(emit: emit)
        effect.forEach(emit)
        weapon = stateObject(type)
        weapon.entry(emit: emit)
      }
      return true
    }

    /// The shared movement object of class `type`, or a new one.
    private func stateObject(
      _ type: GameCharacterMovementStateObject.Type
    ) -> GameCharacterMovementStateObject {
      sharedMovementObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }

    /// The shared weapon object of class `type`, or a new one.
    private func stateObject(
      _ type: GameCharacterWeaponStateObject.Type
    ) -> GameCharacterWeaponStateObject {
      sharedWeaponObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension GameCharacter.StateClasses {
  /// The superstate `onGround`: what every ground state inherits.
  public class OnGround: GameCharacterMovementStateObject {
    /// `onGround`.
    public override var superstate: GameCharacter.ChartState { .onGround }

    /// Jumps into `inAir`'s initial leaf.
    public override func jump()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Jumping.self)
    }
  }

  /// The superstate `inAir`: what every air state inherits, and its own
  /// entry and exit.
  public class InAir: GameCharacterMovementStateObject {
    /// `inAir`.
    public override var superstate: GameCharacter.ChartState { .inAir }

    /// Lands in the ground state she jumped from.
    public override func land(
      history: OnGround.Type
    ) -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output> {
      .go(to: history)
    }

    /// Knocked down to standing, whatever she jumped from.
    public override func hit()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }

    /// Lifts off.
    public override func enterSuperstate(emit: (GameCharacter.Output) -> Void) {
      emit(.liftOff)
    }

    /// Touches down.
    public override func exitSuperstate(emit: (GameCharacter.Output) -> Void) {
      emit(.touchDown)
    }
  }

  /// Still on the ground: she can run or duck, and jump (from `OnGround`).
  public final class Standing: OnGround {
    /// `standing`.
    public override var id: GameCharacter.MovementLeaf { .standing }

    /// Shows her standing.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showStanding) }

    /// Starts running.
    public override func run()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Running.self)
    }

    /// Crouches.
    public override func duck()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Ducking.self)
    }
  }

  /// Running: she can stop, or slide.
  public final class Running: OnGround {
    /// `running`.
    public override var id: GameCharacter.MovementLeaf { .running }

    /// Shows her running.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showRunning) }

    /// Stops.
    public override func stop()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }

    /// Slides.
    public override func duck()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Sliding.self)
    }
  }

  /// Crouching: she can stand up; a jump only stands her up.
  public final class Ducking: OnGround {
    /// `ducking`.
    public override var id: GameCharacter.MovementLeaf { .ducking }

    /// Shows her crouching.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDucking) }

    /// Stands up.
    public override func standUp()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }

    /// Overrides `OnGround`'s jump: a crouching character first stands up.
    public override func jump()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Standing.self)
    }
  }

  /// Sliding from a run: stopping leaves her crouched.
  public final class Sliding: OnGround {
    /// `sliding`.
    public override var id: GameCharacter.MovementLeaf { .sliding }

    /// Shows her sliding.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showSliding) }

    /// Stops in a crouch.
    public override func stop()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Ducking.self)
    }
  }

  /// Rising from a jump: she can dive, and land or be hit (from `InAir`).
  public final class Jumping: InAir {
    /// `jumping`.
    public override var id: GameCharacter.MovementLeaf { .jumping }

    /// Shows her jumping.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showJumping) }

    /// Dives.
    public override func duck()
      -> Decision<GameCharacterMovementStateObject.Type, GameCharacter.Output>
    {
      .go(to: Diving.self)
    }
  }

  /// Diving down: she lands or is hit (from `InAir`), and the dive ends.
  public final class Diving: InAir {
    /// `diving`.
    public override var id: GameCharacter.MovementLeaf { .diving }

    /// Shows her diving.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showDiving) }

    /// Ends the dive.
    public override func exit(emit: (GameCharacter.Output) -> Void) { emit(.endDive) }
  }

  /// Empty hands: she can pick up a weapon.
  public final class Unarmed: GameCharacterWeaponStateObject {
    /// `unarmed`.
    public override var id: GameCharacter.WeaponLeaf { .unarmed }

    /// Shows her empty hands.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showEmptyHands) }

    /// Takes the weapon.
    public override func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
      switch weapon {
      case .bow: .go(to: Bow.self)
      case .gun: .go(to: Gun.self)
      }
    }
  }

  /// The superstate `armed`: what both weapons inherit.
  public class Armed: GameCharacterWeaponStateObject {
    /// Drops the weapon.
    public override func drop()
      -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output>
    {
      .go(to: Unarmed.self)
    }

    /// A hit knocks the weapon out of her hands.
    public override func hit()
      -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output>
    {
      .go(to: Unarmed.self, effect: [.weaponLost])
    }
  }

  /// Holding a bow: it fires arrows; a gun replaces it.
  public final class Bow: Armed {
    /// `bow`.
    public override var id: GameCharacter.WeaponLeaf { .bow }

    /// Shows the bow.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showBow) }

    /// Takes a gun instead; another bow changes nothing.
    public override func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
      weapon == .gun ? .go(to: Gun.self) : .ignore
    }

    /// Releases an arrow, unless she is diving.
    public override func fire(
      diving: Bool
    ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.arrowReleased])
    }
  }

  /// Holding a gun: it fires shots; a bow replaces it.
  public final class Gun: Armed {
    /// `gun`.
    public override var id: GameCharacter.WeaponLeaf { .gun }

    /// Shows the gun.
    public override func entry(emit: (GameCharacter.Output) -> Void) { emit(.showGun) }

    /// Takes a bow instead; another gun changes nothing.
    public override func pickUp(
      _ weapon: GameCharacter.Weapon
    ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
      weapon == .bow ? .go(to: Bow.self) : .ignore
    }

    /// Fires a shot, unless she is diving.
    public override func fire(
      diving: Bool
    ) -> Decision<GameCharacterWeaponStateObject.Type, GameCharacter.Output> {
      diving ? .ignore : .stay(effect: [.shotFired])
    }
  }
}
