import StateMachines

extension SecuritySystem {
  /// The security system written as an enum, one case per state.
  ///
  /// Entry and exit activities are written once, as methods of the enum. The
  /// struct around the enum only holds the secret code, which is
  /// configuration, not state.
  public struct Enum: SecuritySystemMachine {
    /// The state: this enum is the machine.
    public enum Mode: Hashable, Sendable {
      /// Off.
      case disarmed
      /// Watching.
      case armed
      /// The siren is sounding.
      case alarm
    }

    /// The current state.
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
      return transition(to: .armed, into: &sink)
    case (.disarmed, .panic):
      return transition(to: .alarm, into: &sink)

    case (.armed, .disarm(let code)):
      guard SecuritySystem.checkCode(code, secret: secret, into: &sink) else { return .ignored }
      return transition(to: .disarmed, into: &sink)
    case (.armed, .breach), (.armed, .panic):
      return transition(to: .alarm, into: &sink)

    case (.alarm, .reset(let code)):
      guard SecuritySystem.checkCode(code, secret: secret, into: &sink) else { return .ignored }
      return transition(to: .disarmed, into: &sink)

    case (.disarmed, _), (.armed, _), (.alarm, _):
      return .ignored
    }
  }

  /// Leaves this state for `target`: exit, then entry.
  private mutating func transition(
    to target: Self, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Outcome<SecuritySystem.State> {
    exit(into: &sink)
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
