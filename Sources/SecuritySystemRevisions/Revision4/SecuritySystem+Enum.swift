import StateMachines

extension SecuritySystem {
  /// The security system written as an enum whose cases carry their data.
  ///
  /// Notice `armed(attempts:)`: the counter exists only while armed, so it
  /// can never be stale, and arming always starts it at zero. Entry and exit
  /// activities are written once, as methods of the enum. The struct around
  /// the enum only holds the secret code, which is configuration, not state.
  public struct Enum: SecuritySystemMachine {
    /// The state with its data: this enum is the machine.
    public enum Mode: Hashable, Sendable {
      /// Off.
      case disarmed
      /// Watching, with the disarm attempts made so far.
      case armed(attempts: Int)
      /// The siren is sounding.
      case alarm
    }

    /// The current state and its data.
    public private(set) var mode = Mode.disarmed

    /// The secret code.
    private let code: String

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    public var state: State { mode.id }

    /// Hands the event to the enum, with the code to check against.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      mode.handle(event, secret: code, into: &sink)
    }
  }
}

extension SecuritySystem.Enum.Mode {
  /// The public id of this state.
  public var id: SecuritySystem.State {
    switch self {
    case .disarmed: .disarmed
    case .armed: .armed
    case .alarm: .alarm
    }
  }

  /// Handles one event, checking codes against `secret`: one `switch` over
  /// `(self, event)`.
  public mutating func handle(
    _ event: SecuritySystem.Event, secret: String,
    into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Outcome<SecuritySystem.State> {
    switch (self, event) {
    case (.disarmed, .arm):
      return transition(to: .armed(attempts: 0), into: &sink)
    case (.disarmed, .panic):
      return transition(to: .alarm, into: &sink)

    case (.armed(let attempts), .disarm(let code)):
      if SecuritySystem.checkCode(code, secret: secret, into: &sink) {
        return transition(to: .disarmed, into: &sink)
      }
      guard attempts + 1 > SecuritySystem.wrongCodesAllowed else {
        self = .armed(attempts: attempts + 1)
        return .ignored
      }
      return transition(to: .alarm, effect: .administratorInformed, into: &sink)
    case (.armed, .breach), (.armed, .panic):
      return transition(to: .alarm, into: &sink)

    case (.alarm, .reset(let code)):
      guard SecuritySystem.checkCode(code, secret: secret, into: &sink) else { return .ignored }
      return transition(to: .disarmed, into: &sink)

    case (.disarmed, _), (.armed, _), (.alarm, _):
      return .ignored
    }
  }

  /// Leaves this state for `target`: exit, effect, entry.
  private mutating func transition(
    to target: Self, effect: SecuritySystem.Output? = nil,
    into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Outcome<SecuritySystem.State> {
    exit(into: &sink)
    if let effect { sink.emit(effect) }
    self = target
    entry(into: &sink)
    return .fired
  }

  /// The entry activity of this state.
  private func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
    switch self {
    case .disarmed: sink.emit(.systemDisarmed)
    case .armed: sink.emit(.systemArmed)
    case .alarm: sink.emit(.alarmSounded)
    }
  }

  /// The exit activity of this state.
  private func exit(into sink: inout some OutputSink<SecuritySystem.Output>) {
    switch self {
    case .alarm: sink.emit(.alarmStopped)
    case .disarmed, .armed: break
    }
  }
}
