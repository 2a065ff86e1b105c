import StateMachines

extension SecuritySystem {
  /// The security system written as nested switches.
  ///
  /// The state is a plain tag. Notice that every transition writes its own
  /// exit and entry outputs: `systemDisarmed` is written twice, once per way
  /// into `disarmed`, and forgetting one would be a bug the compiler cannot
  /// see.
  public struct NestedSwitch: SecuritySystemMachine {
    /// The current state.
    public private(set) var state: State = .disarmed

    /// The secret code.
    private let code: String

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      self.code = code
    }

    /// Handles one event: a `switch` on the event, then one on the state.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .arm:
        switch state {
        case .disarmed:
          state = .armed
          emit(.systemArmed)
          return .fired
        case .armed, .alarm:
          return .ignored
        }

      case .disarm(let entered):
        switch state {
        case .armed:
          guard SecuritySystem.checkCode(entered, secret: code, emit: emit) else { return .ignored }
          state = .disarmed
          emit(.systemDisarmed)
          return .fired
        case .disarmed, .alarm:
          return .ignored
        }

      case .breach:
        switch state {
        case .armed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm:
          return .ignored
        }

      case .panic:
        switch state {
        case .armed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm:
          return .ignored
        }

      case .reset(let entered):
        switch state {
        case .alarm:
          guard SecuritySystem.checkCode(entered, secret: code, emit: emit) else { return .ignored }
          emit(.alarmStopped)
          state = .disarmed
          emit(.systemDisarmed)
          return .fired
        case .disarmed, .armed:
          return .ignored
        }
      }
    }
  }
}
