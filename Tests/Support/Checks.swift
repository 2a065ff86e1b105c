import StateMachines

/// The checks of the conformance suite, written once for every machine.
public enum Checks<M: Conformant> {
  /// One step of the machine's trace.
  public typealias Step = TraceStep<M.State, M.Event, M.Output>
  /// One described transition of the machine.
  public typealias Transition = MachineDescription<M.DescribedState>.Transition

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
  public static func violations(
    of description: MachineDescription<M.DescribedState>, by step: Step
  ) -> [String] {
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
    if isRegioned(description) { return guardViolations }
    let promised = promisedOutputs(of: transitions, from: step, in: description)
    return guardViolations
      + (names.contains(subsequence: promised)
        ? [] : ["\(step) should emit \(promised) in this order, as the description says"])
  }

  /// Whether the machine has regions: then a step is explained region by
  /// region, its outputs exactly the transitions' (`transitionsTaken`).
  static func isRegioned(_ description: MachineDescription<M.DescribedState>) -> Bool {
    !description.hierarchy.regions.isEmpty
  }

  /// What is wrong with the outputs of a guard in a step that was not
  /// rejected: where the description says a guard produces outputs, the
  /// step's first output is one of them and no other is; an ignored event
  /// outputs nothing else, and nothing at all where no guard does.
  public static func guardOutputViolations(
    of step: Step, in description: MachineDescription<M.DescribedState>
  ) -> [String] {
    let names = step.outputs.map(\.name)
    let outputs = M.leaves(of: step.from).flatMap {
      description.guardOutputs(in: $0, on: step.event.name)
    }
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

  /// The outputs the transitions a fired step took must emit, in order, by
  /// the description: for each, the exit activities of the states it left,
  /// its effect, the entry activities of the states it entered (only the
  /// effect for an internal transition).
  ///
  /// Only labels that are an output's name count; a label such as
  /// `count -= 1` or `transmit(queued)` describes work, not one output.
  public static func promisedOutputs(
    of transitions: [Transition], from step: Step,
    in description: MachineDescription<M.DescribedState>
  ) -> [String] {
    let stops = (step.via + [step.to]).compactMap { M.leaves(of: $0).first }
    let starts = M.leaves(of: step.from).prefix(1) + stops
    return zip(transitions, zip(starts, stops)).flatMap { transition, leaves in
      description.outputs(of: transition, from: leaves.0, to: leaves.1)
    }.filter(MachineDescription<M.DescribedState>.isOutputName)
  }

  /// The described transitions that a fired step took: a chain through the
  /// states it passed, or, for a machine with regions, one per region that
  /// took one.
  public static func explanation(
    of step: Step, in description: MachineDescription<M.DescribedState>
  ) -> [Transition]? {
    let from = M.leaves(of: step.from)
    let to = M.leaves(of: step.to)
    guard isRegioned(description) else {
      guard let source = from.first, let target = to.first else { return nil }
      return description.transitionsExplaining(
        from: source, event: step.event.name, to: target,
        via: step.via.compactMap { M.leaves(of: $0).first })
    }
    guard step.via.isEmpty else { return nil }
    return description.transitionsTaken(
      from: from, on: step.event.name, to: to, fired: step.fired,
      outputs: step.outputs.map(\.name)
    )?.compactMap { $0 }
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
