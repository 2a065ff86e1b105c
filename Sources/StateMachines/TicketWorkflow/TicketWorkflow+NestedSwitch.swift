extension TicketWorkflow {
  /// The ticket written as nested switches.
  ///
  /// The state is a plain tag. Notice `canTransition(to:)`: a `switch` on
  /// the state, then one on the target, so each of the twenty-five (state,
  /// target) cells is decided in a `case` you can point at, and the compiler
  /// checks that none is forgotten. `handle` only asks it: the target is the
  /// next state, so the one question a move raises is whether it is allowed.
  public struct NestedSwitch: TicketWorkflowMachine {
    /// The current state.
    public private(set) var state: State = .open

    /// Creates an open ticket.
    public init() {}

    /// Whether the current state's row lists `target`: a switch on the
    /// state, then on the target.
    public func canTransition(to target: State) -> Bool {
      switch state {
      case .open, .reopened:
        switch target {
        case .inProgress, .resolved, .closed: true
        case .open, .reopened: false
        }
      case .inProgress:
        switch target {
        case .open, .resolved: true
        case .reopened, .inProgress, .closed: false
        }
      case .resolved:
        switch target {
        case .reopened, .closed: true
        case .open, .inProgress, .resolved: false
        }
      case .closed:
        switch target {
        case .reopened: true
        case .open, .inProgress, .resolved, .closed: false
        }
      }
    }

    /// Handles one event: a `switch` on the event, then the table's answer
    /// for the state.
    ///
    /// - Throws: `Rejection` when the table does not allow the move; nothing
    ///   changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch event {
      case .moveTo(let target):
        guard canTransition(to: target) else {
          throw TicketWorkflow.forbiddenMove(from: state, to: target)
        }
        state = target
        return .fired
      }
    }
  }
}
