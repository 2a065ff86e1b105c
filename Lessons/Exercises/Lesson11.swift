// Lesson 11's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 11
// (see Lessons/11-measuring-dispatch-cost.md, "Exercises").
import StateMachines

/// Exercise 11.1: counts each kind of turnstile output, without keeping the
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

enum Lesson11 {
  /// Exercise 11.1: hands every event of `events`, in order, to `machine`, and
  /// returns the tally of its outputs. Allocates nothing.
  static func tally(
    _ events: [Turnstile.Event], through machine: inout some TurnstileMachine
  ) -> TurnstileTally {
    // TODO: one tally, and `handle(_:emit:)` for each event.
    TurnstileTally()
  }

  /// Exercise 11.2: whether a value of type `type` is stored inside an
  /// existential's inline buffer (`any P`, `Any`), rather than in a box on
  /// the heap.
  static func fitsInline<T>(_ type: T.Type) -> Bool {
    false  // TODO: ask MemoryLayout<T>
  }

  /// Exercise 11.3: whether a rerun's time `now` agrees with the committed
  /// time `committed` of the same cell (both in ns per event): whether it is
  /// within the noise band the report's header states.
  static func agrees(committed: Double, now: Double) -> Bool {
    false  // TODO
  }
}
