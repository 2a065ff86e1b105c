/// A state of the ticket as a type: the State pattern with no state values
/// at all. Each state is a type whose static method decides where a move
/// leads, and its context carries the decision out.
///
/// A state allows no move unless it says otherwise (the extension below), so
/// a state writes only its successors.
public protocol TicketStateType {
  /// The public id of this state.
  static var id: TicketWorkflow.State { get }

  /// Decides what a move to `target` does here: `.go` to the target's type
  /// when this state lists it, `.ignore` when it does not, which the context
  /// refuses.
  static func moveTo(
    _ target: TicketWorkflow.State
  ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output>
}

extension TicketStateType {
  /// Lists no successor.
  public static func moveTo(
    _ target: TicketWorkflow.State
  ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
    .ignore
  }
}

extension TicketWorkflow {
  /// The ticket written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Resolved.self` instead of
  /// `Resolved()`, and nothing else. No state of the ticket holds data, so
  /// none needs a value: the context keeps the current state's type, which
  /// is copied as freely as an `Int`, and asks it for its decision, to
  /// carry it out or, for `canTransition(to:)`, only to look at it.
  public struct StatePatternTypes: TicketWorkflowMachine {
    /// The current state.
    public private(set) var current: any TicketStateType.Type = Open.self

    /// Creates an open ticket.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Whether the current state takes a move to `target`: its decision,
    /// asked and not carried out.
    public func canTransition(to target: State) -> Bool {
      if case .ignore = current.moveTo(target) { false } else { true }
    }

    /// Asks the current state what the move does, then carries it out: the
    /// effect, then the switch to the next state (no state here has entry
    /// or exit activities).
    ///
    /// - Throws: `Rejection` when the current state does not take the move;
    ///   nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let decision =
        switch event {
        case .moveTo(let target): current.moveTo(target)
        }
      switch decision {
      case .ignore:
        throw TicketWorkflow.forbiddenMove(from: state, to: event.target)
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

extension TicketWorkflow.StatePatternTypes {
  /// Reported, not yet worked on.
  public enum Open: TicketStateType {
    /// `open`.
    public static var id: TicketWorkflow.State { .open }

    /// Work starts, or the ticket is resolved or closed at once; an open
    /// ticket cannot be reopened.
    public static func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress.self)
      case .resolved: .go(to: Resolved.self)
      case .closed: .go(to: Closed.self)
      case .open, .reopened: .ignore
      }
    }
  }

  /// Opened again: the same moves as an open ticket.
  public enum Reopened: TicketStateType {
    /// `reopened`.
    public static var id: TicketWorkflow.State { .reopened }

    /// Work starts again, or the ticket is resolved or closed at once.
    public static func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress.self)
      case .resolved: .go(to: Resolved.self)
      case .closed: .go(to: Closed.self)
      case .open, .reopened: .ignore
      }
    }
  }

  /// Being worked on.
  public enum InProgress: TicketStateType {
    /// `inProgress`.
    public static var id: TicketWorkflow.State { .inProgress }

    /// Work stops, or the fix is done; it cannot be closed before it is
    /// resolved.
    public static func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
      switch target {
      case .open: .go(to: Open.self)
      case .resolved: .go(to: Resolved.self)
      case .reopened, .inProgress, .closed: .ignore
      }
    }
  }

  /// Fixed, waiting to be closed.
  public enum Resolved: TicketStateType {
    /// `resolved`.
    public static var id: TicketWorkflow.State { .resolved }

    /// The fix is refused, or accepted; no more work without reopening.
    public static func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened.self)
      case .closed: .go(to: Closed.self)
      case .open, .inProgress, .resolved: .ignore
      }
    }
  }

  /// Done.
  public enum Closed: TicketStateType {
    /// `closed`.
    public static var id: TicketWorkflow.State { .closed }

    /// The only way out is to reopen the ticket.
    public static func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketStateType.Type, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened.self)
      case .open, .inProgress, .resolved, .closed: .ignore
      }
    }
  }
}
