extension ExerciseCheck {
  /// Lesson 5: the book's State pattern, with classes.
  static let lesson5 = [
    ExerciseCheck("5.1", "one object per state class") {
      sharingProblems()
    },
    ExerciseCheck("5.2", "the violation state") {
      violationProblems()
    },
  ]
}

private typealias Gate = Lesson5.Gate

/// Whether the gate makes a new state object per transition. Every object
/// seen is kept alive, so that a freed object's address cannot be reused
/// by the next one and pass for the same object.
private func sharingProblems() -> [String] {
  var problems: [String] = []
  let events: [Lesson5.GateEvent] = [.coin, .pass, .coin, .coin, .pass, .coin, .pass]
  let gate = Gate()
  var seen: [ObjectIdentifier: Lesson5.GateState] = [ObjectIdentifier(gate.current): gate.current]
  for event in events {
    gate.handle(event)
    seen[ObjectIdentifier(gate.current)] = gate.current
  }
  let names = Set(seen.values.map(\.name))
  if seen.count > names.count {
    problems.append(
      "for \(events.count) events your gate used \(seen.count) state objects of "
        + "\(names.count) state classes: one object per class is enough")
  }
  let expected: [Lesson5.GateOutput] = [.unlock, .lock, .unlock, .thankYou, .lock, .unlock, .lock]
  if gate.outputs != expected || gate.current.name != "locked" {
    problems.append(
      "on \(events.map(\.rawValue)) the gate now outputs \(gate.outputs.map(\.rawValue)) and "
        + "ends \(gate.current.name): sharing the objects must not change what it does")
  }
  return problems
}

/// What the exercise's turnstile does: the state after, and the output.
private func violationRule(
  _ state: String, _ event: Lesson5.GateEvent
) -> (to: String, output: Lesson5.GateOutput?) {
  switch (state, event) {
  case ("locked", .coin): ("unlocked", .unlock)
  case ("locked", .pass): ("violation", .alarm)
  case ("unlocked", .coin): ("unlocked", .thankYou)
  case ("unlocked", .pass): ("locked", .lock)
  case ("violation", .reset): ("locked", .resetAlarm)
  default: (state, nil)
  }
}

/// How many (state, event) pairs the gate gets wrong: the count, not which.
private func violationProblems() -> [String] {
  let paths: [(String, [Lesson5.GateEvent])] = [
    ("locked", []), ("unlocked", [.coin]), ("violation", [.pass]),
  ]
  var wrong = 0
  for (state, path) in paths {
    let start = Gate()
    path.forEach(start.handle)
    guard start.current.name == state else {
      if state == "violation" {
        return ["pushing a locked arm does not reach a state named violation yet"]
      }
      wrong += 1
      continue
    }
    for event in Lesson5.GateEvent.allCases {
      let gate = Gate()
      path.forEach(gate.handle)
      let before = gate.outputs.count
      gate.handle(event)
      let rule = violationRule(state, event)
      let said = Array(gate.outputs.dropFirst(before))
      if gate.current.name != rule.to || said != (rule.output.map { [$0] } ?? []) { wrong += 1 }
    }
  }
  return wrong == 0
    ? []
    : [
      "your gate does something else than the exercise's turnstile in \(wrong) (state, event) "
        + "pair\(wrong == 1 ? "" : "s"): try each event in each state in the REPL"
    ]
}
