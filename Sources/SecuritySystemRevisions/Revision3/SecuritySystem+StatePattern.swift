import StateMachines

/// A state of the security system in the State pattern.
///
/// It is composed of smaller protocols: the events it may handle and the
/// activities it may have, each with a default that does nothing, so a state
/// writes only what it does.
public protocol SecuritySystemState: SecuritySystemEvents, StateActivities
where Output == SecuritySystem.Output {
  /// The public id of this state.
  var id: SecuritySystem.State { get }
}

/// The events a security system state may handle; each is ignored by default.
public protocol SecuritySystemEvents {
  /// What a security system state returns to its context.
  typealias Transition = StateMachines.Transition<any SecuritySystemState, SecuritySystem.Output>

  /// Decides what arming does here.
  func arm() -> Transition

  /// Decides what a disarm with `code` does here; a state may count attempts.
  mutating func disarm(
    code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Transition

  /// Decides what a breach does here.
  func breach() -> Transition

  /// Decides what the panic button does here.
  func panic() -> Transition

  /// Decides what a reset with `code` does here.
  func reset(
    code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Transition
}

extension SecuritySystemEvents {
  /// Ignored.
  public func arm() -> Transition { .ignore }

  /// Ignored, without checking the code.
  public func disarm(
    code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Transition { .ignore }

  /// Ignored.
  public func breach() -> Transition { .ignore }

  /// Ignored.
  public func panic() -> Transition { .ignore }

  /// Ignored, without checking the code.
  public func reset(
    code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
  ) -> Transition { .ignore }
}

extension SecuritySystem {
  /// The security system written with the State pattern: a context and one
  /// type per state.
  ///
  /// Notice that `Armed` keeps its own attempt counter, and that entering
  /// `armed` creates a fresh `Armed()`, so the counter restarts at zero with
  /// no code to remember it. Each state lists only the events it handles;
  /// the context runs exit, effect and entry in one place.
  public struct StatePattern: SecuritySystemMachine {
    /// What a security system state returns to its context.
    public typealias Transition = SecuritySystemEvents.Transition

    /// The current state object.
    public private(set) var current: any SecuritySystemState = Disarmed()

    /// The secret code.
    private let code: String

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      let transition =
        switch event {
        case .arm: current.arm()
        case .disarm(let entered): current.disarm(code: entered, secret: code, into: &sink)
        case .breach: current.breach()
        case .panic: current.panic()
        case .reset(let entered): current.reset(code: entered, secret: code, into: &sink)
        }
      return carryOut(consume transition, into: &sink)
    }

    /// Runs exit, effect and entry, in that order, and switches state.
    ///
    /// The transition is `consuming`: it is used once, so the context takes
    /// it over rather than copying it and the state inside it.
    private mutating func carryOut(
      _ transition: consuming Transition, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch consume transition {
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
}

extension SecuritySystem.StatePattern {
  /// Off: it can be armed, or the panic button sounds the alarm.
  public struct Disarmed: SecuritySystemState {
    /// `disarmed`.
    public var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    public func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.systemDisarmed)
    }

    /// Arming starts a fresh count of attempts.
    public func arm() -> Transition { .go(to: Armed()) }

    /// Panic while disarmed sounds the alarm too.
    public func panic() -> Transition { .go(to: Alarm()) }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  public struct Armed: SecuritySystemState {
    /// Disarm attempts since this state was entered: the state's own data.
    public private(set) var attempts = 0

    /// `armed`.
    public var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    public func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.systemArmed)
    }

    /// Counts the attempt, then checks the code; the fourth wrong one raises
    /// the alarm.
    public mutating func disarm(
      code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
    ) -> Transition {
      attempts += 1
      if SecuritySystem.checkCode(code, secret: secret, into: &sink) {
        return .go(to: Disarmed())
      }
      guard attempts > SecuritySystem.wrongCodesAllowed else { return .ignore }
      return .go(to: Alarm())
    }

    /// A breach sounds the alarm.
    public func breach() -> Transition { .go(to: Alarm()) }

    /// Panic while armed sounds the alarm.
    public func panic() -> Transition { .go(to: Alarm()) }
  }

  /// The siren sounds until a valid code resets it.
  public struct Alarm: SecuritySystemState {
    /// `alarm`.
    public var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    public func entry(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.alarmSounded)
    }

    /// Stops the siren.
    public func exit(into sink: inout some OutputSink<SecuritySystem.Output>) {
      sink.emit(.alarmStopped)
    }

    /// Checks the code; a valid one disarms the system.
    public func reset(
      code: String, secret: String, into sink: inout some OutputSink<SecuritySystem.Output>
    ) -> Transition {
      SecuritySystem.checkCode(code, secret: secret, into: &sink) ? .go(to: Disarmed()) : .ignore
    }
  }
}
