import StateMachines

extension SecuritySystem {
  /// The security system written as nested switches.
  ///
  /// The state is a plain tag and the attempt counter a separate property
  /// that only means something while armed. Notice that every transition
  /// writes its own exit and entry outputs: `systemDisarmed` is written twice,
  /// once per way into `disarmed`, and forgetting one would be a bug the
  /// compiler cannot see.
  public struct NestedSwitch: SecuritySystemMachine {
    /// The current state.
    public private(set) var state: State = .disarmed

    /// Disarm attempts since the system was last armed.
    public private(set) var attempts = 0

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
          attempts = 0
          emit(.systemArmed)
          return .fired
        case .armed, .alarm:
          return .ignored
        }

      case .disarm(let entered):
        switch state {
        case .armed:
          if SecuritySystem.checkCode(entered, secret: code, emit: emit) {
            state = .disarmed
            emit(.systemDisarmed)
          } else if attempts + 1 > SecuritySystem.wrongCodesAllowed {
            state = .alarm
            emit(.alarmSounded)
          } else {
            attempts += 1
          }
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
        case .disarmed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .armed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .alarm:
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
