import StateMachines

extension GameCharacter {
  /// The game character written as an enum whose cases carry their data,
  /// with nested enums for the superstates.
  ///
  /// Notice `.onGround(.running)`: a superstate is a case whose payload is
  /// the substate, so one pattern, `.onGround(let ground)`, matches every
  /// ground leaf, and a substate that overrides it is a case written above
  /// it (`switch` takes the first that matches). `onGround`'s history is
  /// data too: `.inAir(.jumping, landing: .running)` carries the ground
  /// leaf she jumped from, so it exists only while she is in the air. Her
  /// region is its own enum, and the machine holds it.
  public struct Enum: GameCharacterMachine {
    /// The `movement` region.
    public enum Movement: Hashable, Sendable {
      /// On the ground, in one of its leaves.
      case onGround(Ground)
      /// In the air, with the ground leaf to land in.
      case inAir(Air, landing: Ground)
    }

    /// The leaves of `onGround`.
    public enum Ground: Hashable, Sendable {
      /// Still (initial).
      case standing
      /// Running.
      case running
      /// Crouching.
      case ducking
    }

    /// The leaves of `inAir`.
    public enum Air: Hashable, Sendable {
      /// Rising from a jump (initial).
      case jumping
      /// Diving down.
      case diving
    }

    /// Her movement.
    public private(set) var movement = Movement.onGround(.standing)

    /// Creates a character standing.
    public init() {}

    /// Her leaf.
    public var state: State { State(movement.leaf) }

    /// Handles one event in her region.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let moved = movement.handle(event, emit: emit)
      return moved ? .fired : .ignored
    }
  }
}

extension GameCharacter.Enum.Movement {
  /// Handles one event: one `switch` over `(self, event)`; returns whether
  /// a transition fired.
  mutating func handle(
    _ event: GameCharacter.Event, emit: (GameCharacter.Output) -> Void
  ) -> Bool {
    switch (self, event) {
    case (.onGround(.standing), .run): go(to: .onGround(.running), emit: emit)
    case (.onGround(.standing), .duck): go(to: .onGround(.ducking), emit: emit)
    case (.onGround(.running), .stop): go(to: .onGround(.standing), emit: emit)
    case (.onGround(.ducking), .standUp): go(to: .onGround(.standing), emit: emit)
    // Overrides onGround's jump, so it comes first: a crouch stands up.
    case (.onGround(.ducking), .jump): go(to: .onGround(.standing), emit: emit)
    case (.onGround(let ground), .jump): go(to: .inAir(.jumping, landing: ground), emit: emit)
    case (.inAir(.jumping, let landing), .duck):
      go(to: .inAir(.diving, landing: landing), emit: emit)
    case (.inAir(_, let landing), .land): go(to: .onGround(landing), emit: emit)
    case (.inAir, .hit): go(to: .onGround(.standing), emit: emit)
    case (.onGround, _), (.inAir, _): return false
    }
    return true
  }

  /// Leaves this state for `next`: the exits up to the superstate they
  /// share, innermost first, then the entries down from it, outermost first.
  private mutating func go(to next: Self, emit: (GameCharacter.Output) -> Void) {
    let crossing = !sharesSuperstate(with: next)
    exitLeaf(emit: emit)
    if crossing { exitSuperstate(emit: emit) }
    self = next
    if crossing { enterSuperstate(emit: emit) }
    enterLeaf(emit: emit)
  }

  /// Whether this state and `other` are in the same superstate.
  private func sharesSuperstate(with other: Self) -> Bool {
    switch (self, other) {
    case (.onGround, .onGround), (.inAir, .inAir): true
    case (.onGround, .inAir), (.inAir, .onGround): false
    }
  }

  /// The entry activity of the superstate: `inAir` lifts off.
  private func enterSuperstate(emit: (GameCharacter.Output) -> Void) {
    switch self {
    case .onGround: break
    case .inAir: emit(.liftOff)
    }
  }

  /// The exit activity of the superstate: `inAir` touches down.
  private func exitSuperstate(emit: (GameCharacter.Output) -> Void) {
    switch self {
    case .onGround: break
    case .inAir: emit(.touchDown)
    }
  }

  /// The entry activity of the leaf.
  private func enterLeaf(emit: (GameCharacter.Output) -> Void) {
    switch self {
    case .onGround(.standing): emit(.showStanding)
    case .onGround(.running): emit(.showRunning)
    case .onGround(.ducking): emit(.showDucking)
    case .inAir(.jumping, _): emit(.showJumping)
    case .inAir(.diving, _): emit(.showDiving)
    }
  }

  /// The exit activity of the leaf: a dive ends.
  private func exitLeaf(emit: (GameCharacter.Output) -> Void) {
    switch self {
    case .inAir(.diving, _): emit(.endDive)
    case .onGround, .inAir(.jumping, _): break
    }
  }

  /// The public id of the leaf.
  var leaf: GameCharacter.MovementLeaf {
    switch self {
    case .onGround(.standing): .standing
    case .onGround(.running): .running
    case .onGround(.ducking): .ducking
    case .inAir(.jumping, _): .jumping
    case .inAir(.diving, _): .diving
    }
  }
}
