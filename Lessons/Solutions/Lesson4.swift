// Reference solutions for Lesson 4. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson4 {
  /// Exercise 4.1: each style keeps the counter somewhere else; only the
  /// nested switches keep it when the system is not armed, where it means
  /// nothing.
  static func attempts(in machine: any SecuritySystemMachine) -> Int? {
    switch machine {
    case let system as SecuritySystem.StatePattern:
      return (system.current as? SecuritySystem.StatePattern.Armed)?.attempts
    case let system as SecuritySystem.Enum:
      guard case .armed(let attempts) = system.mode else { return nil }
      return attempts
    case let system as SecuritySystem.NestedSwitch:
      return system.state == .armed ? system.attempts : nil
    default:
      return nil
    }
  }
}

/// Exercise 4.2: a bank's security system, which allows only one wrong code
/// while armed. The context is the same as `SecuritySystem.StatePattern`'s,
/// except that it starts in `StrictSystem.Disarmed`: leave it as it is.
struct StrictSystem: SecuritySystemMachine {
  /// What a security system state returns to its context.
  typealias Transition = SecuritySystemEvents.Transition

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

  /// Asks the current state what the event does, then carries it out.
  mutating func handle(
    _ event: SecuritySystem.Event, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Outcome<SecuritySystem.State> {
    let transition =
      switch event {
      case .arm: current.arm()
      case .disarm(let entered): current.disarm(code: entered, secret: code, into: &sink)
      case .breach: current.breach()
      case .panic: current.panic()
      case .reset(let entered): current.reset(code: entered, secret: code, into: &sink)
      }
    return carryOut(transition, into: &sink)
  }

  /// Runs exit, effect and entry, in that order, and switches state.
  private mutating func carryOut(
    _ transition: Transition, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Outcome<SecuritySystem.State> {
    switch transition {
    case .ignore:
      return .ignored
    case .stay(let effect):
      effect.emit(into: &sink)
      return .fired
    case .go(let target, let effect):
      current.exit(into: &sink)
      effect.emit(into: &sink)
      target.entry(into: &sink)
      current = target
      return .fired
    }
  }
}

extension StrictSystem {
  /// Off: arming starts a strict count of attempts.
  struct Disarmed: SecuritySystemState {
    /// `disarmed`.
    var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.systemDisarmed)
    }

    /// Arming uses the strict armed state.
    func arm() -> Transition { .go(to: Armed()) }

    /// Panic while disarmed is silent.
    func panic() -> Transition { .go(to: SilentAlarm()) }
  }

  /// Watching: the bank allows one wrong code; the second raises the alarm.
  struct Armed: SecuritySystemState {
    /// How many wrong codes the bank allows before the next one alarms.
    static let wrongCodesAllowed = 1

    /// Disarm attempts since this state was entered.
    private(set) var attempts = 0

    /// `armed`.
    var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.systemArmed)
    }

    /// Counts the attempt, then checks the code; the second wrong one raises
    /// the alarm and informs the administrator.
    mutating func disarm(
      code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
    ) -> Transition {
      attempts += 1
      if SecuritySystem.checkCode(code, secret: secret, into: &sink) {
        return .go(to: Disarmed())
      }
      guard attempts > Self.wrongCodesAllowed else { return .ignore }
      return .go(to: Alarm(), effect: Effect(.administratorInformed))
    }

    /// A breach sounds the alarm.
    func breach() -> Transition { .go(to: Alarm()) }

    /// Panic while armed sounds the alarm.
    func panic() -> Transition { .go(to: Alarm()) }
  }

  /// The siren sounds until a valid code resets it.
  struct Alarm: StrictResetWithCode {
    /// `alarm`.
    var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.alarmSounded)
    }

    /// Stops the siren.
    func exit(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.alarmStopped)
    }
  }

  /// The police were called without a sound; a valid code resets it.
  struct SilentAlarm: StrictResetWithCode {
    /// `silentAlarm`.
    var id: SecuritySystem.State { .silentAlarm }

    /// Calls the police.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.policeInformed)
    }
  }
}

/// Both alarms reset to *this* system's disarmed state. The library's
/// `ResetWithCode` would create the library's `Disarmed`, which arms the
/// library's `Armed`, which allows three wrong codes.
protocol StrictResetWithCode: SecuritySystemState {}

extension StrictResetWithCode {
  /// Checks the code; a valid one disarms the strict system.
  func reset(
    code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Transition {
    SecuritySystem.checkCode(code, secret: secret, into: &sink)
      ? .go(to: StrictSystem.Disarmed()) : .ignore
  }
}
