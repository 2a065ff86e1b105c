import ConformanceSupport
import StateMachines
import Testing

@Suite("Machine descriptions")
struct DescriptionTests {
  @Test("transitions name described events and reach every state", arguments: MachineCase.all)
  func wellFormed(_ machine: MachineCase) {
    for problem in machine.descriptionProblems() {
      Issue.record("\(problem)")
    }
  }

  @Test("every description is drawn from the very table its table style runs on")
  func descriptionIsTheTable() {
    func check<M: Machine, Data>(
      _: M.Type, _ table: TransitionTable<M.State, M.Event, M.Output, Data>
    ) {
      #expect(M.description.transitions == table.transitions, "\(M.id): transitions")
      #expect(M.description.activities == table.activities, "\(M.id): activities")
    }
    check(SecuritySystem.self, SecuritySystem.Table.table)
    check(Turnstile.self, Turnstile.Table.table)
    check(GumballMachine.self, GumballMachine.Table.table)
    check(TCPConnection.self, TCPConnection.Table.table)
    check(RecordCommit.self, RecordCommit.Table.table)
    check(DrawingTool.self, DrawingTool.Table.table)
  }

  @Test func labelsReadLikeTheTable() {
    let description = SecuritySystem.description
    let labels = description.transitions.map(description.label(of:))
    #expect(labels.contains("disarm(code) [code invalid and attempts > 3] / administratorInformed"))
    #expect(labels.contains("arm"))
  }

  @Test func aStepIsExplainedByTheTransitionItTook() {
    let description = SecuritySystem.description
    let taken = description.transitionsExplaining(from: .armed, event: "breach", to: .alarm)
    #expect(taken?.map(\.target) == [.alarm])
    #expect(description.transitionsExplaining(from: .alarm, event: "breach", to: .armed) == nil)
  }

  @Test func aBadCodeIsABadConfiguration() {
    #expect(throws: Rejection.self) {
      try SecuritySystem.make(.enum, .init(code: "12ab"))
    }
  }
}

extension MachineCase {
  /// What is inconsistent in the machine's description.
  func descriptionProblems() -> [String] { problems(machine) }

  private func problems<M: Machine>(_: M.Type) -> [String] {
    let description = M.description
    var problems: [String] = []
    let events = Set(description.events.map(\.name))
    if description.events.map(\.name) != M.Event.signatures.map(\.name) {
      problems.append("\(M.id): the description's events are not the event signatures")
    }
    for transition in description.transitions {
      if let event = transition.event, !events.contains(event) {
        problems.append("\(M.id): transition on unknown event '\(event)'")
      }
    }
    var reached = Set(description.entrances.map(\.state))
    var frontier = Array(reached)
    while let state = frontier.popLast() {
      for transition in description.transitions(from: state)
      where reached.insert(transition.target).inserted {
        frontier.append(transition.target)
      }
    }
    for state in M.State.allCases where !reached.contains(state) {
      problems.append("\(M.id): \(state) cannot be reached")
    }
    return problems
  }
}
