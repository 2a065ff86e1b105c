/// An issue-tracker ticket, after the sources' Jira ticket: its state may
/// change only along a table of allowed next states.
///
/// The caller names the state it wants (`moveTo(resolved)`) and the machine
/// checks the move against the table: a move the table allows fires, any
/// other move (a move to the current state included) is refused as bad input.
/// There are no outputs: the table is the whole behaviour. Every style also
/// answers the sources' query `canTransition(to:)`, which changes nothing.
public enum TicketWorkflow: Machine {
  /// The ticket's states, as in Jira's classic workflow.
  public enum State: String, StateID {
    /// Reported, and not yet worked on (initial).
    case open
    /// Resolved or closed once, and opened again.
    case reopened
    /// Someone is working on it.
    case inProgress
    /// Fixed, waiting to be checked and closed.
    case resolved
    /// Done; it can still be reopened.
    case closed
  }

  /// What the caller asks of the ticket: a move to the state it names.
  public enum Event: MachineEvent {
    /// Move the ticket to the state given, if the table allows it.
    case moveTo(State)

    /// The one event, `moveTo:STATE`, whose argument is a state id.
    public static let signatures: [EventSignature<Event>] = [
      .state("moveTo", of: State.self) { .moveTo($0) }
    ]

    /// The event without its target: what a table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case moveTo
    }

    /// `moveTo`.
    public var kind: Kind {
      switch self {
      case .moveTo: .moveTo
      }
    }

    /// The target's id, as in `resolved` for `moveTo:resolved`.
    public var argument: String? { target.rawValue }

    /// The state the move asks for.
    public var target: State {
      switch self {
      case .moveTo(let target): target
      }
    }
  }

  /// The ticket emits nothing: each step's `from` and `to` show the move.
  ///
  /// An enum without cases: no value of it can be made, so no style can
  /// emit one, and the trace's `outputs` is always empty.
  public enum Output: MachineOutput {
    /// No output has a name, since there is none.
    public var name: String {
      switch self {}
    }

    /// No output has data, since there is none.
    public var data: String? {
      switch self {}
    }
  }

  /// `ticket-workflow`.
  public static let id = "ticket-workflow"

  /// One sentence on the ticket.
  public static let summary =
    "An issue-tracker ticket, after the sources' Jira ticket: moves only along a table."

  /// The ticket as a diagram: one `moveTo(target)` arrow per allowed move,
  /// eleven in all, drawn from the dictionary the `table` style runs on.
  public static let description = MachineDescription<State>(
    initial: .open, events: Event.signatures, transitions: Table.transitions)

  /// One line per style: how each builds an open ticket as `implementation`
  /// writes it; the configuration has nothing for it.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
    .tableMatrix: { _ in TableMatrix() },
  ]

  /// A move to every state: from each state, some fire and the others are
  /// refused.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    State.allCases.map { .moveTo($0) }
  }

  /// The specification's three runs: a ticket's life, the sources' three
  /// rules, and moves to the current state.
  public static let workedExamples = [
    WorkedExample<Self>(
      "a ticket worked on, resolved, closed, reopened, then sent back to open",
      [
        .moveTo(.inProgress), .moveTo(.resolved), .moveTo(.closed), .moveTo(.reopened),
        .moveTo(.inProgress), .moveTo(.open),
      ]),
    WorkedExample<Self>(
      "the sources' three rules: no reopening an open ticket, no closing one in progress, "
        + "no work on a resolved one",
      [
        .moveTo(.reopened), .moveTo(.inProgress), .moveTo(.closed), .moveTo(.resolved),
        .moveTo(.inProgress), .moveTo(.reopened),
      ]),
    WorkedExample<Self>(
      "moves to the current state are refused, and the only way out of closed is reopened",
      [
        .moveTo(.open), .moveTo(.closed), .moveTo(.closed), .moveTo(.resolved),
        .moveTo(.inProgress), .moveTo(.reopened), .moveTo(.reopened), .moveTo(.resolved),
      ]),
  ]
}

/// A ticket in any style: what every implementation shares, the sources'
/// query among it.
public protocol TicketWorkflowMachine: StateMachine
where
  State == TicketWorkflow.State, Event == TicketWorkflow.Event,
  Output == TicketWorkflow.Output, Failure == Rejection
{
  /// Whether the table allows a move from the current state to `target`:
  /// the sources' query. It changes nothing, emits nothing, and is not an
  /// event, so it never appears in a trace; `moveTo(target)` fires exactly
  /// when it is true.
  func canTransition(to target: State) -> Bool
}

extension TicketWorkflowMachine {
  /// Moves the ticket to `target`. Nothing is returned: the ticket has no
  /// outputs, and its new state is `state`.
  ///
  /// - Throws: `Rejection` when the table does not allow the move, a move
  ///   to the current state included; the ticket is unchanged.
  public mutating func moveTo(_ target: State) throws(Rejection) {
    _ = try outputs(of: .moveTo(target))
  }

  /// The states the ticket may move to now, in the order of its row.
  public var allowedMoves: [State] {
    State.allCases.filter { canTransition(to: $0) }
  }
}

extension TicketWorkflow {
  /// Why `moveTo(target)` is refused in `source`, in every style: it names
  /// the current state, the target and the targets the row allows, in the
  /// row's order.
  public static func forbiddenMove(from source: State, to target: State) -> Rejection {
    forbiddenMoves[source]?[target] ?? Rejection(forbiddenMoveMessage(from: source, to: target))
  }

  /// The refusal of every move, written once, the first time one is
  /// needed: a refused move then costs two lookups, not the formatting of
  /// a message on the event path.
  private static let forbiddenMoves: [State: [State: Rejection]] = {
    var refusals: [State: [State: Rejection]] = [:]
    for source in State.allCases {
      for target in State.allCases {
        refusals[source, default: [:]][target] = Rejection(
          forbiddenMoveMessage(from: source, to: target))
      }
    }
    return refusals
  }()

  /// `cannot move a ticket from open to reopened; allowed: inProgress,
  /// resolved, closed`, or `the ticket is already open; allowed: ...`.
  ///
  /// The allowed targets are read from the description, the table the
  /// diagram is drawn from, whose transitions are in the order of the
  /// states.
  private static func forbiddenMoveMessage(from source: State, to target: State) -> String {
    let allowed = description.transitions(from: source).map(\.target.rawValue)
    let move =
      source == target
      ? "the ticket is already \(source)" : "cannot move a ticket from \(source) to \(target)"
    return "\(move); allowed: \(allowed.joined(separator: ", "))"
  }
}
