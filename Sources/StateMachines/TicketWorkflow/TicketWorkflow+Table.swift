/// The sources' table-driven state machine: a type gives each state the set
/// of states it may move to, and gets `canTransition(to:)` from the protocol
/// extension below. (The sources call it `StateMachine`, a name the
/// workbench already uses for every machine.)
public protocol NextStateTable {
  /// The states the table is about.
  associatedtype State: Hashable

  /// Each state's allowed next states: the whole behaviour, as data. Every
  /// state must have a row.
  static var allowedNextStates: [State: Set<State>] { get }

  /// The state the machine is in.
  var state: State { get }
}

extension NextStateTable {
  /// Whether the current state's row lists `target`.
  public func canTransition(to target: State) -> Bool {
    // The sources stop the program on a state without a row. Here such a
    // state would allow nothing, so no input can trap; a test checks that
    // every state has its row.
    Self.allowedNextStates[state]?.contains(target) ?? false
  }
}

extension TicketWorkflow {
  /// The ticket written as the sources write it: a dictionary of allowed
  /// next states, and `canTransition(to:)` as a default implementation in a
  /// protocol extension.
  ///
  /// Notice that the behaviour is all data: `allowedNextStates` is the
  /// specification's table row for row, the query comes with the
  /// `NextStateTable` protocol, and `handle` only asks it. The diagram is
  /// drawn from the same dictionary (`TicketWorkflow.description` lists
  /// `Table.transitions`), so the picture cannot drift from the code. Notice
  /// too what data costs: each move hashes the current state to find its
  /// row, and the target to find it in the row's set.
  public struct Table: TicketWorkflowMachine, NextStateTable {
    /// The sources' transition table: from each state, the states it may
    /// move to.
    public static let allowedNextStates: [State: Set<State>] = [
      .open: [.inProgress, .resolved, .closed],
      .reopened: [.inProgress, .resolved, .closed],
      .inProgress: [.open, .resolved],
      .resolved: [.reopened, .closed],
      .closed: [.reopened],
    ]

    /// The table as the description lists it: one `moveTo(target)`
    /// transition per allowed move, in the order of the states, sources
    /// first and then targets (a dictionary and a set have no order).
    public static let transitions: [MachineDescription<State>.Transition] =
      State.allCases.flatMap { source in
        State.allCases.filter { allowedNextStates[source]?.contains($0) ?? false }.map { target in
          let move = Event.moveTo(target)
          return .init(source, on: move.name, argument: move.argument, to: target)
        }
      }

    /// The current state.
    public private(set) var state: State = .open

    /// Creates an open ticket.
    public init() {}

    /// Makes the move if the table allows it.
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
