// Reference solutions for Lesson 10. The lessons' tests compile them with the
// checks, which must all pass.
import StateMachines

enum Lesson10 {
  /// The ticket's states, with the new review step.
  enum ReviewState: String, CaseIterable, Hashable, Sendable {
    case open, reopened, inProgress, inReview, resolved, closed
  }

  /// Exercise 10.1: the ticket workflow with a review step, as a table.
  struct Review: NextStateTable {
    /// From each state, the states it may move to.
    static let allowedNextStates: [ReviewState: Set<ReviewState>] = [
      .open: [.inProgress, .resolved, .closed],
      .reopened: [.inProgress, .resolved, .closed],
      .inProgress: [.open, .inReview],
      .inReview: [.inProgress, .resolved],
      .resolved: [.reopened, .closed],
      .closed: [.reopened],
    ]

    /// The current state; a new ticket is open.
    var state = ReviewState.open
  }

  /// Exercise 10.2: the states a ticket moves to, in order, on a shortest
  /// way from `start` to `goal` in the workbench's ticket workflow.
  static func path(
    from start: TicketWorkflow.State, to goal: TicketWorkflow.State
  ) -> [TicketWorkflow.State] {
    // Breadth first: the first time a state is reached, it is by a shortest way.
    var cameFrom: [TicketWorkflow.State: TicketWorkflow.State] = [:]
    var queue = [start]
    var next = 0
    while next < queue.count, queue[next] != goal {
      let state = queue[next]
      next += 1
      for target in TicketWorkflow.State.allCases
      where TicketWorkflow.Table.allowedNextStates[state]?.contains(target) ?? false
        && target != start && cameFrom[target] == nil
      {
        cameFrom[target] = state
        queue.append(target)
      }
    }
    var path: [TicketWorkflow.State] = []
    var state = goal
    while state != start, let previous = cameFrom[state] {
      path.insert(state, at: 0)
      state = previous
    }
    return path
  }

  /// Exercise 10.3: for each state and event, the first described transition
  /// (guards ignored), through a transient target's completion transition;
  /// an event the state does not handle leaves it where it is.
  static func nextStateTable<M: Machine>(
    of machine: M.Type
  ) -> [M.DescribedState: [String: M.DescribedState]] {
    let description = M.description
    var table: [M.DescribedState: [String: M.DescribedState]] = [:]
    for state in description.states {
      var row: [String: M.DescribedState] = [:]
      for event in description.events.map(\.name) {
        var target =
          description.transitions.first { $0.source == state && $0.event == event }?.target
          ?? state
        if description.isTransient(target),
          let completion = description.transitions.first(where: {
            $0.source == target && $0.isCompletion
          })
        {
          target = completion.target
        }
        row[event] = target
      }
      table[state] = row
    }
    return table
  }
}
