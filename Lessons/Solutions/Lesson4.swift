// Reference solutions for Lesson 4. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson4 {
  /// Exercise 4.1: each style keeps the counter somewhere else; the nested
  /// switches and the table keep it when the system is not armed, where it
  /// means nothing.
  static func attempts(in machine: any SecuritySystemMachine) -> Int? {
    switch machine {
    case let system as SecuritySystem.StatePattern:
      return (system.current as? SecuritySystem.StatePattern.Armed)?.attempts
    case let system as SecuritySystem.StateClasses:
      return (system.current as? SecuritySystem.StateClasses.Armed)?.attempts
    case let system as SecuritySystem.Enum:
      guard case .armed(_, let attempts) = system else { return nil }
      return attempts
    case let system as SecuritySystem.NestedSwitch:
      return system.state == .armed ? system.attempts : nil
    case let system as SecuritySystem.Table:
      return system.state == .armed ? system.data.attempts : nil
    default:
      return nil
    }
  }
}

/// Exercise 4.2: a bank's security system, which allows only one wrong code
/// while armed. The context is the same as `SecuritySystem.StatePattern`'s,
/// except that it starts in `StrictSystem.Disarmed`: leave it as it is.
struct StrictSystem: SecuritySystemMachine {
  /// The current state object.
  private(set) var current: any SecuritySystemState = Disarmed()

  /// The secret code.
  private let code: String

  /// Creates a disarmed system that opens with `code`.
  init(code: String) {
    self.code = code
  }

  /// The public id of the current state.
  var state: SecuritySystem.State { current.id }

  /// Asks the current state what the event does, then carries it out: exit,
  /// effect, entry, in that order.
  mutating func handle(
    _ event: SecuritySystem.Event, emit: (SecuritySystem.Output) -> Void
  ) -> Outcome<SecuritySystem.State> {
    let decision =
      switch event {
      case .arm: current.arm()
      case .disarm(let entered): current.disarm(code: entered, secret: code, emit: emit)
      case .breach: current.breach()
      case .panic: current.panic()
      case .reset(let entered): current.reset(code: entered, secret: code, emit: emit)
      }
    switch decision {
    case .ignore:
      return .ignored
    case .stay(let effect):
      effect.forEach(emit)
    case .go(let next, let effect):
      current.exit(emit: emit)
      effect.forEach(emit)
      next.entry(emit: emit)
      current = next
    }
    return .fired
  }
}

extension StrictSystem {
  /// Off: arming starts a strict count of attempts.
  struct Disarmed: SecuritySystemState {
    /// `disarmed`.
    var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemDisarmed) }

    /// Arming uses the strict armed state.
    func arm() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Armed())
    }

    /// Panic while disarmed is silent.
    func panic() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: SilentAlarm())
    }
  }

  /// Watching: the bank allows one wrong code; the second raises the alarm.
  struct Armed: SecuritySystemState {
    /// How many wrong codes the bank allows before the next one alarms.
    static let wrongCodesAllowed = 1

    /// Wrong codes since this state was entered.
    private(set) var attempts = 0

    /// `armed`.
    var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemArmed) }

    /// Checks the code; a wrong one counts as an attempt (an internal
    /// transition: `.stay`, not `.ignore`), and the second raises the alarm
    /// and informs the administrator.
    mutating func disarm(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      if SecuritySystem.checkCode(code, secret: secret, emit: emit) {
        return .go(to: Disarmed())
      }
      if attempts + 1 > Self.wrongCodesAllowed {
        return .go(to: Alarm(), effect: [.administratorInformed])
      }
      attempts += 1
      return .stay(effect: [])
    }

    /// A breach sounds the alarm.
    func breach() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Alarm())
    }

    /// Panic while armed sounds the alarm.
    func panic() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Alarm())
    }
  }

  /// The siren sounds until a valid code resets it.
  struct Alarm: SecuritySystemState {
    /// `alarm`.
    var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    func entry(emit: (SecuritySystem.Output) -> Void) { emit(.alarmSounded) }

    /// Stops the siren.
    func exit(emit: (SecuritySystem.Output) -> Void) { emit(.alarmStopped) }

    /// A valid code disarms this system.
    func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }
  }

  /// The police were called without a sound; a valid code resets it.
  struct SilentAlarm: SecuritySystemState {
    /// `silentAlarm`.
    var id: SecuritySystem.State { .silentAlarm }

    /// Calls the police.
    func entry(emit: (SecuritySystem.Output) -> Void) { emit(.policeInformed) }

    /// A valid code disarms this system.
    func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }
  }
}
