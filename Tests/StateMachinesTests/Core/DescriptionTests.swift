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

  @Test(
    "every description is drawn from the very table its table style runs on",
    arguments: MachineCase.all)
  func descriptionIsTheTable(_ machine: MachineCase) {
    for problem in machine.tableProblems() {
      Issue.record("\(problem)")
    }
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
  /// Where the machine's description is not what its table style's table
  /// draws.
  func tableProblems() -> [String] { tableProblems(machine) }

  private func tableProblems<M: Conformant>(_: M.Type) -> [String] {
    let drawn = M.tableStyleRows
    var problems: [String] = []
    if M.description.transitions != drawn.transitions { problems.append("\(M.id): transitions") }
    if M.description.activities != drawn.activities { problems.append("\(M.id): activities") }
    if M.description.hierarchy != drawn.hierarchy { problems.append("\(M.id): hierarchy") }
    return problems
  }

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
    // Being in a state is being in its superstates too; entering a
    // composite state enters its initial substate, or any substate
    // through its history.
    let hierarchy = description.hierarchy
    var reached = Set(description.entrances.map(\.state))
    var frontier = Array(reached)
    while let state = frontier.popLast() {
      var next = hierarchy.ancestors(of: state)
      next += hierarchy.initialSubstate(of: state).map { [$0] } ?? []
      for transition in description.transitions(from: state) {
        next.append(transition.target)
        if transition.entersHistory { next += hierarchy.substates(of: transition.target) }
      }
      for state in next where reached.insert(state).inserted { frontier.append(state) }
    }
    for state in M.DescribedState.allCases where !reached.contains(state) {
      problems.append("\(M.id): \(state) cannot be reached")
    }
    return problems + hierarchyProblems(M.id, hierarchy)
  }

  /// What is inconsistent in a hierarchy: a state inside two composite
  /// states, an initial substate that is not inside its composite state, a
  /// region that does not start in one of its states, a state in no region
  /// or in two, a composite state inside itself.
  private func hierarchyProblems<State>(
    _ id: String, _ hierarchy: StateHierarchy<State>
  ) -> [String] {
    var problems: [String] = []
    for state in State.allCases {
      let parents = hierarchy.composites.filter { $0.value.substates.contains(state) }
      if parents.count > 1 { problems.append("\(id): \(state) is inside several states") }
      if hierarchy.ancestors(of: state).contains(state) {
        problems.append("\(id): \(state) is inside itself")
      }
      let regions = hierarchy.regions.filter { region in
        region.states.contains(hierarchy.ancestors(of: state).last ?? state)
      }
      if !hierarchy.regions.isEmpty && regions.count != 1 {
        problems.append("\(id): \(state) is in \(regions.count) regions")
      }
    }
    for (composite, contents) in hierarchy.composites {
      if let initial = contents.initial, !contents.substates.contains(initial) {
        problems.append("\(id): \(composite)'s initial \(initial) is not inside it")
      }
    }
    for region in hierarchy.regions where !region.states.contains(region.initial) {
      problems.append("\(id): region \(region.id) starts outside itself")
    }
    return problems
  }
}
