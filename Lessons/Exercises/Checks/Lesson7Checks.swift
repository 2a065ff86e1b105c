import StateMachines

extension ExerciseCheck {
  /// Lesson 7: states that carry data.
  static let lesson7 = [
    ExerciseCheck("7.1", "the smallest seed for two lucky customers") {
      var problems = Problems()
      let seed = Lesson7.luckySeed
      for style in Style.allCases {
        let trace = firstTwoCustomers(style, seed: seed)
        if !bothWin(trace) {
          problems.add(
            "with seed \(seed), the first two customers of a machine holding 5 gumballs do not "
              + "both win (\(style)):\n  \(describeGumballs(trace))")
          return problems.list
        }
      }
      if (0..<seed).contains(where: { bothWin(firstTwoCustomers(.enum, seed: $0)) }) {
        problems.add(
          "with seed \(seed) the first two customers both win, but a smaller seed does it too: "
            + "search from 0 up")
      }
      return problems.list
    },
    ExerciseCheck("7.2", "the life of a record, by hand") {
      var problems = Problems()
      let events: [RecordCommit.Event] = [.edit, .commit, .delete, .commit, .edit]
      let yours = Lesson7.recordLife
      problems.expect(
        yours.count, events.count,
        "Lesson7.recordLife has \(yours.count) step(s); the story has \(events.count) events "
          + "(edit, commit, delete, commit, edit), one step each")
      for (index, (step, event)) in zip(yours, events).enumerated() {
        var record = RecordCommit.Enum()
        let reference = record.run(events)[index]
        let place = "step \(index + 1) (\(event))"
        if step.event != event {
          problems.add("\(place): the event is .\(step.event); event \(index + 1) is .\(event)")
          continue
        }
        problems.expect(
          step.from, reference.from,
          "\(place): from .\(step.from)? After the steps before it, the record is somewhere else")
        problems.expect(
          step.to, reference.to,
          "\(place): to .\(step.to)? Follow the \(event) arrow out of the state it comes from in "
            + "the diagram (a rejected event goes nowhere)")
        problems.expect(
          step.fired, reference.fired,
          "\(place): fired is \(step.fired), but "
            + (reference.fired
              ? "a transition fires here (an internal one fires too)"
              : "a rejected event fires nothing"))
        problems.expect(
          step.outputs, reference.outputs,
          "\(place): outputs \(step.outputs)? What database work does this arrow do?")
        problems.expect(
          step.via, reference.via,
          "\(place): via is \(step.via), but the record has no transient states to pass through")
        if step.error != reference.error {
          problems.add(
            "\(place): error is \(step.error.map { "\"\($0)\"" } ?? "nil"), but "
              + (reference.error == nil
                ? "this event is not rejected"
                : step.error == nil
                  ? "this event is rejected: its error is the rejection's message"
                  : "that is not the message of this rejection"))
        }
      }
      for style in Style.allCases {
        guard var record = try? RecordCommit.make(style) else { continue }
        if problems.list.isEmpty && record.run(events) != yours {
          problems.add("the \(style) record records another trace than yours")
        }
      }
      return problems.list
    },
    ExerciseCheck("7.3", "the count, from the trace") {
      for (start, configuration, events) in gumballRuns() {
        guard
          var machine = try? GumballMachine.Enum(
            gumballs: start, winner: configuration.winner, seed: configuration.seed)
        else { continue }
        let trace = machine.run(events)
        let answer = Lesson7.gumballsLeft(startingWith: start, after: trace)
        if answer != machine.gumballs {
          return [
            "Lesson7.gumballsLeft(startingWith: \(start), after: trace) is \(answer), which is "
              + "not the count left. The trace (--winner \(configuration.winner) "
              + "--seed \(configuration.seed)):\n  \(describeGumballs(trace))"
          ]
        }
      }
      return []
    },
  ]
}

/// A machine with 5 gumballs, seeded with `seed`, serves two customers.
private func firstTwoCustomers(_ style: Style, seed: UInt64) -> [GumballMachine.Enum.Step] {
  guard
    var machine = try? GumballMachine.make(
      style, GumballMachine.Configuration(gumballs: 5, winner: .random, seed: seed))
  else { return [] }
  return machine.run([.insertQuarter, .turnCrank, .insertQuarter, .turnCrank])
}

/// Whether both cranks of `trace` went through `winner`.
private func bothWin(_ trace: [GumballMachine.Enum.Step]) -> Bool {
  let cranks = trace.filter { $0.event == .turnCrank }
  return cranks.count == 2 && cranks.allSatisfy { $0.via == [.winner] }
}

/// A gumball trace, with the transient state of each step and rejections.
private func describeGumballs(_ trace: [GumballMachine.Enum.Step]) -> String {
  trace.map { step in
    let outputs = step.outputs.map { "\($0)" }.joined(separator: ", ")
    let label = outputs.isEmpty ? "\(step.event)" : "\(step.event) / \(outputs)"
    let path = ([step.from.rawValue] + step.via.map(\.rawValue) + [step.to.rawValue])
    return "\(path[0]) --\(label)--> " + path.dropFirst().joined(separator: " --> ")
      + (step.error.map { " (rejected: \($0))" } ?? (step.fired ? "" : " (ignored)"))
  }.joined(separator: "\n  ")
}

/// Seeded random runs of a gumball machine, shortest first: a starting
/// count, a winner policy and seed, and the events.
private func gumballRuns() -> [(Int, GumballMachine.Configuration, [GumballMachine.Event])] {
  var generator = SeededGenerator(seed: 6)
  let events: [GumballMachine.Event] = [
    .insertQuarter, .turnCrank, .insertQuarter, .turnCrank, .ejectQuarter, .refill(count: 3),
    .refill(count: 0), .refill(count: -2),
  ]
  var runs: [(Int, GumballMachine.Configuration, [GumballMachine.Event])] = []
  for length in 1...12 {
    for _ in 0..<30 {
      let start = Int(generator.next() % 6)
      let policy: GumballMachine.WinnerPolicy = generator.next() % 3 == 0 ? .always : .random
      let configuration = GumballMachine.Configuration(
        winner: policy, seed: generator.next() % 1000)
      let run = (0..<length).map { _ in events[Int(generator.next() % UInt64(events.count))] }
      runs.append((start, configuration, run))
    }
  }
  return runs
}
