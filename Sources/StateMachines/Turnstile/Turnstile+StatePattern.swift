/// A state of the turnstile in the State pattern: it decides what each event
/// does, and its context carries the decision out.
public protocol TurnstileState {
  /// The public id of this state.
  var id: Turnstile.State { get }

  /// Decides what a coin does here.
  func coin() -> Decision<any TurnstileState, Turnstile.Output>

  /// Decides what pushing through does here.
  func pass() -> Decision<any TurnstileState, Turnstile.Output>
}

extension Turnstile {
  /// The turnstile written with the State pattern: a context and one type
  /// per state.
  ///
  /// Notice where the knowledge lives: `Locked` alone knows what happens when
  /// the turnstile is locked. For two states the pattern is more ceremony
  /// than the other styles; it pays off when states multiply.
  public struct StatePattern: TurnstileMachine {
    /// The current state object.
    public private(set) var current: any TurnstileState = Locked()

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

extension Turnstile.StatePattern {
  /// Closed until a coin is inserted.
  public struct Locked: TurnstileState {
    /// `locked`.
    public var id: Turnstile.State { .locked }

    /// A coin unlocks the arm.
    public func coin() -> Decision<any TurnstileState, Turnstile.Output> {
      .go(to: Unlocked(), effect: [.unlock])
    }

    /// Pushing through a locked arm sounds the alarm.
    public func pass() -> Decision<any TurnstileState, Turnstile.Output> {
      .go(to: Locked(), effect: [.alarm])
    }
  }

  /// Open for one person.
  public struct Unlocked: TurnstileState {
    /// `unlocked`.
    public var id: Turnstile.State { .unlocked }

    /// A second coin earns a thank-you.
    public func coin() -> Decision<any TurnstileState, Turnstile.Output> {
      .go(to: Unlocked(), effect: [.thankYou])
    }

    /// Passing through locks the arm behind the person.
    public func pass() -> Decision<any TurnstileState, Turnstile.Output> {
      .go(to: Locked(), effect: [.lock])
    }
  }
}
