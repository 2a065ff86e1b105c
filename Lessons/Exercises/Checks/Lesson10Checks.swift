import StateMachines

extension ExerciseCheck {
  /// Lesson 10: tables and the ticket workflow.
  static let lesson10 = [
    ExerciseCheck("10.1", "a review step") {
      reviewProblems()
    },
    ExerciseCheck("10.2", "the shortest way") {
      pathProblems()
    },
    ExerciseCheck("10.3", "a bare next-state table, from the description") {
      // One machine at a time, the security system first.
      let machines: [any Machine.Type] = [
        SecuritySystem.self, Turnstile.self, GumballMachine.self, TCPConnection.self,
        RecordCommit.self,
      ]
      for machine in machines {
        let problems = nextStateProblems(machine)
        if !problems.isEmpty { return problems }
      }
      return tableAgreesWithSecuritySystem()
    },
  ]
}

private typealias ReviewState = Lesson10.ReviewState

/// The workflow with its review step, as the exercise describes it.
private func reviewAllows(_ source: ReviewState, _ target: ReviewState) -> Bool {
  switch (source, target) {
  case (.inProgress, .resolved): return false
  case (.inProgress, .inReview), (.inReview, .inProgress), (.inReview, .resolved): return true
  case (.inReview, _), (_, .inReview): return false
  default:
    guard let from = TicketWorkflow.State(rawValue: source.rawValue),
      let to = TicketWorkflow.State(rawValue: target.rawValue)
    else { return false }
    return TicketWorkflow.Table.allowedNextStates[from]?.contains(to) ?? false
  }
}

/// How many cells of the student's table are wrong, over the whole table
/// and once every row is written: the count, not the rows or the cells,
/// since each cell is a yes or a no.
private func reviewProblems() -> [String] {
  let table = Lesson10.Review.allowedNextStates
  let missingRows = ReviewState.allCases.filter { table[$0] == nil }
  if !missingRows.isEmpty {
    return [
      "the table has no row for \(missingRows.map(\.rawValue).joined(separator: ", ")): "
        + "every state needs one (an empty set for a state that allows nothing)"
    ]
  }
  var wrong = 0
  for source in ReviewState.allCases {
    var review = Lesson10.Review()
    review.state = source
    for target in ReviewState.allCases
    where review.canTransition(to: target) != reviewAllows(source, target) {
      wrong += 1
    }
  }
  guard wrong > 0 else { return [] }
  let cells = ReviewState.allCases.count * ReviewState.allCases.count
  return [
    "\(wrong) of the table's \(cells) cells (a move allowed or not) \(wrong == 1 ? "is" : "are") "
      + "not what the workflow says yet; the check does not say which: start again from the "
      + "ticket's table and change only what the request names"
  ]
}

/// Whether `path` is a way from `start` to `goal` along allowed moves.
private func pathIsValid(
  _ path: [TicketWorkflow.State], from start: TicketWorkflow.State, to goal: TicketWorkflow.State
) -> String? {
  var ticket = TicketWorkflow.Table()
  // Bring a new ticket to `start` along moves the table allows.
  for state in shortestDistances(from: .open).route[start] ?? [] {
    try? ticket.moveTo(state)
  }
  guard ticket.state == start else { return "cannot bring a ticket to \(start)" }
  for state in path {
    guard ticket.canTransition(to: state) else {
      return "moves from \(ticket.state) to \(state), which the table forbids"
    }
    try? ticket.moveTo(state)
  }
  return ticket.state == goal ? nil : "ends in \(ticket.state), not in \(goal)"
}

/// The number of moves from `start` to every state, and one route to each.
private func shortestDistances(
  from start: TicketWorkflow.State
) -> (distance: [TicketWorkflow.State: Int], route: [TicketWorkflow.State: [TicketWorkflow.State]])
{
  var route: [TicketWorkflow.State: [TicketWorkflow.State]] = [start: []]
  var queue = [start]
  var next = 0
  while next < queue.count {
    let state = queue[next]
    next += 1
    for target in TicketWorkflow.State.allCases
    where route[target] == nil
      && (TicketWorkflow.Table.allowedNextStates[state]?.contains(target) ?? false)
    {
      route[target] = (route[state] ?? []) + [target]
      queue.append(target)
    }
  }
  return (route.mapValues(\.count), route)
}

