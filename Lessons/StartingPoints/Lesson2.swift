// Lesson 2's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 2
// (see Lessons/02-three-styles.md, "Exercises").
import StateMachines

/// Exercise 2.1: the nested-switch turnstile with its switches the other way
/// round: `switch state` outside, `switch event` inside.
struct TransposedTurnstile: TurnstileMachine {
  /// The current state.
  private(set) var state = Turnstile.State.locked

  /// Handles one event.
  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    // TODO: switch state { case .locked: switch event { ... } case .unlocked: ... }
    .ignored
  }
}

/// Exercise 2.2: the transition table as data, by hand.
struct TableTurnstile: TurnstileMachine {
  /// What one cell of the table says: the output, and the state to go to.
  struct Cell: Sendable {
    var output: Turnstile.Output
    var target: Turnstile.State
  }

  /// The transition table: `table[state]?[event]`.
  static let table: [Turnstile.State: [Turnstile.Event: Cell]] = [:]  // TODO: four cells

  /// The current state.
  private(set) var state = Turnstile.State.locked

  /// Looks the event up in the table; there is no code to change here.
  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    guard let cell = Self.table[state]?[event] else { return .ignored }
    emit(cell.output)
    state = cell.target
    return .fired
  }
}

enum Lesson2 {
  /// Exercise 2.3: whether all `machines`, each driven through `events` from
  /// the state it is in, record the same trace.
  static func agree(_ machines: [any TurnstileMachine], on events: [Turnstile.Event]) -> Bool {
    // TODO: run each machine (`run`), then compare the traces.
    false
  }
}
