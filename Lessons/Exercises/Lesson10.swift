// Lesson 10's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 10
// (see Lessons/10-tables.md, "Exercises").
import StateMachines

enum Lesson10 {
  /// The ticket's states, with the new review step.
  enum ReviewState: String, CaseIterable, Hashable, Sendable {
    case open, reopened, inProgress, inReview, resolved, closed
  }

  /// Exercise 10.1: the ticket workflow with a review step, as a table.
  struct Review: NextStateTable {
    /// From each state, the states it may move to.
    static let allowedNextStates: [ReviewState: Set<ReviewState>] = [:]  // TODO

    /// The current state; a new ticket is open.
    var state = ReviewState.open
  }

  /// Exercise 10.2: the states a ticket moves to, in order, on a shortest
  /// way from `start` to `goal` in the workbench's ticket workflow.
  static func path(
    from start: TicketWorkflow.State, to goal: TicketWorkflow.State
  ) -> [TicketWorkflow.State] {
    // TODO: a breadth-first search over TicketWorkflow.Table.allowedNextStates.
    []
  }

  /// Exercise 10.3: `machine`'s bare next-state table, built from its
  /// description: `table[state]?[eventName]` is the state the table goes to.
  /// Every state has a row, and every row a column for every event.
  static func nextStateTable<M: Machine>(
    of machine: M.Type
  ) -> [M.DescribedState: [String: M.DescribedState]] {
    [:]  // TODO: M.description.states, .events, .transitions
  }
}
