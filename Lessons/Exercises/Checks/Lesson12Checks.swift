import StateMachines

extension ExerciseCheck {
  /// Lesson 12: tables and the ticket workflow.
  static let lesson12 = [
    ExerciseCheck(
      "12.1", "a review step",
      hint: "list the moves of each state on paper first, from the ticket's table and the "
        + "request; then compare your dictionary with the paper, row by row"
    ) {
      reviewProblems()
    },
    ExerciseCheck(
      "12.2", "the shortest way",
      hint: "visit the states in the order they are first reached (a queue), and remember for "
        + "each one the state it was reached from"
    ) {
      pathProblems()
    },
  ]
}

private typealias ReviewState = Lesson12.ReviewState

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

/// How many moves the student's table gets wrong, each way: the count, and
/// which rows, but not which cells.
private func reviewProblems() -> [String] {
  var problems: [String] = []
  let table = Lesson12.Review.allowedNextStates
  let missingRows = ReviewState.allCases.filter { table[$0] == nil }
  if !missingRows.isEmpty {
    problems.append(
      "the table has no row for \(missingRows.map(\.rawValue).joined(separator: ", ")): "
        + "every state needs one")
  }
  var wrongRows: [String] = []
  var allowedWrongly = 0
  var refusedWrongly = 0
  for source in ReviewState.allCases where table[source] != nil {
    var review = Lesson12.Review()
    review.state = source
    var wrong = false
    for target in ReviewState.allCases {
      let wanted = reviewAllows(source, target)
      let allowed = review.canTransition(to: target)
      if allowed && !wanted { allowedWrongly += 1 }
      if !allowed && wanted { refusedWrongly += 1 }
      wrong = wrong || allowed != wanted
    }
    if wrong { wrongRows.append(source.rawValue) }
  }
  if !wrongRows.isEmpty {
    problems.append(
      "the row\(wrongRows.count == 1 ? "" : "s") of \(wrongRows.joined(separator: ", ")) "
        + "allow\(wrongRows.count == 1 ? "s" : "") \(allowedWrongly) move(s) the workflow "
        + "forbids and forbid\(wrongRows.count == 1 ? "s" : "") \(refusedWrongly) it allows")
  }
  return problems
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
      let path = Lesson12.path(from: start, to: goal)
      let call = "Lesson12.path(from: .\(start), to: .\(goal)) = \(path)"
      if let mistake = pathIsValid(path, from: start, to: goal) {
        problems.append("\(call) \(mistake)")
      } else if let shortest = distances[goal], path.count > shortest {
        problems.append("\(call) takes \(path.count) moves; a shorter way exists")
      }
    }
  }
  return Array(problems.prefix(3))
}
