extension Door {
  /// The door written as nested switches.
  ///
  /// The state is a plain tag and each event is a `switch` on it. Notice that
  /// every cell of the state/event table is a `case` you can point at, and that
  /// every transition writes the exit and entry outputs of its states itself:
  /// forgetting one would be a bug the compiler cannot see.
  public struct NestedSwitch: DoorMachine {
    /// The current state.
    public private(set) var state: State = .closed

    /// Creates a new door, in `closed`.
    public init() {}

    /// Handles one event: a `switch` on the event, then one on the state.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .open:
        switch state {
        case .closed:
          emit(.swing)
          state = .opened
          return .fired
        case .opened, .locked:
          return .ignored
        }

      case .close:
        switch state {
        case .opened:
          state = .closed
          return .fired
        case .closed, .locked:
          return .ignored
        }

      case .lock:
        switch state {
        case .closed:
          emit(.bolt)
          state = .locked
          emit(.lockLight)
          return .fired
        case .opened, .locked:
          return .ignored
        }

      case .unlock(let code):
        switch state {
        case .locked:
          guard Door.codeMatches(code) else { return .ignored }
          emit(.unbolt)
          state = .closed
          return .fired
        case .closed, .opened:
          return .ignored
        }
      }
    }
  }
}
