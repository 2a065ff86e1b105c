// Lesson 12's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 12
// (see Lessons/12-why-each-style-costs.md, "Exercises").
import StateMachines

/// Exercise 12.1: counts each kind of turnstile output, without keeping the
/// outputs and without allocating.
struct TurnstileTally {
  // TODO: what does a tally need to remember?

  /// Counts `output`.
  mutating func add(_ output: Turnstile.Output) {
    // TODO
  }

  /// How many times `output` was added.
  func count(of output: Turnstile.Output) -> Int {
    0  // TODO
  }
}

enum Lesson12 {
  /// Exercise 12.1: hands every event of `events`, in order, to `machine`, and
  /// returns the tally of its outputs. Allocates nothing.
  static func tally(
    _ events: [Turnstile.Event], through machine: inout some TurnstileMachine
  ) -> TurnstileTally {
    // TODO: one tally, and `handle(_:emit:)` for each event.
    TurnstileTally()
  }

  /// Exercise 12.2: whether a value of type `type` is stored inside an
  /// existential's inline buffer (`any P`, `Any`), rather than in a box on
  /// the heap.
  static func fitsInline<T>(_ type: T.Type) -> Bool {
    false  // TODO: ask MemoryLayout<T>
  }
}
