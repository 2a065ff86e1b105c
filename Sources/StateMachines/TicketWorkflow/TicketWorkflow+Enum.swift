extension TicketWorkflow {
  /// The ticket written as an enum that is its own machine.
  ///
  /// Notice `next(after:)`: one `switch` over `(self, event)` with a case
  /// per transition, eleven lines that read like the specification's table
  /// of transitions, and a last case for every other move, which the table
  /// forbids. Both `canTransition(to:)` and `handle` ask that one switch, so
  /// the query and the move cannot disagree.
  public enum Enum: TicketWorkflowMachine {
    /// Reported, not yet worked on.
    case open
    /// Opened again.
    case reopened
    /// Being worked on.
    case inProgress
    /// Fixed, waiting to be closed.
    case resolved
    /// Done.
    case closed

    /// Creates an open ticket.
    public init() { self = .open }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .open: .open
      case .reopened: .reopened
      case .inProgress: .inProgress
      case .resolved: .resolved
      case .closed: .closed
      }
    }

    /// Whether the table allows a move to `target`: whether the switch has
    /// a case for it.
    public func canTransition(to target: State) -> Bool {
      next(after: .moveTo(target)) != nil
    }

    /// Handles one event: the case of the switch, or a refusal.
    ///
    /// - Throws: `Rejection` when the table does not allow the move; nothing
    ///   changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      guard let next = next(after: event) else {
        throw TicketWorkflow.forbiddenMove(from: state, to: event.target)
      }
      self = next
      return .fired
    }

    /// The ticket after `event`, or `nil` when the table does not allow the
    /// move: one `switch` over `(self, event)`, in the order of the table.
    private func next(after event: Event) -> Self? {
      switch (self, event) {
      case (.open, .moveTo(.inProgress)): .inProgress
      case (.open, .moveTo(.resolved)): .resolved
      case (.open, .moveTo(.closed)): .closed
      case (.reopened, .moveTo(.inProgress)): .inProgress
      case (.reopened, .moveTo(.resolved)): .resolved
      case (.reopened, .moveTo(.closed)): .closed
      case (.inProgress, .moveTo(.open)): .open
      case (.inProgress, .moveTo(.resolved)): .resolved
      case (.resolved, .moveTo(.reopened)): .reopened
      case (.resolved, .moveTo(.closed)): .closed
      case (.closed, .moveTo(.reopened)): .reopened
      case (_, .moveTo):
        // Every move the table does not list, a move to the current state
        // included.
        nil
      }
    }
  }
}
