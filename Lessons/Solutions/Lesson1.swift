// Reference solutions for Lesson 1. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson1 {
  /// Exercise 1.1: the turnstile's transition table, written as a function.
  static func transition(
    from state: Turnstile.State, on event: Turnstile.Event
  ) -> (to: Turnstile.State, output: Turnstile.Output) {
    switch (state, event) {
    case (.locked, .coin): (.unlocked, .unlock)
    case (.locked, .pass): (.locked, .alarm)
    case (.unlocked, .coin): (.unlocked, .thankYou)
    case (.unlocked, .pass): (.locked, .lock)
    }
  }

  /// Exercise 1.2: pass (alarm), coin (unlock), coin (thankYou), pass (lock).
  static let puzzle: [Turnstile.Event] = [.pass, .coin, .coin, .pass]

  /// Exercise 1.3: a passage is a `pass` that finds the turnstile unlocked.
  static func passages(_ events: [Turnstile.Event]) -> Int {
    var gate = Turnstile.Enum()
    var count = 0
    for event in events {
      let step = gate.step(event)
      if step.event == .pass && step.from == .unlocked {
        count += 1
      }
    }
    return count
  }
}
