/// A state of the turnstile in the State pattern: it decides what each event
/// does and returns the transition for its context to carry out.
public protocol TurnstileState: StateActivities where Output == Turnstile.Output {
  /// The public id of this state.
  var id: Turnstile.State { get }

  /// Decides what a coin does here.
  func coin() -> Turnstile.StatePattern.Transition

  /// Decides what pushing through does here.
  func pass() -> Turnstile.StatePattern.Transition
}

extension Turnstile {
  /// The turnstile written with the State pattern: a context and one type
  /// per state.
  ///
  /// Notice where the knowledge lives: `Locked` alone knows what happens when
  /// the turnstile is locked. For two states the pattern is more ceremony
  /// than the other styles; it pays off when states multiply.
  public struct StatePattern: TurnstileMachine {
    /// What a turnstile state returns to its context.
    public typealias Transition = StateMachines.Transition<any TurnstileState, Output>

    /// The current state object.
    public private(set) var current: any TurnstileState = Locked()

    /// Creates a locked turnstile.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      let transition =
        switch event {
        case .coin: current.coin()
        case .pass: current.pass()
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

extension Turnstile.StatePattern {
  /// Closed until a coin is inserted.
  public struct Locked: TurnstileState {
    /// `locked`.
    public var id: Turnstile.State { .locked }

    /// A coin unlocks the arm.
    public func coin() -> Transition { .go(to: Unlocked(), effect: Effect(.unlock)) }

    /// Pushing through a locked arm sounds the alarm.
    public func pass() -> Transition { .go(to: Locked(), effect: Effect(.alarm)) }
  }

  /// Open for one person.
  public struct Unlocked: TurnstileState {
    /// `unlocked`.
    public var id: Turnstile.State { .unlocked }

    /// A second coin earns a thank-you.
    public func coin() -> Transition { .go(to: Unlocked(), effect: Effect(.thankYou)) }

    /// Passing through locks the arm behind the person.
    public func pass() -> Transition { .go(to: Locked(), effect: Effect(.lock)) }
  }
}
