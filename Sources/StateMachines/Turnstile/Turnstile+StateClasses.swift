/// A state of the turnstile as the Gang of Four print it: a class whose
/// methods ignore every event, and one subclass per state that overrides
/// what that state handles.
public class TurnstileStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: Turnstile.State { fatalError("every subclass names its state") }

  /// Decides what a coin does here; ignored unless a subclass says otherwise.
  public func coin() -> Decision<TurnstileStateObject.Type, Turnstile.Output> { .ignore }

  /// Decides what pushing through does here; ignored unless a subclass says
  /// otherwise.
  public func pass() -> Decision<TurnstileStateObject.Type, Turnstile.Output> { .ignore }
}

extension Turnstile {
  /// The turnstile written with the book's state classes: the context holds
  /// the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class (`Unlocked.self`), and
  /// the context makes the object. As the book prints it, that is a new
  /// object on every transition; created with `sharingStateObjects`, the
  /// context makes each one once and reuses it, as the book suggests for
  /// states that hold no data of their own.
  public final class StateClasses: TurnstileMachine {
    /// The current state object.
    public private(set) var current: TurnstileStateObject = Locked()

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [TurnstileStateObject]

    /// Creates a locked turnstile.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects = sharingStateObjects ? [Locked(), Unlocked()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: the effect, then the change of state object.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .coin: current.coin()
        case .pass: current.pass()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        current = stateObject(next)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: TurnstileStateObject.Type) -> TurnstileStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension Turnstile.StateClasses {
  /// Closed until a coin is inserted.
  public final class Locked: TurnstileStateObject {
    /// `locked`.
    public override var id: Turnstile.State { .locked }

    /// A coin unlocks the arm.
    public override func coin() -> Decision<TurnstileStateObject.Type, Turnstile.Output> {
      .go(to: Unlocked.self, effect: [.unlock])
    }

    /// Pushing through a locked arm sounds the alarm.
    public override func pass() -> Decision<TurnstileStateObject.Type, Turnstile.Output> {
      .go(to: Locked.self, effect: [.alarm])
    }
  }

  /// Open for one person.
  public final class Unlocked: TurnstileStateObject {
    /// `unlocked`.
    public override var id: Turnstile.State { .unlocked }

    /// A second coin earns a thank-you.
    public override func coin() -> Decision<TurnstileStateObject.Type, Turnstile.Output> {
      .go(to: Unlocked.self, effect: [.thankYou])
    }

    /// Passing through locks the arm behind the person.
    public override func pass() -> Decision<TurnstileStateObject.Type, Turnstile.Output> {
      .go(to: Locked.self, effect: [.lock])
    }
  }
}
