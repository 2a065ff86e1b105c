extension SecuritySystem {
  /// The security system written as nested switches.
  ///
  /// The state is a plain tag and the attempt counter a separate property
  /// that only means something while armed. Notice that every transition
  /// writes its own exit and entry outputs: `systemDisarmed` is written three
  /// times, once per way into `disarmed`, and forgetting one would be a bug
  /// the compiler cannot see.
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
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch event {
      case .arm:
        switch state {
        case .disarmed:
          attempts = 0
          state = .armed
          sink.emit(.systemArmed)
          return .fired
        case .armed, .alarm, .silentAlarm:
          return .ignored
        }

      case .disarm(let entered):
        switch state {
        case .armed:
          attempts += 1
          if SecuritySystem.checkCode(entered, secret: code, into: &sink) {
            state = .disarmed
            sink.emit(.systemDisarmed)
            return .fired
          }
          guard attempts > SecuritySystem.wrongCodesAllowed else { return .ignored }
          sink.emit(.administratorInformed)
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm, .silentAlarm:
          return .ignored
        }

      case .breach:
        switch state {
        case .armed:
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm, .silentAlarm:
          return .ignored
        }

      case .panic:
        switch state {
        case .disarmed:
          state = .silentAlarm
          sink.emit(.policeInformed)
          return .fired
        case .armed:
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .alarm, .silentAlarm:
          return .ignored
        }

      case .reset(let entered):
        switch state {
        case .alarm:
          guard SecuritySystem.checkCode(entered, secret: code, into: &sink) else {
            return .ignored
          }
          sink.emit(.alarmStopped)
          state = .disarmed
          sink.emit(.systemDisarmed)
          return .fired
        case .silentAlarm:
          guard SecuritySystem.checkCode(entered, secret: code, into: &sink) else {
            return .ignored
          }
          state = .disarmed
          sink.emit(.systemDisarmed)
          return .fired
        case .disarmed, .armed:
          return .ignored
        }
      }
    }
  }
}
