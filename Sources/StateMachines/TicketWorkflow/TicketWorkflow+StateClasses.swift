/// A state of the ticket as the Gang of Four print it: a class whose method
/// takes no move, and one subclass per state that overrides it with the
/// state's successors.
public class TicketStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: TicketWorkflow.State { fatalError("every subclass names its state") }

  /// Decides what a move to `target` does here: `.go` to the target's class
  /// when this state lists it, `.ignore` (as here) when it does not, which
  /// the context refuses.
  public func moveTo(
    _ target: TicketWorkflow.State
  ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
    .ignore
  }
}

extension TicketWorkflow {
  /// The ticket written with the book's state classes: the context holds the
  /// current state object and delegates each move to it.
  ///
  /// Notice that a state names its successor by class (`Resolved.self`) and
  /// the context makes the object: a new one per move, as the book prints
  /// it, or, created with `sharingStateObjects`, one object per class made
  /// once and reused; these states hold no data, so sharing is safe. The
  /// sources' query only asks the current object for its decision, so it
  /// never makes an object.
  public final class StateClasses: TicketWorkflowMachine {
    /// The current state object.
    public private(set) var current: TicketStateObject = Open()

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [TicketStateObject]

    /// Creates an open ticket.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects =
        sharingStateObjects ? [Open(), Reopened(), InProgress(), Resolved(), Closed()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Whether the current state object takes a move to `target`: its
    /// decision, asked and not carried out.
    public func canTransition(to target: State) -> Bool {
      if case .ignore = current.moveTo(target) { false } else { true }
    }

    /// Delegates the move to the current state object, then carries out its
    /// decision: the effect, then the change of state object.
    ///
    /// - Throws: `Rejection` when the current state object does not take the
    ///   move; nothing changes.
    public func handle(_ event: Event, emit: (Output) -> Void) throws(Rejection) -> Outcome<State> {
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
        current = stateObject(next)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: TicketStateObject.Type) -> TicketStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension TicketWorkflow.StateClasses {
  /// Reported, not yet worked on.
  public final class Open: TicketStateObject {
    /// `open`.
    public override var id: TicketWorkflow.State { .open }

    /// Work starts, or the ticket is resolved or closed at once; an open
    /// ticket cannot be reopened.
    public override func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress.self)
      case .resolved: .go(to: Resolved.self)
      case .closed: .go(to: Closed.self)
      case .open, .reopened: .ignore
      }
    }
  }

  /// Opened again: the same moves as an open ticket.
  public final class Reopened: TicketStateObject {
    /// `reopened`.
    public override var id: TicketWorkflow.State { .reopened }

    /// Work starts again, or the ticket is resolved or closed at once.
    public override func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
      switch target {
      case .inProgress: .go(to: InProgress.self)
      case .resolved: .go(to: Resolved.self)
      case .closed: .go(to: Closed.self)
      case .open, .reopened: .ignore
      }
    }
  }

  /// Being worked on.
  public final class InProgress: TicketStateObject {
    /// `inProgress`.
    public override var id: TicketWorkflow.State { .inProgress }

    /// Work stops, or the fix is done; it cannot be closed before it is
    /// resolved.
    public override func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
      switch target {
      case .open: .go(to: Open.self)
      case .resolved: .go(to: Resolved.self)
      case .reopened, .inProgress, .closed: .ignore
      }
    }
  }

  /// Fixed, waiting to be closed.
  public final class Resolved: TicketStateObject {
    /// `resolved`.
    public override var id: TicketWorkflow.State { .resolved }

    /// The fix is refused, or accepted; no more work without reopening.
    public override func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened.self)
      case .closed: .go(to: Closed.self)
      case .open, .inProgress, .resolved: .ignore
      }
    }
  }

  /// Done.
  public final class Closed: TicketStateObject {
    /// `closed`.
    public override var id: TicketWorkflow.State { .closed }

    /// The only way out is to reopen the ticket.
    public override func moveTo(
      _ target: TicketWorkflow.State
    ) -> Decision<TicketStateObject.Type, TicketWorkflow.Output> {
      switch target {
      case .reopened: .go(to: Reopened.self)
      case .open, .inProgress, .resolved, .closed: .ignore
      }
    }
  }
}
