/// A state of the security system as a type: the State pattern with no state
/// values at all. Each state is a type whose static methods decide, and its
/// context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it does.
/// A type holds no data, so the methods that read or change the attempt
/// counter are handed it by the context.
public protocol SecuritySystemStateType {
  /// The public id of this state.
  static var id: SecuritySystem.State { get }

  /// Decides what arming does here.
  static func arm() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>

  /// Decides what a disarm with `code` does here; a state may count
  /// `attempts`.
  static func disarm(
    code: String, secret: String, attempts: inout Int, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>

  /// Decides what a breach does here.
  static func breach() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>

  /// Decides what the panic button does here.
  static func panic() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>

  /// Decides what a reset with `code` does here.
  static func reset(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>

  /// Runs every time a transition enters this state; a state may start
  /// `attempts` afresh.
  static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (SecuritySystem.Output) -> Void)
}

extension SecuritySystemStateType {
  /// Ignored.
  public static func arm() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Ignored, without checking the code.
  public static func disarm(
    code: String, secret: String, attempts: inout Int, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> { .ignore }

  /// Ignored.
  public static func breach() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Ignored.
  public static func panic() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Ignored, without checking the code.
  public static func reset(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> { .ignore }

  /// Does nothing.
  public static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (SecuritySystem.Output) -> Void) {}
}

extension SecuritySystem {
  /// The security system written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Armed.self` instead of
  /// `Armed()`. A state that holds no data needs no value, and three of the
  /// four hold none. `Armed`'s attempt counter had to move: a type has no
  /// value to keep it in, so the context keeps it and lends it to the
  /// methods that use it. And since no fresh `Armed()` starts it at zero any
  /// more, `Armed`'s entry activity does, on every way in.
  public struct StatePatternTypes: SecuritySystemMachine {
    /// The current state.
    public private(set) var current: any SecuritySystemStateType.Type = Disarmed.self

    /// Disarm attempts since the system was last armed: `Armed`'s data, kept
    /// here because `Armed` is a type, not a value.
    public private(set) var attempts = 0

    /// The secret code.
    private let code: String

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .arm: current.arm()
        case .disarm(let entered):
          current.disarm(code: entered, secret: code, attempts: &attempts, emit: emit)
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
        next.entry(attempts: &attempts, emit: emit)
        current = next
      }
      return .fired
    }
  }
}

extension SecuritySystem.StatePatternTypes {
  /// Off: it can be armed, or the panic button calls the police silently.
  public enum Disarmed: SecuritySystemStateType {
    /// `disarmed`.
    public static var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    public static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void) {
      emit(.systemDisarmed)
    }

    /// Arming starts a fresh count of attempts, in `Armed`'s entry.
    public static func arm() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
      .go(to: Armed.self)
    }

    /// Panic while disarmed is silent.
    public static func panic() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>
    {
      .go(to: SilentAlarm.self)
    }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  public enum Armed: SecuritySystemStateType {
    /// `armed`.
    public static var id: SecuritySystem.State { .armed }

    /// Starts counting attempts afresh and announces that the system is on.
    ///
    /// The specification starts the counter at 0 each time `armed` is
    /// entered. `StatePattern` gets that by building a fresh `Armed()`; a
    /// type has no value to build, so its entry activity says it.
    public static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void) {
      attempts = 0
      emit(.systemArmed)
    }

    /// Checks the code; a wrong one counts as an attempt, and the fourth
    /// raises the alarm and informs the administrator.
    public static func disarm(
      code: String, secret: String, attempts: inout Int, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
      if SecuritySystem.checkCode(code, secret: secret, emit: emit) {
        return .go(to: Disarmed.self)
      }
      if attempts + 1 > SecuritySystem.wrongCodesAllowed {
        return .go(to: Alarm.self, effect: [.administratorInformed])
      }
      attempts += 1
      return .stay(effect: [])
    }

    /// A breach sounds the alarm.
    public static func breach() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>
    {
      .go(to: Alarm.self)
    }

    /// Panic while armed sounds the alarm.
    public static func panic() -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output>
    {
      .go(to: Alarm.self)
    }
  }

  /// The siren sounds until a valid code resets it.
  public enum Alarm: SecuritySystemStateType {
    /// `alarm`.
    public static var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    public static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void) {
      emit(.alarmSounded)
    }

    /// Stops the siren.
    public static func exit(emit: (SecuritySystem.Output) -> Void) { emit(.alarmStopped) }

    /// A valid code disarms the system; a wrong one changes nothing.
    public static func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }
  }

  /// The police were called without a sound; a valid code resets it.
  public enum SilentAlarm: SecuritySystemStateType {
    /// `silentAlarm`.
    public static var id: SecuritySystem.State { .silentAlarm }

    /// Calls the police.
    public static func entry(attempts: inout Int, emit: (SecuritySystem.Output) -> Void) {
      emit(.policeInformed)
    }

    /// A valid code disarms the system; a wrong one changes nothing.
    public static func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemStateType.Type, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }
  }
}
