// Lesson 4's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 4
// (see Lessons/04-state-pattern.md, "Exercises").
import StateMachines

enum Lesson4 {
  /// Exercise 4.1: the disarm attempts made since `machine` was armed, in any
  /// of the three styles, or `nil` when it is not armed.
  static func attempts(in machine: any SecuritySystemMachine) -> Int? {
    // TODO: look inside SecuritySystem.StatePattern, .Enum and .NestedSwitch.
    nil
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
    /// `armed`.
    var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.systemArmed)
    }

    // TODO: disarm(code:secret:into:): a valid code disarms; the second wrong
    // code raises the alarm and informs the administrator.

    /// A breach sounds the alarm.
    func breach() -> Transition { .go(to: Alarm()) }

    /// Panic while armed sounds the alarm.
    func panic() -> Transition { .go(to: Alarm()) }
  }

  /// The siren sounds until a valid code resets it.
  struct Alarm: ResetWithCode {
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
  struct SilentAlarm: ResetWithCode {
    /// `silentAlarm`.
    var id: SecuritySystem.State { .silentAlarm }

    /// Calls the police.
    func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.policeInformed)
    }
  }
}
