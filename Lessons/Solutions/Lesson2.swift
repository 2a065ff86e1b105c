// Reference solutions for Lesson 2. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

/// Exercise 2.1: `switch state` outside, `switch event` inside.
struct TransposedTurnstile: TurnstileMachine {
  /// The current state.
  private(set) var state = Turnstile.State.locked

  /// Handles one event.
  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    switch state {
    case .locked:
      switch event {
      case .coin:
        emit(.unlock)
        state = .unlocked
      case .pass:
        emit(.alarm)
      }
    case .unlocked:
      switch event {
      case .coin:
        emit(.thankYou)
      case .pass:
        emit(.lock)
        state = .locked
      }
    }
    return .fired
  }
}

/// Exercise 2.2: the transition table as data.
struct TableTurnstile: TurnstileMachine {
  /// What one cell of the table says: the output, and the state to go to.
  struct Cell: Sendable {
    var output: Turnstile.Output
    var target: Turnstile.State
  }

  /// The transition table: `table[state]?[event]`.
  static let table: [Turnstile.State: [Turnstile.Event: Cell]] = [
    .locked: [
      .coin: Cell(output: .unlock, target: .unlocked),
      .pass: Cell(output: .alarm, target: .locked),
    ],
    .unlocked: [
      .coin: Cell(output: .thankYou, target: .unlocked),
      .pass: Cell(output: .lock, target: .locked),
    ],
  ]

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
  /// Exercise 2.3: run every machine, then compare whole traces (events,
  /// states before and after, outputs), not only the outputs.
  static func agree(_ machines: [any TurnstileMachine], on events: [Turnstile.Event]) -> Bool {
    let traces = machines.map { machine in
      var machine = machine
      return machine.run(events)
    }
    return traces.allSatisfy { $0 == traces.first }
  }
}
