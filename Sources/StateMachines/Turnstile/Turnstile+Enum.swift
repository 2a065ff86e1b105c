extension Turnstile {
  /// The turnstile written as an enum that is its own machine.
  ///
  /// Notice the single `switch` over `(self, event)`: the transition table
  /// reads row by row, and the compiler checks that no pair is forgotten.
  public enum Enum: TurnstileMachine {
    /// Closed until a coin is inserted.
    case locked
    /// Open for one person.
    case unlocked

    /// Creates a locked turnstile.
    public init() { self = .locked }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .locked: .locked
      case .unlocked: .unlocked
      }
    }

    /// Handles one event; every event fires a transition in this machine.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.locked, .coin):
        emit(.unlock)
        self = .unlocked
      case (.locked, .pass):
        emit(.alarm)
      case (.unlocked, .coin):
        emit(.thankYou)
      case (.unlocked, .pass):
        emit(.lock)
        self = .locked
      }
      return .fired
    }
  }
}
