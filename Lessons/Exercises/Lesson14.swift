// Lesson 14's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 14
// (see Lessons/14-drawing-and-checking-diagrams.md, "Exercises").
import StateMachines

enum Lesson14 {
  /// A transition as a run takes it: from a state, on an event (by its name,
  /// as in `"disarm"`), to a state.
  struct Taken: Hashable, CustomStringConvertible {
    var from: SecuritySystem.State
    var event: String
    var to: SecuritySystem.State

    /// `armed --breach--> alarm`.
    var description: String { "\(from) --\(event)--> \(to)" }
  }

  /// Exercise 14.1: the run whose overlay you predict. Do not change it.
  static let run: [SecuritySystem.Event] = [
    .panic, .reset(code: "0000"), .reset(code: "1234"), .arm, .disarm(code: "1111"),
    .breach, .reset(code: "1234"), .arm, .panic, .panic, .reset(code: "1234"), .arm,
  ]

  /// Exercise 14.1: how many times the run takes each transition (how many
  /// step numbers it carries on the overlay), as in `Taken(from: .disarmed, event: "arm", to: .armed): 1`.
  static let predictedCounts: [Taken: Int] = [:]  // TODO

  /// Exercise 14.1: the state the run ends in, drawn orange.
  static let predictedEnd: SecuritySystem.State? = nil  // TODO

  /// Exercise 14.2: a run of a new security system (code 1234) that takes
  /// each of its nine described transitions, in 15 events.
  static let everyArrow: [SecuritySystem.Event] = []  // TODO
}

extension Lesson14 {
  /// Exercise 14.3: a door with a lock, whose description and code disagree.
  /// Fix each where it is wrong (the lesson has the door's table).
  enum Door: Machine {
    enum State: String, StateID { case opened, closed, locked }
    enum Event: String, MachineEvent, CaseIterable { case open, close, lock, unlock }
    enum Output: String, MachineOutput { case creak, slam, boltOut, boltIn, rattle }

    static let id = "door"
    static let summary = "A door with a lock."

    // TODO: the description, where it does not follow the door's table.
    static let description = MachineDescription<State>(
      initial: .closed, events: Event.signatures,
      transitions: [
        .init(.closed, on: "open", effect: "creak", to: .opened),
        .init(.opened, on: "close", effect: "slam", to: .closed),
        .init(.closed, on: "lock", effect: "boltOut", to: .locked),
        .init(.opened, on: "lock", effect: "boltOut", to: .locked),
        .internal(.locked, on: "open", effect: "rattle"),
      ])

    static let implementations = Implementations<Self>(every: { _ in Code() })
    static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }
    static let workedExamples: [WorkedExample<Self>] = []

    /// The door's code: one implementation for every style.
    struct Code: StateMachine {
      typealias State = Door.State
      typealias Event = Door.Event
      typealias Output = Door.Output

      var state = State.closed

      // TODO: the code, where it does not follow the door's table.
      mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
        switch (state, event) {
        case (.closed, .open):
          emit(.creak)
          state = .opened
        case (.opened, .close):
          emit(.slam)
          state = .closed
        case (.closed, .lock):
          emit(.boltOut)
          state = .locked
        case (.locked, .unlock):
          emit(.boltIn)
          state = .closed
        case (.locked, .open):
          emit(.creak)
          state = .opened
        default:
          return .ignored
        }
        return .fired
      }
    }
  }
}
