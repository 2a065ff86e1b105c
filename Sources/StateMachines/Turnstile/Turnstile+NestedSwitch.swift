extension Turnstile {
  /// The turnstile written as nested switches.
  ///
  /// The state is a plain tag and each event is a `switch` on it. Notice that
  /// every cell of the state/event table is a `case` you can point at: for
  /// two states and two events this is the shortest and clearest style.
  public struct NestedSwitch: TurnstileMachine {
    /// The current state.
    public private(set) var state: State = .locked

    /// Creates a locked turnstile.
    public init() {}

    /// Handles one event; every event fires a transition in this machine.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .coin:
        switch state {
        case .locked:
          emit(.unlock)
          state = .unlocked
        case .unlocked:
          emit(.thankYou)
        }
      case .pass:
        switch state {
        case .locked:
          emit(.alarm)
        case .unlocked:
          emit(.lock)
          state = .locked
        }
      }
      return .fired
    }
  }
}