/// The paths that are not valid or not shortest; at most three.
private func pathProblems() -> [String] {
  var problems: [String] = []
  for start in TicketWorkflow.State.allCases {
    let distances = shortestDistances(from: start).distance
    for goal in TicketWorkflow.State.allCases {
      let path = Lesson10.path(from: start, to: goal)
      let call = "Lesson10.path(from: .\(start), to: .\(goal)) = \(path)"
      if let mistake = pathIsValid(path, from: start, to: goal) {
        problems.append("\(call) \(mistake)")
      } else if let shortest = distances[goal], path.count > shortest {
        problems.append("\(call) takes \(path.count) moves; a shorter way exists")
      }
    }
  }
  return Array(problems.prefix(3))
}

// MARK: - 10.3

/// The problems of `Lesson10.nextStateTable` for `machine`: every cell is
/// compared with the table's rules.
private func nextStateProblems<M: Machine>(_ machine: M.Type) -> [String] {
  let description = M.description
  let table = Lesson10.nextStateTable(of: M.self)
  var problems: [String] = []
  for state in description.states {
    guard let row = table[state] else {
      problems.append("\(M.id): nextStateTable(of: \(M.self).self) has no row for \(state)")
      continue
    }
    for event in description.events.map(\.name) {
      let (expected, why) = nextStateCell(description, state, event)
      guard let cell = row[event] else {
        problems.append(
          "\(M.id): the row of \(state) has no column \"\(event)\": \(why)")
        continue
      }
      if cell != expected {
        problems.append(
          "\(M.id): from \(state) on \(event) your table goes to \(cell), which is not what "
            + "the rules say: \(why)")
      }
    }
  }
  guard problems.count > 5 else { return problems }
  return problems.prefix(4) + ["\(M.id): and \(problems.count - 4) more like these"]
}

/// The table's cell for `state` and `event`, and which of the rules of
/// exercise 10.3 decides it, in words that do not name the cell.
private func nextStateCell<State>(
  _ description: MachineDescription<State>, _ state: State, _ event: String
) -> (State, String) {
  var target = state
  var why = "no transition leaves \(state) on \(event)"
  if let first = description.transitions.first(where: {
    $0.source == state && $0.event == event
  }) {
    target = first.target
    why = "the first described transition from \(state) on \(event) decides"
    if first.guardLabel != nil { why += ", guard ignored" }
  }
  if description.isTransient(target),
    let completion = description.transitions.first(where: {
      $0.source == target && $0.isCompletion
    })
  {
    why += "; its target is transient"
    target = completion.target
  }
  return (target, why)
}

/// With the right code, the real security system and the table agree from
/// every state: the table only leaves out the guards.
private func tableAgreesWithSecuritySystem() -> [String] {
  let table = Lesson10.nextStateTable(of: SecuritySystem.self)
  let code = SecuritySystem.Configuration().code
  let ways: [SecuritySystem.State: [SecuritySystem.Event]] = [
    .disarmed: [], .armed: [.arm], .alarm: [.arm, .breach], .silentAlarm: [.panic],
  ]
  var problems: [String] = []
  for (state, path) in ways.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
    for event in SecuritySystem.sampleEvents(for: SecuritySystem.Configuration())
    where (event.argument ?? code) == code {
      var machine = SecuritySystem.Enum(code: code)
      path.forEach { _ = machine.outputs(of: $0) }
      _ = machine.outputs(of: event)
      if table[state]?[event.name] != machine.state {
        problems.append(
          "security-system: from \(state), \(event.name) with the right code takes the machine "
            + "elsewhere than your table")
      }
    }
  }
  return problems
}
