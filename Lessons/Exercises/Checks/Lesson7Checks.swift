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
      recordLifeProblems(Lesson7.recordLife)
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

/// The story of exercise 7.2: a record created in memory is edited,
/// committed, deleted, committed, and edited once more.
let recordStory: [RecordCommit.Event] = [.edit, .commit, .delete, .commit, .edit]

/// What is wrong with `steps`, the trace of `recordStory` written by hand:
/// how many steps are not right yet, never which, nor which field. A step's
/// `fired` is one of two, its `error` nil or one of two messages: naming the
/// wrong one would give it away. The events are the story's, not answers,
/// so a wrong one is named.
func recordLifeProblems(_ steps: [RecordCommit.Enum.Step]) -> [String] {
  guard steps.count == recordStory.count else {
    return [
      "Lesson7.recordLife has \(steps.count) step(s); the story has \(recordStory.count) events "
        + "(edit, commit, delete, commit, edit), one step each"
    ]
  }
  if let index = recordStory.indices.first(where: { steps[$0].event != recordStory[$0] }) {
    return [
      "step \(index + 1)'s event is .\(steps[index].event); event \(index + 1) of the story is "
        + ".\(recordStory[index])"
    ]
  }
  var record = RecordCommit.Enum()
  let trace = record.run(recordStory)
  let wrong = zip(steps, trace).count { $0 != $1 }
  if wrong > 0 {
    return [
      notRightYet(wrong, of: steps.count, "answers") + "; the "
        + "check does not say which, nor which part of a step: follow the diagram again",
      "each step needs where the record is before and after it, whether a transition fired (an "
        + "internal one fires too), the database work it outputs, and for a rejected event its "
        + "error: the rejection's message",
    ]
  }
  for style in Style.allCases {
    guard var record = try? RecordCommit.make(style) else { continue }
    if record.run(recordStory) != steps {
      return ["the \(style) record records another trace than yours"]
    }
  }
  return []
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
