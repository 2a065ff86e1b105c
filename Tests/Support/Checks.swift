import StateMachines

/// The checks of the conformance suite, written once for every machine.
public enum Checks<M: Conformant> {
  /// One step of the machine's trace.
  public typealias Step = TraceStep<M.State, M.Event, M.Output>
  /// One described transition of the machine.
  public typealias Transition = MachineDescription<M.State>.Transition

  /// From every reachable state, every sample event: every implementation takes
  /// the same step, and that step is an ignore, a rejection, or a described
  /// transition.
  public static func exhaustive() -> [String] {
    var failures: [String] = []
    for path in Exploration<M>.allStyles() {
      for event in M.sampleEvents(for: path.configuration) {
        let steps = M.implementations.compactMap { style -> Step? in
          guard var machine = path.replay(in: style) else { return nil }
          return machine.step(event)
        }
        let place = "after \(path.events) then \(event)"
        guard steps.count == M.implementations.count else {
          failures.append("\(M.id): a style could not be created for \(place)")
          continue
        }
        if Set(steps).count != 1 {
          failures.append(
            "\(M.id): styles disagree \(place): \(zip(M.implementations, steps).map { "\($0): \($1)" })"
          )
        }
        failures += violations(of: M.description, by: steps[0]).map { "\(M.id) \(place): \($0)" }
      }
    }
    return failures
  }

  /// Seeded random event sequences give identical traces in every style.
  public static func randomRuns(_ runs: Int) -> [String] {
    var random = SeededGenerator(seed: 0x5EED)
    let configurations = M.sampleConfigurations
    for run in 0..<runs {
      let configuration = M.reseeded(configurations[run % configurations.count], UInt64(run))
      let alphabet = M.sampleEvents(for: configuration)
      let events = (0..<Int.random(in: 1...30, using: &random)).compactMap { _ in
        alphabet.randomElement(using: &random)
      }
      let traces = M.implementations.map { style in
        (try? M.make(style, configuration)).map { machine in
          var machine = machine
          return machine.run(events)
        }
      }
      if Set(traces).count != 1 {
        return ["\(M.id): run \(run) (\(events)) differs between styles: \(traces)"]
      }
    }
    return []
  }

  /// The scenarios take every described transition at least once, and the
  /// style never takes one that is not described.
  public static func coverage(_ style: Implementation) -> [String] {
    var failures: [String] = []
    var taken: Set<Transition> = []
    for scenario in M.scenarios {
      for step in scenario.run(in: style).trace where step.fired {
        if let transitions = explanation(of: step, in: M.description) {
          taken.formUnion(transitions)
        } else {
          failures.append(
            "\(M.id) \(style) in '\(scenario.name)': \(step) is not a described transition")
        }
      }
    }
    for transition in M.description.transitions where !taken.contains(transition) {
      let label = M.description.label(of: transition)
      failures.append(
        "\(M.id): no scenario takes \(transition.source) --\(label)--> \(transition.target)")
    }
    return failures
  }

  /// What is wrong with a single step, judged against the description.
  public static func violations(of description: MachineDescription<M.State>, by step: Step)
    -> [String]
  {
    if step.error != nil {
      return step.to == step.from && !step.fired && step.outputs.isEmpty
        ? [] : ["a rejected event changed something: \(step)"]
    }
    let names = step.outputs.map(\.name)
    let guardViolations = guardOutputViolations(of: step, in: description)
    if !step.fired {
      return step.to == step.from && step.via.isEmpty
        ? guardViolations : ["an ignored event moved: \(step)"]
    }
    guard let transitions = explanation(of: step, in: description) else {
      return ["\(step.from) --\(step.event.name)--> \(step.to) is not described"]
    }
    let promised = transitions.flatMap { promisedOutputs(of: $0, in: description) }
    return guardViolations
      + (names.contains(subsequence: promised)
        ? [] : ["\(step) should emit \(promised) in this order, as the description says"])
  }

  /// What is wrong with the outputs of a guard in a step that was not
  /// rejected: where the description says a guard produces outputs, the
  /// step's first output is one of them and no other is; an ignored event
  /// outputs nothing else, and nothing at all where no guard does.
  public static func guardOutputViolations(
    of step: Step, in description: MachineDescription<M.State>
  ) -> [String] {
    let names = step.outputs.map(\.name)
    let outputs = description.guardOutputs(in: step.from, on: step.event.name)
    if outputs.isEmpty {
      return step.fired || names.isEmpty ? [] : ["an ignored event output something: \(step)"]
    }
    let checked = names.filter(outputs.contains)
    guard checked.count == 1, names.first == checked.first else {
      return ["\(step) should first output exactly one of \(outputs), as its guard does"]
    }
    return step.fired || names.count == 1
      ? [] : ["an ignored event output more than its guard's \(outputs): \(step)"]
  }

  /// The outputs a fired transition must emit, in order, by the description:
  /// exit of the source, effect, entry of the target (none of the activities
  /// for an internal transition).
  ///
  /// Only labels that are an output's name count; a label such as
  /// `count -= 1` or `transmit(queued)` describes work, not one output.
  public static func promisedOutputs(
    of transition: Transition, in description: MachineDescription<M.State>
  ) -> [String] {
    let activities = { (state: M.State) in description.activities[state] ?? .init() }
    let labels =
      switch transition.kind {
      case .internal: transition.effect
      case .external:
        activities(transition.source).exit + transition.effect
          + activities(transition.target).entry
      }
    return labels.filter { label in label.allSatisfy { $0.isLetter || $0.isNumber } }
  }

  /// The described transitions that a fired step took.
  public static func explanation(
    of step: Step, in description: MachineDescription<M.State>
  ) -> [Transition]? {
    description.transitionsExplaining(
      from: step.from, event: step.event.name, to: step.to, via: step.via)
  }
}

extension Array where Element: Equatable {
  /// Whether `subsequence` appears in this array in order, not necessarily
  /// side by side.
  public func contains(subsequence: [Element]) -> Bool {
    var remaining = subsequence[...]
    for element in self where element == remaining.first {
      remaining = remaining.dropFirst()
    }
    return remaining.isEmpty
  }
}
