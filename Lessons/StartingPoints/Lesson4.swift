// Lesson 4's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 4
// (see Lessons/04-state-pattern.md, "Exercises").
import StateMachines

enum Lesson4 {
  /// Exercise 4.1: the disarm attempts made since `machine` was armed, in any
  /// of the five styles, or `nil` when it is not armed.
  static func attempts(in machine: any SecuritySystemMachine) -> Int? {
    // TODO: look inside SecuritySystem.StatePattern, .StateClasses, .Enum, .NestedSwitch
    // and .Table.
    nil
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
    /// `armed`.
    var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemArmed) }

    // TODO: disarm(code:secret:emit:): a valid code disarms; a wrong one counts
    // an attempt, and the second wrong code raises the alarm and informs the
    // administrator.

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
