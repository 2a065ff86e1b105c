import StateMachines

/// A state of the security system as the Gang of Four print it: a class
/// whose methods ignore every event and whose activities do nothing, and one
/// subclass per state that overrides what that state does.
public class SecuritySystemStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: SecuritySystem.State { fatalError("every subclass names its state") }

  /// Decides what arming does here.
  public func arm() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Decides what a disarm with `code` does here.
  public func disarm(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> { .ignore }

  /// Decides what a breach does here.
  public func breach() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Decides what the panic button does here.
  public func panic() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
    .ignore
  }

  /// Decides what a reset with `code` does here.
  public func reset(
    code: String, secret: String, emit: (SecuritySystem.Output) -> Void
  ) -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> { .ignore }

  /// Runs every time a transition enters this state.
  public func entry(emit: (SecuritySystem.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (SecuritySystem.Output) -> Void) {}
}

extension SecuritySystem {
  /// The security system written with the book's state classes: the context
  /// holds the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class (`Alarm.self`) and the
  /// context makes the object: a new one per transition, as the book prints
  /// it, or, created with `sharingStateObjects`, one object per class made
  /// once and reused.
  public final class StateClasses: SecuritySystemMachine {
    /// The current state object.
    public private(set) var current: SecuritySystemStateObject = Disarmed()

    /// The secret code.
    private let code: String

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [SecuritySystemStateObject]

    /// Creates a disarmed system that opens with `code`.
    public init(code: String, sharingStateObjects: Bool = false) {
      self.code = code
      sharedStateObjects = sharingStateObjects ? [Disarmed(), Armed(), Alarm()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: exit, effect, entry, in that order.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
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
        current = stateObject(next)
        current.entry(emit: emit)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: SecuritySystemStateObject.Type) -> SecuritySystemStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension SecuritySystem.StateClasses {
  /// Off: it can only be armed.
  public final class Disarmed: SecuritySystemStateObject {
    /// `disarmed`.
    public override var id: SecuritySystem.State { .disarmed }

    /// Announces that the system is off.
    public override func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemDisarmed) }

    /// Arming turns the system on.
    public override func arm() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
      .go(to: Armed.self)
    }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  public final class Armed: SecuritySystemStateObject {
    /// `armed`.
    public override var id: SecuritySystem.State { .armed }

    /// Announces that the system is on.
    public override func entry(emit: (SecuritySystem.Output) -> Void) { emit(.systemArmed) }

    /// A valid code disarms the system; a wrong one changes nothing.
    public override func disarm(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }

    /// A breach sounds the alarm.
    public override func breach() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output>
    {
      .go(to: Alarm.self)
    }

    /// Panic while armed sounds the alarm.
    public override func panic() -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output>
    {
      .go(to: Alarm.self)
    }
  }

  /// The siren sounds until a valid code resets it.
  public final class Alarm: SecuritySystemStateObject {
    /// `alarm`.
    public override var id: SecuritySystem.State { .alarm }

    /// Starts the siren.
    public override func entry(emit: (SecuritySystem.Output) -> Void) { emit(.alarmSounded) }

    /// Stops the siren.
    public override func exit(emit: (SecuritySystem.Output) -> Void) { emit(.alarmStopped) }

    /// A valid code disarms the system; a wrong one changes nothing.
    public override func reset(
      code: String, secret: String, emit: (SecuritySystem.Output) -> Void
    ) -> Decision<SecuritySystemStateObject.Type, SecuritySystem.Output> {
      SecuritySystem.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }
  }
}
