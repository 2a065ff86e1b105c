import StateMachines

/// The checks every revision must pass, as the final machine passes the
/// conformance suite's: its styles agree, follow its own description, and
/// its scenarios take every transition that description draws.
enum Checks<M: RevisionUnderTest> {
  typealias Step = TraceStep<M.State, M.Event, M.Output>
  typealias Transition = MachineDescription<M.State>.Transition

  /// From every reachable state (explored in every style, told apart by the
  /// machine's whole value, counters included), every sample event: the
  /// three styles take the same step, and it is an ignore or a described
  /// transition.
  static func exhaustive(depth: Int = 8) -> [String] {
    let configuration = Configuration()
    var paths: [[M.Event]] = []
    for style in Style.allCases {
      guard let start = try? M.make(style, configuration) else {
        return ["revision \(M.number) cannot be created in \(style)"]
      }
      var seen: Set<String> = [String(reflecting: start)]
      var frontier = [(machine: start, events: [M.Event]())]
      paths.append([])
      for _ in 0..<depth {
        var next: [(machine: any StateMachine<M.State, M.Event, M.Output>, events: [M.Event])] = []
        for (machine, events) in frontier {
          for event in M.sampleEvents(for: configuration) {
            var successor = machine
            _ = successor.step(event)
            guard seen.insert(String(reflecting: successor)).inserted else { continue }
            paths.append(events + [event])
            next.append((successor, events + [event]))
          }
        }
        frontier = next
      }
    }

    var failures: [String] = []
    for path in paths {
      for event in M.sampleEvents(for: configuration) {
        let steps = Style.allCases.compactMap { style -> Step? in
          guard var machine = try? M.make(style, configuration) else { return nil }
          for earlier in path { _ = machine.step(earlier) }
          return machine.step(event)
        }
        let place = "revision \(M.number), after \(path) then \(event)"
        if Set(steps).count != 1 {
          failures.append("\(place): styles disagree: \(steps)")
        }
        guard let step = steps.first else { continue }
        if step.fired {
          if let transition = explanation(of: step) {
            failures += activityFailures(of: step, taking: transition).map { "\(place): \($0)" }
          } else {
            failures.append(
              "\(place): \(step.from) --\(step.event.name)--> \(step.to) is not described")
          }
        } else if step.to != step.from || step.error != nil {
          failures.append("\(place): an ignored event changed something: \(step)")
        }
      }
    }
    return failures
  }

  /// The scenarios take every described transition at least once in
  /// `style`, and never one that is not described.
  static func coverage(_ style: Style) -> [String] {
    var failures: [String] = []
    var taken: Set<Transition> = []
    for scenario in M.scenarios {
      for step in scenario.run(in: style).trace where step.fired {
        if let transition = explanation(of: step) {
          taken.insert(transition)
        } else {
          failures.append(
            "revision \(M.number) \(style) in '\(scenario.name)': \(step) is not described")
        }
      }
    }
    for transition in M.description.transitions where !taken.contains(transition) {
      failures.append(
        "revision \(M.number): no scenario takes \(transition.source)"
          + " --\(M.description.label(of: transition))--> \(transition.target)")
    }
    return failures
  }

  /// The described transition a fired step took, if there is one.
  static func explanation(of step: Step) -> Transition? {
    M.description.transition(from: step.from, on: step.event.name, to: step.to)
  }

  /// What is wrong with the outputs of a step that took `transition`: an
  /// event that carries a code first checks it (`codeAccepted` or
  /// `invalidCode`); then come the source's exit activity, the transition's
  /// effect and the target's entry activity, in that order, and nothing else.
  static func activityFailures(of step: Step, taking transition: Transition) -> [String] {
    let activities = M.description.activities
    let expected =
      (activities[transition.source]?.exit ?? []) + transition.effect
      + (activities[transition.target]?.entry ?? [])
    var outputs = step.outputs.map(\.name)
    if step.event.argument != nil {
      guard let check = outputs.first, ["codeAccepted", "invalidCode"].contains(check) else {
        return ["\(step.event) fired without checking its code: \(outputs)"]
      }
      outputs.removeFirst()
    }
    return outputs == expected
      ? [] : ["outputs \(step.outputs) are not the code check, exit, effect, entry \(expected)"]
  }
}
