import StateMachines

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

extension GameCharacter {
  /// The game character written with the State pattern: a context holding
  /// her state, and one type per leaf.
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

    /// Creates a character standing.
    public init() {}

    /// Her leaf.
    public var state: State { State(movement.id) }

    /// Offers the event to her region.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let moved = handleMovement(event, emit: emit)
      return moved ? .fired : .ignored
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

  /// Running: she can stop.
  public struct Running: GameCharacterOnGround {
    /// `running`.
    public var id: GameCharacter.MovementLeaf { .running }

    /// Shows her running.
    public func entry(emit: (GameCharacter.Output) -> Void) { emit(.showRunning) }

    /// Stops.
    public func stop() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
      .go(to: Standing())
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
}
