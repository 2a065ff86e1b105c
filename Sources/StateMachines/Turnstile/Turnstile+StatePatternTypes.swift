/// A state of the turnstile as a type: the State pattern with no state
/// values at all. Each state is a type whose static methods decide.
public protocol TurnstileStateType {
  /// The public id of this state.
  static var id: Turnstile.State { get }

  /// Decides what a coin does here.
  static func coin() -> Decision<any TurnstileStateType.Type, Turnstile.Output>

  /// Decides what pushing through does here.
  static func pass() -> Decision<any TurnstileStateType.Type, Turnstile.Output>
}

extension Turnstile {
  /// The turnstile written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Locked.self` instead of
  /// `Locked()`. A state that holds no data needs no value; the context
  /// keeps the current state's type, which is copied as freely as an `Int`.
  public struct StatePatternTypes: TurnstileMachine {
    /// The current state.
    public private(set) var current: any TurnstileStateType.Type = Locked.self

    /// Creates a locked turnstile.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out: the
    /// effect, then the switch to the next state (no state here has entry
    /// or exit activities).
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
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
        current = next
      }
      return .fired
    }
  }
}

extension Turnstile.StatePatternTypes {
  /// Closed until a coin is inserted.
  public enum Locked: TurnstileStateType {
    /// `locked`.
    public static var id: Turnstile.State { .locked }

    /// A coin unlocks the arm.
    public static func coin() -> Decision<any TurnstileStateType.Type, Turnstile.Output> {
      .go(to: Unlocked.self, effect: [.unlock])
    }

    /// Pushing through a locked arm sounds the alarm.
    public static func pass() -> Decision<any TurnstileStateType.Type, Turnstile.Output> {
      .go(to: Locked.self, effect: [.alarm])
    }
  }

  /// Open for one person.
  public enum Unlocked: TurnstileStateType {
    /// `unlocked`.
    public static var id: Turnstile.State { .unlocked }

    /// A second coin earns a thank-you.
    public static func coin() -> Decision<any TurnstileStateType.Type, Turnstile.Output> {
      .go(to: Unlocked.self, effect: [.thankYou])
    }

    /// Passing through locks the arm behind the person.
    public static func pass() -> Decision<any TurnstileStateType.Type, Turnstile.Output> {
      .go(to: Locked.self, effect: [.lock])
    }
  }
}
