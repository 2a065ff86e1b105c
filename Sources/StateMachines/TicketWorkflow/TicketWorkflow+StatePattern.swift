/// A state of the ticket in the State pattern: it decides where each move
/// leads, and its context carries the decision out.
///
/// A state allows no move unless it says otherwise (the extension below), so
/// a state writes only its successors.
public protocol TicketState {
  /// The public id of this state.
  var id: TicketWorkflow.State { get }

  /// Decides what a move to `target` does here: `.go` to the target's state
  /// when this state lists it, `.ignore` when it does not, which the context
  /// refuses.
  func moveTo(_ target: TicketWorkflow.State) -> Decision<any TicketState, TicketWorkflow.Output>
}

extension TicketState {
  /// Lists no successor.
  public func moveTo(
    _ target: TicketWorkflow.State
  ) -> Decision<any TicketState, TicketWorkflow.Output> {
    .ignore
  }
}

extension TicketWorkflow {
  /// The ticket written with the State pattern: a context and one type per
  /// state.
  ///
  /// Notice that each state lists its own successors, in a `switch` on the
  /// target that names the next state's value (`.go(to: Resolved())`), and
  /// that the sources' query is answered by asking the current state for its
  /// decision without carrying it out. Nothing is ignored in this machine: a
  /// move that no state takes is refused, once, in the context.
  public struct StatePattern: TicketWorkflowMachine {
    /// The current state object.
    public private(set) var current: any TicketState = Open()

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

extension TicketWorkflow.StatePattern {
  /// Reported, not yet worked on.
  public struct Open: TicketState {
    /// `open`.
    public var id: TicketWorkflow.State { .open }

    /// Work starts, or the ticket is resolved or closed at once; an open
    /// ticket cannot be reopened.
    public func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketState, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress())
      case .resolved: .go(to: Resolved())
      case .closed: .go(to: Closed())
      case .open, .reopened: .ignore
      }
    }
  }

  /// Opened again: the same moves as an open ticket.
  public struct Reopened: TicketState {
    /// `reopened`.
    public var id: TicketWorkflow.State { .reopened }

    /// Work starts again, or the ticket is resolved or closed at once.
    public func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketState, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress())
      case .resolved: .go(to: Resolved())
      case .closed: .go(to: Closed())
      case .open, .reopened: .ignore
      }
    }
  }

  /// Being worked on.
  public struct InProgress: TicketState {
    /// `inProgress`.
    public var id: TicketWorkflow.State { .inProgress }

    /// Work stops, or the fix is done; it cannot be closed before it is
    /// resolved.
    public func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketState, TicketWorkflow.Output> {
      switch target {
      case .open: .go(to: Open())
      case .resolved: .go(to: Resolved())
      case .reopened, .inProgress, .closed: .ignore
      }
    }
  }

  /// Fixed, waiting to be closed.
  public struct Resolved: TicketState {
    /// `resolved`.
    public var id: TicketWorkflow.State { .resolved }

    /// The fix is refused, or accepted; no more work without reopening.
    public func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketState, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened())
      case .closed: .go(to: Closed())
      case .open, .inProgress, .resolved: .ignore
      }
    }
  }

  /// Done.
  public struct Closed: TicketState {
    /// `closed`.
    public var id: TicketWorkflow.State { .closed }

    /// The only way out is to reopen the ticket.
    public func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<any TicketState, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened())
      case .open, .inProgress, .resolved, .closed: .ignore
      }
    }
  }
}
