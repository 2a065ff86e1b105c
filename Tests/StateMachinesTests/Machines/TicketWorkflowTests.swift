import ConformanceSupport
import StateMachines
import Testing

/// What the conformance suite cannot see of the ticket: the sources' query
/// `canTransition(to:)`, the table's shape, the refusals' messages, the
/// arrows' labels and the syntax of `moveTo:STATE`.
@Suite("The ticket workflow")
struct TicketWorkflowTests {
  typealias State = TicketWorkflow.State

  /// The specification's table of allowed next states, row by row.
  static let specifiedRows: [State: [State]] = [
    .open: [.inProgress, .resolved, .closed],
    .reopened: [.inProgress, .resolved, .closed],
    .inProgress: [.open, .resolved],
    .resolved: [.reopened, .closed],
    .closed: [.reopened],
  ]

  /// A shortest way from `open` to each state.
  static let ways: [State: [State]] = [
    .open: [],
    .reopened: [.closed, .reopened],
    .inProgress: [.inProgress],
    .resolved: [.resolved],
    .closed: [.closed],
  ]

  /// A new ticket in `implementation`, moved along `way`, as the shared
  /// protocol. (A new one each time: the state classes are a class, and a
  /// copy of the variable would share the ticket.)
  static func ticket(
    _ implementation: Implementation, after way: [State] = []
  ) throws -> any TicketWorkflowMachine {
    var ticket = try #require(
      TicketWorkflow.make(implementation, .init()) as? any TicketWorkflowMachine)
    for move in way { try ticket.moveTo(move) }
    return ticket
  }

  @Test("every implementation is a TicketWorkflowMachine, so every style answers the query")
  func everyStyleOffersTheQuery() throws {
    for implementation in TicketWorkflow.implementations {
      #expect(try TicketWorkflow.make(implementation, .init()) is any TicketWorkflowMachine)
    }
  }

  @Test(
    "canTransition(to:) is true exactly for the state's row, in every state and style",
    arguments: State.allCases)
  func canTransitionIsTheRow(_ state: State) throws {
    for implementation in TicketWorkflow.implementations {
      let ticket = try Self.ticket(implementation, after: Self.ways[state] ?? [])
      try #require(ticket.state == state, "\(implementation)")
      for target in State.allCases {
        #expect(
          ticket.canTransition(to: target) == Self.specifiedRows[state]?.contains(target),
          "\(implementation): \(state) -> \(target)")
      }
      #expect(ticket.allowedMoves == Self.specifiedRows[state], "\(implementation)")
    }
  }

  @Test(
    "moveTo fires exactly when canTransition(to:) is true, and the query changes nothing",
    arguments: State.allCases)
  func theMoveFollowsTheQuery(_ state: State) throws {
    for implementation in TicketWorkflow.implementations {
      for target in State.allCases {
        var ticket = try Self.ticket(implementation, after: Self.ways[state] ?? [])
        let allowed = ticket.canTransition(to: target)
        #expect(ticket.state == state, "\(implementation): the query moved the ticket")
        let step = ticket.step(.moveTo(target))
        #expect(step.fired == allowed, "\(implementation): \(state) -> \(target)")
        #expect(step.to == (allowed ? target : state), "\(implementation): \(state) -> \(target)")
        #expect((step.error == nil) == allowed, "\(implementation): \(state) -> \(target)")
        #expect(step.outputs.isEmpty)
      }
    }
  }

  @Test("the natural API: moveTo moves, or throws and changes nothing")
  func naturalAPI() throws {
    func check(_ ticket: some TicketWorkflowMachine) throws {
      var ticket = ticket
      try ticket.moveTo(.inProgress)
      #expect(ticket.state == .inProgress)
      #expect(throws: TicketWorkflow.forbiddenMove(from: .inProgress, to: .closed)) {
        try ticket.moveTo(.closed)
      }
      #expect(ticket.state == .inProgress)
      try ticket.moveTo(.resolved)
      try ticket.moveTo(.closed)
      #expect(ticket.state == .closed)
      #expect(ticket.allowedMoves == [.reopened])
    }
    try check(TicketWorkflow.NestedSwitch())
    try check(TicketWorkflow.Enum())
    try check(TicketWorkflow.StatePattern())
    try check(TicketWorkflow.StatePatternTypes())
    try check(TicketWorkflow.StateClasses())
    try check(TicketWorkflow.StateClasses(sharingStateObjects: true))
    try check(TicketWorkflow.Table())
    try check(TicketWorkflow.TableMatrix())
  }

  @Test("the refusals read exactly as the specification's examples")
  func refusalMessages() {
    let messages = [
      (
        State.open, State.reopened,
        "cannot move a ticket from open to reopened; allowed: inProgress, resolved, closed"
      ),
      (
        .inProgress, .closed,
        "cannot move a ticket from inProgress to closed; allowed: open, resolved"
      ),
      (
        .resolved, .inProgress,
        "cannot move a ticket from resolved to inProgress; allowed: reopened, closed"
      ),
      (.open, .open, "the ticket is already open; allowed: inProgress, resolved, closed"),
      (.closed, .closed, "the ticket is already closed; allowed: reopened"),
      (.closed, .resolved, "cannot move a ticket from closed to resolved; allowed: reopened"),
      (
        .reopened, .reopened,
        "the ticket is already reopened; allowed: inProgress, resolved, closed"
      ),
    ]
    for (source, target, message) in messages {
      #expect(TicketWorkflow.forbiddenMove(from: source, to: target).message == message)
    }
  }

  @Test("every refused move, in every style, names the state, the target and the row")
  func everyRefusal() throws {
    for implementation in TicketWorkflow.implementations {
      for (state, way) in Self.ways {
        for target in State.allCases where Self.specifiedRows[state]?.contains(target) == false {
          var ticket = try Self.ticket(implementation, after: way)
          let allowed = (Self.specifiedRows[state] ?? []).map(\.rawValue)
          let move =
            state == target
            ? "the ticket is already \(state)" : "cannot move a ticket from \(state) to \(target)"
          #expect(
            ticket.step(.moveTo(target)).error
              == "\(move); allowed: \(allowed.joined(separator: ", "))",
            "\(implementation)")
        }
      }
    }
  }

  @Test("the table style's dictionary is the specification's table, a row for every state")
  func theTableHasEveryRow() {
    #expect(Set(TicketWorkflow.Table.allowedNextStates.keys) == Set(State.allCases))
    for (state, row) in Self.specifiedRows {
      #expect(TicketWorkflow.Table.allowedNextStates[state] == Set(row), "\(state)")
    }
  }

  @Test("a state without a row allows nothing, where the sources stop the program")
  func aMissingRowDoesNotTrap() {
    /// A table that forgets a row.
    struct Lopsided: NextStateTable {
      enum Light: Hashable { case on, off }
      static let allowedNextStates: [Light: Set<Light>] = [.off: [.on]]
      var state: Light
    }
    #expect(Lopsided(state: .off).canTransition(to: .on))
    #expect(!Lopsided(state: .on).canTransition(to: .off))
    #expect(!Lopsided(state: .on).canTransition(to: .on))
  }

  @Test("the description is the table: eleven arrows labelled moveTo(target)")
  func descriptionIsTheTable() {
    let description = TicketWorkflow.description
    #expect(description.transitions == TicketWorkflow.Table.transitions)
    let arrows = description.transitions.map {
      "\($0.source) --\(description.label(of: $0))--> \($0.target)"
    }
    #expect(
      arrows == [
        "open --moveTo(inProgress)--> inProgress",
        "open --moveTo(resolved)--> resolved",
        "open --moveTo(closed)--> closed",
        "reopened --moveTo(inProgress)--> inProgress",
        "reopened --moveTo(resolved)--> resolved",
        "reopened --moveTo(closed)--> closed",
        "inProgress --moveTo(open)--> open",
        "inProgress --moveTo(resolved)--> resolved",
        "resolved --moveTo(reopened)--> reopened",
        "resolved --moveTo(closed)--> closed",
        "closed --moveTo(reopened)--> reopened",
      ])
    #expect(description.transitions.allSatisfy { $0.kind == .external && $0.effect.isEmpty })
    #expect(description.finalStates.isEmpty)
    #expect(description.activities.isEmpty)
  }

  @Test("a step is explained by the arrow to its target, and a refused move by none")
  func matching() {
    let description = TicketWorkflow.description
    let taken = description.transitionsExplaining(
      from: .resolved, event: "moveTo", to: .reopened)
    #expect(taken?.map(\.argument) == ["reopened"])
    #expect(
      description.transitionsExplaining(from: .inProgress, event: "moveTo", to: .closed) == nil)
  }

  @Test("a transition's argument takes the place of the event's parameter in its label")
  func argumentLabels() {
    typealias Transition = MachineDescription<State>.Transition
    let parameters = ["moveTo": "state"]
    #expect(
      Transition(.open, on: "moveTo", to: .closed).label(parameters: parameters) == "moveTo(state)")
    #expect(
      Transition(.open, on: "moveTo", argument: "closed", to: .closed).label(parameters: parameters)
        == "moveTo(closed)")
    #expect(
      Transition(.open, on: "moveTo", argument: "closed", to: .closed).label() == "moveTo(closed)")
  }

  @Test(
    "moveTo:STATE reads each of the five ids exactly as written",
    arguments: State.allCases)
  func parsing(_ state: State) throws {
    #expect(try TicketWorkflow.Event.parse("moveTo:\(state.rawValue)") == .moveTo(state))
    #expect(TicketWorkflow.Event.moveTo(state).description == "moveTo:\(state.rawValue)")
  }

  @Test(
    "a wrong, mis-cased or missing state is a usage error naming the choices",
    arguments: [
      ("moveTo:done", "'done' is not a valid state for 'moveTo'"),
      ("moveTo:Open", "'Open' is not a valid state for 'moveTo'"),
      ("moveTo:inprogress", "'inprogress' is not a valid state for 'moveTo'"),
      ("moveTo: open", "' open' is not a valid state for 'moveTo'"),
      ("moveTo:", "'' is not a valid state for 'moveTo'"),
      ("moveTo:open:closed", "'open:closed' is not a valid state for 'moveTo'"),
      ("moveTo", "event 'moveTo' needs a state: write moveTo:STATE"),
    ])
  func malformed(_ text: String, _ start: String) {
    let choices = "expected one of open, reopened, inProgress, resolved, closed"
    do {
      let event = try TicketWorkflow.Event.parse(text)
      Issue.record("\(text) was read as \(event)")
    } catch {
      #expect(error.message.hasPrefix(start), "\(error.message)")
      #expect(error.message.hasSuffix(choices), "\(error.message)")
    }
  }

  @Test("an unknown event names moveTo:STATE")
  func unknownEvent() {
    #expect(throws: EventSyntaxError("unknown event 'move'; valid events: moveTo:STATE")) {
      try TicketWorkflow.Event.parse("move:open")
    }
  }
}
