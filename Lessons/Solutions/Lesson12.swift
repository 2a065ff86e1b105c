// Reference solutions for Lesson 12. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

/// Exercise 12.1: four counters in the struct itself. A `[Output: Int]`
/// dictionary or an array of counts would keep its storage on the heap.
struct TurnstileTally {
  private var unlocks = 0
  private var locks = 0
  private var alarms = 0
  private var thankYous = 0

  /// Counts `output`.
  mutating func add(_ output: Turnstile.Output) {
    switch output {
    case .unlock: unlocks += 1
    case .lock: locks += 1
    case .alarm: alarms += 1
    case .thankYou: thankYous += 1
    }
  }

  /// How many times `output` was added.
  func count(of output: Turnstile.Output) -> Int {
    switch output {
    case .unlock: unlocks
    case .lock: locks
    case .alarm: alarms
    case .thankYou: thankYous
    }
  }
}

enum Lesson12 {
  /// Exercise 12.1: one tally for the whole run, and `handle` adds each output
  /// to it as it is emitted; `coin()` or `outputs(of:)` would build an array
  /// per event.
  static func tally(
    _ events: [Turnstile.Event], through machine: inout some TurnstileMachine
  ) -> TurnstileTally {
    var tally = TurnstileTally()
    for event in events {
      _ = machine.handle(event) { tally.add($0) }
    }
    return tally
  }

  /// Exercise 12.2: three words of size, and no stricter alignment than a
  /// word. (A type that is not bitwise-takable, such as one holding a `weak`
  /// reference, is boxed too; `MemoryLayout` does not tell that.)
  static func fitsInline<T>(_ type: T.Type) -> Bool {
    MemoryLayout<T>.size <= 3 * MemoryLayout<Int>.size
      && MemoryLayout<T>.alignment <= MemoryLayout<Int>.alignment
  }
}
