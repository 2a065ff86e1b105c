import StateMachines

/// A state of the security system in the State pattern: it decides what each
/// event does, and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it does.
public protocol SecuritySystemState {
  /// The public id of this state.
  var id: SecuritySystem.State { get }

  /// Decides what arming does here.
  func arm() -> Decision<any SecuritySystemState, SecuritySystem.Output>

  /// Decides what a disarm with `code` does here.
  func disarm(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemState, SecuritySystem.Output>

  /// Decides what a breach does here.
  func breach() -> Decision<any SecuritySystemState, SecuritySystem.Output>

  /// Decides what the panic button does here.
  func panic() -> Decision<any SecuritySystemState, SecuritySystem.Output>

  /// Decides what a reset with `code` does here.
  func reset(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemState, SecuritySystem.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (SecuritySystem.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (SecuritySystem.Output) -> Void)
}

extension SecuritySystemState {
  /// Ignored.
  public func arm() -> Decision<any SecuritySystemState, SecuritySystem.Output> { .ignore }

  /// Ignored, without checking the code.
  public func disarm(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemState, SecuritySystem.Output> { .ignore }

  /// Ignored.
  public func breach() -> Decision<any SecuritySystemState, SecuritySystem.Output> { .ignore }

  /// Ignored.
  public func panic() -> Decision<any SecuritySystemState, SecuritySystem.Output> { .ignore }

  /// Ignored, without checking the code.
  public func reset(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<any SecuritySystemState, SecuritySystem.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (SecuritySystem.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (SecuritySystem.Output) -> Void) {}
}

extension SecuritySystem {
  /// The security system written with the State pattern: a context and one
  /// type per state.
  ///
  /// Notice that each state lists only the events it handles; the context
  /// runs exit, effect and entry in one place.
  public struct StatePattern: SecuritySystemMachine {
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

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
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
}

extension SecuritySystem.StatePattern {
  /// Off: it can only be armed.
  public struct Disarmed: SecuritySystemState {
    /// `disarmed`.
    public var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    public func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemDisarmed) }

    /// Arming turns the system on.
    public func arm() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Armed())
    }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  public struct Armed: SecuritySystemState {
    /// `armed`.
    public var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    public func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemArmed) }

    /// A valid code disarms the system; a wrong one changes nothing.
    public func disarm(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }

    /// A breach sounds the alarm.
    public func breach() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Alarm())
    }

    /// Panic while armed sounds the alarm.
    public func panic() -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      .go(to: Alarm())
    }
  }

  /// The siren sounds until a valid code resets it.
  public struct Alarm: SecuritySystemState {
    /// `alarm`.
    public var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    public func entry(emit: (SecuritySystem.Output) -> Void) { emit(.alarmSounded) }

    /// Stops the siren.
    public func exit(emit: (SecuritySystem.Output) -> Void) { emit(.alarmStopped) }

    /// A valid code disarms the system; a wrong one changes nothing.
    public func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<any SecuritySystemState, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }
  }
}
