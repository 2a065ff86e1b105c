import StateMachines

extension ExerciseCheck {
  /// Lesson 14: drawing and checking diagrams.
  static let lesson14 = [
    ExerciseCheck("14.1", "predict the picture") {
      overlayProblems(
        Lesson14.predictedCounts, end: Lesson14.predictedEnd, run: Lesson14.run)
    },
    ExerciseCheck("14.2", "every arrow blue") {
      var problems = Problems()
      let events = Lesson14.everyArrow
      if events.isEmpty {
        return ["Lesson14.everyArrow is empty: write a run that takes every described transition"]
      }
      let described = SecuritySystem.description
      var system = SecuritySystem.NestedSwitch(code: "1234")
      var taken: Set<Int> = []
      for step in system.run(events) where step.fired {
        let transition = described.transition(from: step.from, on: step.event.name, to: step.to)
        if let transition, let index = described.transitions.firstIndex(of: transition) {
          taken.insert(index)
        }
      }
      for (index, transition) in described.transitions.enumerated() where !taken.contains(index) {
        problems.add(
          "the run never takes \(transition.source) --\(described.label(of: transition))--> "
            + "\(transition.target): it stays grey")
      }
      if problems.list.isEmpty && events.count > 15 {
        problems.add(
          "your run takes every arrow, in \(events.count) events; it can be done in 15: which "
            + "events does it not need?")
      }
      return problems.list
    },
    ExerciseCheck("14.3", "make the picture tell the truth") {
      doorProblems()
    },
  ]
}

/// The run of exercise 14.1, as the lesson shows it.
private let predictionRun: [SecuritySystem.Event] = [
  .panic, .reset(code: "0000"), .reset(code: "1234"), .arm, .disarm(code: "1111"),
  .breach, .reset(code: "1234"), .arm, .panic, .panic, .reset(code: "1234"), .arm,
]

/// What is wrong with a prediction of exercise 14.1's overlay: how many of
/// its parts are not right yet, never which. Each count is a small number
/// and the end one of four states, so naming the wrong one, or saying which
/// way it is off, would let a student find it by trying. A missing answer,
/// or an event the machine does not have, is named: that says nothing of
/// the right one.
func overlayProblems(
  _ predicted: [Lesson14.Taken: Int], end: SecuritySystem.State?, run: [SecuritySystem.Event]
) -> [String] {
  guard run == predictionRun else {
    return [
      "Lesson14.run is not the run of the lesson any more: put it back, the prediction is "
        + "about that run"
    ]
  }
  var missing: [String] = []
  if predicted.isEmpty { missing.append("Lesson14.predictedCounts is empty") }
  if end == nil { missing.append("Lesson14.predictedEnd is nil") }
  guard missing.isEmpty else {
    return [
      missing.joined(separator: ", and ")
        + ": the check judges the counts and the end together, once both are given"
    ]
  }
  let names = SecuritySystem.Event.signatures.map(\.name)
  let unknown = predicted.keys.filter { !names.contains($0.event) }
  guard unknown.isEmpty else {
    return unknown.map(\.description).sorted().map { taken in
      "\(taken): the security system has no such event; its events are "
        + names.joined(separator: ", ")
    }
  }
  var system = SecuritySystem.NestedSwitch(code: "1234")
  var counts: [Lesson14.Taken: Int] = [:]
  for step in system.run(run) where step.fired {
    counts[Lesson14.Taken(from: step.from, event: step.event.name, to: step.to), default: 0] += 1
  }
  let keys = Set(counts.keys).union(predicted.keys)
  let wrong =
    keys.filter { predicted[$0] != counts[$0] }.count + (end == system.state ? 0 : 1)
  guard wrong > 0 else { return [] }
  return [
    "\(wrong) \(wrong == 1 ? "part" : "parts") of your prediction \(wrong == 1 ? "is" : "are") "
      + "not right yet; the check does not say which: a count that is off, a transition the "
      + "run never takes, one it takes that you leave out, or the end state",
    "follow the run again on the diagram, one event at a time: only a step that fires counts, "
      + "and an ignored event or a false guard takes no transition",
  ]
}

/// One row of the door's table in the lesson.
private struct DoorRow: Hashable {
  typealias Door = Lesson14.Door

  var from: Door.State
  var event: Door.Event
  var output: Door.Output
  var to: Door.State

  /// `closed --open / creak--> opened`.
  var text: String { "\(from) --\(event.name) / \(output.name)--> \(to)" }
}

/// What the door must do: the table of exercise 14.3.
private let doorTable: [DoorRow] = [
  DoorRow(from: .closed, event: .open, output: .creak, to: .opened),
  DoorRow(from: .opened, event: .close, output: .slam, to: .closed),
  DoorRow(from: .closed, event: .lock, output: .boltOut, to: .locked),
  DoorRow(from: .locked, event: .unlock, output: .boltIn, to: .closed),
  DoorRow(from: .locked, event: .open, output: .rattle, to: .locked),
]

/// A new door, as `Lesson14.Door` makes it.
private func newDoor() -> any StateMachine<
  Lesson14.Door.State, Lesson14.Door.Event, Lesson14.Door.Output
> {
  (try? Lesson14.Door.make(.enum)) ?? Lesson14.Door.Code()
}

/// How many places of the door's code and description differ from the
/// table: the count, not the places, since finding them is the exercise.
private func doorProblems() -> [String] {
  typealias Door = Lesson14.Door
  var problems = Problems()

  // The code: from each state of the table, every event.
  var wrongSteps = 0
  let paths: [(Door.State, [Door.Event])] = [(.closed, []), (.opened, [.open]), (.locked, [.lock])]
  for (state, path) in paths {
    var door = newDoor()
    _ = door.run(path)
    guard door.state == state else {
      wrongSteps += 1
      continue
    }
    for event in Door.Event.allCases {
      var copy = newDoor()
      _ = copy.run(path)
      let step = copy.step(event)
      if let row = doorTable.first(where: { $0.from == state && $0.event == event }) {
        if !step.fired || step.to != row.to || step.outputs != [row.output] { wrongSteps += 1 }
      } else if step.fired || step.to != state || !step.outputs.isEmpty {
        wrongSteps += 1
      }
    }
  }
  if wrongSteps > 0 {
    problems.add(
      "the code still does something else than the door's table in \(wrongSteps) "
        + "(state, event) pair\(wrongSteps == 1 ? "" : "s"): compare the outputs of "
        + "Door.Code().run(...) with the table")
  }

  // The description: the same transitions as the table, with their effects.
  let description = Door.description
  let drawn = description.transitions.map { transition in
    "\(transition.source) --\(description.label(of: transition))--> \(transition.target)"
  }
  let table = doorTable.map(\.text)
  let wrongArrows =
    drawn.filter { !table.contains($0) }.count + table.filter { !drawn.contains($0) }.count
    + (description.entrances.map(\.state) == [.closed] ? 0 : 1)
  if wrongArrows > 0 {
    problems.add(
      "the description still differs from the door's table in \(wrongArrows) "
        + "place\(wrongArrows == 1 ? "" : "s") (an arrow drawn that the table lacks or the other "
        + "way round, counted once each): print(Door.observedDifference(style: .enum)) and "
        + "read Door.description")
  }
  return problems.list
}
