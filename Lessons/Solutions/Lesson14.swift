// Reference solutions for Lesson 14. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
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
  static let predictedCounts: [Taken: Int] = [
    Taken(from: .disarmed, event: "panic", to: .silentAlarm): 1,
    Taken(from: .silentAlarm, event: "reset", to: .disarmed): 1,
    Taken(from: .disarmed, event: "arm", to: .armed): 3,
    Taken(from: .armed, event: "disarm", to: .armed): 1,
    Taken(from: .armed, event: "breach", to: .alarm): 1,
    Taken(from: .armed, event: "panic", to: .alarm): 1,
    Taken(from: .alarm, event: "reset", to: .disarmed): 2,
  ]

  /// Exercise 14.1: the state the run ends in, drawn orange.
  static let predictedEnd: SecuritySystem.State? = .armed

  /// Exercise 14.2: a run of a new security system (code 1234) that takes
  /// each of its nine described transitions, in 15 events.
  static let everyArrow: [SecuritySystem.Event] = [
    .panic, .reset(code: "1234"),
    .arm, .disarm(code: "1234"),
    .arm, .breach, .reset(code: "1234"),
    .arm, .panic, .reset(code: "1234"),
    .arm, .disarm(code: "0000"), .disarm(code: "0000"), .disarm(code: "0000"),
    .disarm(code: "0000"),
  ]
}

extension Lesson14 {
  /// Exercise 14.3: the description lost `opened --lock--> locked`, which the
  /// door cannot do, and learned the unlock; the code's lock now holds.
  enum Door: Machine {
    enum State: String, StateID { case opened, closed, locked }
    enum Event: String, MachineEvent, CaseIterable { case open, close, lock, unlock }
    enum Output: String, MachineOutput { case creak, slam, boltOut, boltIn, rattle }

    static let id = "door"
    static let summary = "A door with a lock."

    static let description = MachineDescription<State>(
      initial: .closed, events: Event.signatures,
      transitions: [
        .init(.closed, on: "open", effect: "creak", to: .opened),
        .init(.opened, on: "close", effect: "slam", to: .closed),
        .init(.closed, on: "lock", effect: "boltOut", to: .locked),
        .init(.locked, on: "unlock", effect: "boltIn", to: .closed),
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
          emit(.rattle)
        default:
          return .ignored
        }
        return .fired
      }
    }
  }
}
