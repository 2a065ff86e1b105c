// Lesson 1's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 1
// (see Lessons/01-finite-state-machines.md, "Exercises").
import StateMachines

enum Lesson1 {
  /// Exercise 1.1: the turnstile's transition table, written as a function.
  ///
  /// For a state and an event, the state the turnstile goes to and the one
  /// output it produces on the way.
  static func transition(
    from state: Turnstile.State, on event: Turnstile.Event
  ) -> (to: Turnstile.State, output: Turnstile.Output) {
    // TODO: one `case` per row of the table: `switch (state, event) { ... }`.
    (state, .alarm)
  }

  /// Exercise 1.2: events that make a new turnstile produce exactly
  /// `alarm`, `unlock`, `thankYou`, `lock`, in this order.
  static let puzzle: [Turnstile.Event] = []  // TODO

  /// Exercise 1.3: how many people walked through the gate during `events`,
  /// starting from a new turnstile. Pushing against a locked arm is not
  /// walking through.
  static func passages(_ events: [Turnstile.Event]) -> Int {
    // TODO: drive a turnstile with `step` and look at each step.
    0
  }
}
