import StateMachines

extension SecuritySystem {
  /// The security system written as an enum whose cases carry their data.
  ///
  /// Notice `armed(attempts:)`: the counter exists only while armed, so it
  /// can never be stale, and arming always starts it at zero. Every case
  /// also carries the secret code: the enum is the whole machine, so what
  /// the machine knows must travel with each state. Entry and exit
  /// activities are written once, as methods of the enum.
  public enum Enum: SecuritySystemMachine {
    /// Off.
    case disarmed(code: String)
    /// Watching, with the disarm attempts made so far.
    case armed(code: String, attempts: Int)
    /// The siren is sounding.
    case alarm(code: String)

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      self = .disarmed(code: code)
    }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .disarmed: .disarmed
      case .armed: .armed
      case .alarm: .alarm
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.disarmed(let code), .arm):
        transition(to: .armed(code: code, attempts: 0), emit: emit)
      case (.disarmed(let code), .panic):
        transition(to: .alarm(code: code), emit: emit)

      case (.armed(let code, let attempts), .disarm(let entered)):
        if SecuritySystem.checkCode(entered, secret: code, emit: emit) {
          transition(to: .disarmed(code: code), emit: emit)
        } else if attempts + 1 > SecuritySystem.wrongCodesAllowed {
          transition(to: .alarm(code: code), emit: emit)
        } else {
          self = .armed(code: code, attempts: attempts + 1)
        }
      case (.armed(let code, _), .breach), (.armed(let code, _), .panic):
        transition(to: .alarm(code: code), emit: emit)

      case (.alarm(let code), .reset(let entered)):
        guard SecuritySystem.checkCode(entered, secret: code, emit: emit) else { return .ignored }
        transition(to: .disarmed(code: code), emit: emit)

      case (.disarmed, _), (.armed, _), (.alarm, _):
        return .ignored
      }
      return .fired
    }

    /// Leaves this state for `next`: exit, then entry.
    private mutating func transition(to next: Self, emit: (Output) -> Void) {
      exit(emit: emit)
      self = next
      entry(emit: emit)
    }

    /// The entry activity of this state.
    private func entry(emit: (Output) -> Void) {
      switch self {
      case .disarmed: emit(.systemDisarmed)
      case .armed: emit(.systemArmed)
      case .alarm: emit(.alarmSounded)
      }
    }

    /// The exit activity of this state.
    private func exit(emit: (Output) -> Void) {
      switch self {
      case .alarm: emit(.alarmStopped)
      case .disarmed, .armed: break
      }
    }
  }
}
