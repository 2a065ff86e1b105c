// Lesson 6's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 6
// (see Lessons/06-dealing-with-change.md, "Exercises").
//
// This file is the security system's final revision, copied in all five
// styles under the name `Revision6`: the sixth change request, the
// maintenance mode, goes here. Change the vocabulary and one style for 6.1,
// a second style for 6.2, and the description for 6.3.
import StateMachines

enum Lesson6 {
  /// Exercise 6.1: the style you changed first, the one you expect to be
  /// cheapest: a prediction, which 6.2 measures.
  static let firstStyle: Style? = nil  // TODO: .nestedSwitch, .enum, .statePattern, ...

  /// Exercise 6.2: the style you changed second.
  static let secondStyle: Style? = nil  // TODO

  /// Exercise 6.2: what your change cost in `firstStyle`'s part of this
  /// file: the places (runs of changed lines) and the lines added and removed.
  static let firstChange: (places: Int, lines: Int)? = nil  // TODO: (places: 0, lines: 0)

  /// Exercise 6.2: the same, in `secondStyle`'s part.
  static let secondChange: (places: Int, lines: Int)? = nil  // TODO

  // Exercise 6.2: which change would you rather review, and why? Answer here,
  // in a comment: the check does not read it.

  /// This file, which the check of 6.2 reads to measure your changes.
  static let file = #filePath
}

// MARK: - The shared vocabulary

/// The security system, revision 6: for now, a copy of revision 5.
enum Revision6 {
  /// The system's states.
  enum State: String, StateID {
    case disarmed, armed, alarm, silentAlarm
  }

  /// What the control unit is told.
  enum Event: MachineEvent {
    case arm
    case disarm(code: String)
    case breach
    case panic
    case reset(code: String)

    /// The events; `disarm` and `reset` carry a code.
    static let signatures: [EventSignature<Event>] = [
      .plain("arm", .arm),
      .code("disarm") { .disarm(code: $0) },
      .plain("breach", .breach),
      .plain("panic", .panic),
      .code("reset") { .reset(code: $0) },
    ]

    /// The events without their data: what the table's rows are written for.
    enum Kind: String, CaseIterable, Sendable {
      case arm, disarm, breach, panic, reset
    }

    /// The event without its data.
    var kind: Kind {
      switch self {
      case .arm: .arm
      case .disarm: .disarm
      case .breach: .breach
      case .panic: .panic
      case .reset: .reset
      }
    }

    /// The code, for the events that carry one.
    var argument: String? {
      switch self {
      case .disarm(let code), .reset(let code): code
      case .arm, .breach, .panic: nil
      }
    }
  }

  /// What the control unit does: activities, effects and code checks.
  enum Output: String, MachineOutput {
    case systemDisarmed, systemArmed, alarmSounded, alarmStopped, policeInformed
    case codeAccepted, invalidCode, administratorInformed
  }

  /// How many wrong codes `armed` takes before the next one raises the alarm.
  static let wrongCodesAllowed = 3

  /// The machine as a diagram (exercise 6.3): drawn from the rows and
  /// activities the table style runs on.
  static let description = MachineDescription<State>(
    initial: .disarmed, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// A disarmed system in `style` that opens with `code`; `nil` for a style
  /// this copy is not written in.
  static func make(_ style: Style, code: String) -> (any StateMachine<State, Event, Output>)? {
    switch style {
    case .nestedSwitch: NestedSwitch(code: code)
    case .enum: Enum(code: code)
    case .statePattern: StatePattern(code: code)
    case .stateClasses: StateClasses(code: code)
    case .table: Table(code: code)
    default: nil
    }
  }

  /// A security system of revision 6 in any style.
  protocol Machine: StateMachine
  where
    State == Revision6.State, Event == Revision6.Event, Output == Revision6.Output,
    Failure == Never
  {}

  /// Checks an entered code and outputs `codeAccepted` or `invalidCode`.
  static func checkCode(_ entered: String, secret: String, emit: (Output) -> Void) -> Bool {
    let valid = entered == secret
    emit(valid ? .codeAccepted : .invalidCode)
    return valid
  }
}

// MARK: - Nested switches

extension Revision6 {
  /// The sixth revision as nested switches.
  struct NestedSwitch: Machine {
    /// The current state.
    private(set) var state: State = .disarmed

    /// Disarm attempts since the system was last armed.
    private(set) var attempts = 0

    /// The secret code.
    private let code: String

    init(code: String) {
      self.code = code
    }

    /// Handles one event: a `switch` on the event, then one on the state.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .arm:
        switch state {
        case .disarmed:
          state = .armed
          attempts = 0
          emit(.systemArmed)
          return .fired
        case .armed, .alarm, .silentAlarm:
          return .ignored
        }

      case .disarm(let entered):
        switch state {
        case .armed:
          if Revision6.checkCode(entered, secret: code, emit: emit) {
            state = .disarmed
            emit(.systemDisarmed)
          } else if attempts + 1 > Revision6.wrongCodesAllowed {
            emit(.administratorInformed)
            state = .alarm
            emit(.alarmSounded)
          } else {
            attempts += 1
          }
          return .fired
        case .disarmed, .alarm, .silentAlarm:
          return .ignored
        }

      case .breach:
        switch state {
        case .armed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm, .silentAlarm:
          return .ignored
        }

      case .panic:
        switch state {
        case .disarmed:
          state = .silentAlarm
          emit(.policeInformed)
          return .fired
        case .armed:
          state = .alarm
          emit(.alarmSounded)
          return .fired
        case .alarm, .silentAlarm:
          return .ignored
        }

      case .reset(let entered):
        switch state {
        case .alarm:
          guard Revision6.checkCode(entered, secret: code, emit: emit) else { return .ignored }
          emit(.alarmStopped)
          state = .disarmed
          emit(.systemDisarmed)
          return .fired
        case .silentAlarm:
          guard Revision6.checkCode(entered, secret: code, emit: emit) else { return .ignored }
          state = .disarmed
          emit(.systemDisarmed)
          return .fired
        case .disarmed, .armed:
          return .ignored
        }
      }
    }
  }
}

// MARK: - An enum

extension Revision6 {
  /// The sixth revision as an enum whose cases carry their data.
  enum Enum: Machine {
    case disarmed(code: String)
    case armed(code: String, attempts: Int)
    case alarm(code: String)
    case silentAlarm(code: String)

    init(code: String) {
      self = .disarmed(code: code)
    }

    /// The public id of the current state.
    var state: State {
      switch self {
      case .disarmed: .disarmed
      case .armed: .armed
      case .alarm: .alarm
      case .silentAlarm: .silentAlarm
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.disarmed(let code), .arm):
        transition(to: .armed(code: code, attempts: 0), emit: emit)
      case (.disarmed(let code), .panic):
        transition(to: .silentAlarm(code: code), emit: emit)

      case (.armed(let code, let attempts), .disarm(let entered)):
        if Revision6.checkCode(entered, secret: code, emit: emit) {
          transition(to: .disarmed(code: code), emit: emit)
        } else if attempts + 1 > Revision6.wrongCodesAllowed {
          transition(to: .alarm(code: code), effect: .administratorInformed, emit: emit)
        } else {
          self = .armed(code: code, attempts: attempts + 1)
        }
      case (.armed(let code, _), .breach), (.armed(let code, _), .panic):
        transition(to: .alarm(code: code), emit: emit)

      case (.alarm(let code), .reset(let entered)), (.silentAlarm(let code), .reset(let entered)):
        guard Revision6.checkCode(entered, secret: code, emit: emit) else { return .ignored }
        transition(to: .disarmed(code: code), emit: emit)

      case (.disarmed, _), (.armed, _), (.alarm, _), (.silentAlarm, _):
        return .ignored
      }
      return .fired
    }

    /// Leaves this state for `next`: exit, effect, entry.
    private mutating func transition(
      to next: Self, effect: Output? = nil, emit: (Output) -> Void
    ) {
      exit(emit: emit)
      if let effect { emit(effect) }
      self = next
      entry(emit: emit)
    }

    /// The entry activity of this state.
    private func entry(emit: (Output) -> Void) {
      switch self {
      case .disarmed: emit(.systemDisarmed)
      case .armed: emit(.systemArmed)
      case .alarm: emit(.alarmSounded)
      case .silentAlarm: emit(.policeInformed)
      }
    }

    /// The exit activity of this state.
    private func exit(emit: (Output) -> Void) {
      switch self {
      case .alarm: emit(.alarmStopped)
      case .disarmed, .armed, .silentAlarm: break
      }
    }
  }
}

// MARK: - The State pattern

extension Revision6 {
  /// A state of the sixth revision in the State pattern: every event is
  /// ignored and every activity does nothing unless a state says otherwise.
  protocol SystemState {
    var id: Revision6.State { get }
    func arm() -> Decision<any SystemState, Output>
    mutating func disarm(
      code: String, secret: String, emit: (Output) -> Void
    ) -> Decision<any SystemState, Output>
    func breach() -> Decision<any SystemState, Output>
    func panic() -> Decision<any SystemState, Output>
    func reset(
      code: String, secret: String, emit: (Output) -> Void
    ) -> Decision<any SystemState, Output>
    func entry(emit: (Output) -> Void)
    func exit(emit: (Output) -> Void)
  }
}

extension Revision6.SystemState {
  func arm() -> Decision<any Revision6.SystemState, Revision6.Output> { .ignore }
  func disarm(
    code: String, secret: String, emit: (Revision6.Output) -> Void
  ) -> Decision<any Revision6.SystemState, Revision6.Output> { .ignore }
  func breach() -> Decision<any Revision6.SystemState, Revision6.Output> { .ignore }
  func panic() -> Decision<any Revision6.SystemState, Revision6.Output> { .ignore }
  func reset(
    code: String, secret: String, emit: (Revision6.Output) -> Void
  ) -> Decision<any Revision6.SystemState, Revision6.Output> { .ignore }
  func entry(emit: (Revision6.Output) -> Void) {}
  func exit(emit: (Revision6.Output) -> Void) {}
}

extension Revision6 {
  /// The sixth revision with the State pattern: a context and one type per state.
  struct StatePattern: Machine {
    /// The current state object.
    private(set) var current: any SystemState = Disarmed()

    /// The secret code.
    private let code: String

    init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    var state: State { current.id }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .arm: current.arm()
        case .disarm(let entered): current.disarm(code: entered, secret: code, emit: emit)
        case .breach: current.breach()
        case .panic: current.panic()
        case .reset(let entered): current.reset(code: entered, secret: code, emit: emit)
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }
  }
}

extension Revision6.StatePattern {
  /// What a state of this revision decides.
  typealias Decision = StateMachines.Decision<any Revision6.SystemState, Revision6.Output>

  /// Off: it can be armed, or the panic button calls the police silently.
  struct Disarmed: Revision6.SystemState {
    var id: Revision6.State { .disarmed }

    func entry(emit: (Revision6.Output) -> Void) { emit(.systemDisarmed) }

    func arm() -> Decision { .go(to: Armed()) }

    func panic() -> Decision { .go(to: SilentAlarm()) }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  struct Armed: Revision6.SystemState {
    /// Disarm attempts since this state was entered.
    private(set) var attempts = 0

    var id: Revision6.State { .armed }

    func entry(emit: (Revision6.Output) -> Void) { emit(.systemArmed) }

    mutating func disarm(
      code: String, secret: String, emit: (Revision6.Output) -> Void
    ) -> Decision {
      if Revision6.checkCode(code, secret: secret, emit: emit) {
        return .go(to: Disarmed())
      }
      if attempts + 1 > Revision6.wrongCodesAllowed {
        return .go(to: Alarm(), effect: [.administratorInformed])
      }
      attempts += 1
      return .stay(effect: [])
    }

    func breach() -> Decision { .go(to: Alarm()) }

    func panic() -> Decision { .go(to: Alarm()) }
  }

  /// The siren sounds until a valid code resets it.
  struct Alarm: Revision6.SystemState {
    var id: Revision6.State { .alarm }

    func entry(emit: (Revision6.Output) -> Void) { emit(.alarmSounded) }

    func exit(emit: (Revision6.Output) -> Void) { emit(.alarmStopped) }

    func reset(code: String, secret: String, emit: (Revision6.Output) -> Void) -> Decision {
      Revision6.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }
  }

  /// The police were called without a sound; a valid code resets it.
  struct SilentAlarm: Revision6.SystemState {
    var id: Revision6.State { .silentAlarm }

    func entry(emit: (Revision6.Output) -> Void) { emit(.policeInformed) }

    func reset(code: String, secret: String, emit: (Revision6.Output) -> Void) -> Decision {
      Revision6.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed()) : .ignore
    }
  }
}

// MARK: - The state classes

extension Revision6 {
  /// A state as the Gang of Four print it: a class whose methods ignore every
  /// event and whose activities do nothing, and one subclass per state.
  class StateObject {
    /// What a state object decides: the class of the next state, and outputs.
    typealias Decision = StateMachines.Decision<StateObject.Type, Output>

    required init() {}

    var id: State { fatalError("every subclass names its state") }
    func arm() -> Decision { .ignore }
    func disarm(code: String, secret: String, emit: (Output) -> Void) -> Decision { .ignore }
    func breach() -> Decision { .ignore }
    func panic() -> Decision { .ignore }
    func reset(code: String, secret: String, emit: (Output) -> Void) -> Decision { .ignore }
    func entry(emit: (Output) -> Void) {}
    func exit(emit: (Output) -> Void) {}
  }

  /// The sixth revision with the book's state classes: the context holds the
  /// current state object, and makes a new one on each transition.
  final class StateClasses: Machine {
    /// The current state object.
    private(set) var current: StateObject = Disarmed()

    /// The secret code.
    private let code: String

    init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: exit, effect, entry, in that order.
    func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .arm: current.arm()
        case .disarm(let entered): current.disarm(code: entered, secret: code, emit: emit)
        case .breach: current.breach()
        case .panic: current.panic()
        case .reset(let entered): current.reset(code: entered, secret: code, emit: emit)
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        current = next.init()
        current.entry(emit: emit)
      }
      return .fired
    }
  }
}

extension Revision6.StateClasses {
  /// Off: it can be armed, or the panic button calls the police silently.
  final class Disarmed: Revision6.StateObject {
    override var id: Revision6.State { .disarmed }

    override func entry(emit: (Revision6.Output) -> Void) { emit(.systemDisarmed) }

    override func arm() -> Decision { .go(to: Armed.self) }

    override func panic() -> Decision { .go(to: SilentAlarm.self) }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  final class Armed: Revision6.StateObject {
    /// Wrong codes since this state was entered: the state object's own data.
    private(set) var attempts = 0

    override var id: Revision6.State { .armed }

    override func entry(emit: (Revision6.Output) -> Void) { emit(.systemArmed) }

    override func disarm(code: String, secret: String, emit: (Revision6.Output) -> Void)
      -> Decision
    {
      if Revision6.checkCode(code, secret: secret, emit: emit) {
        return .go(to: Disarmed.self)
      }
      if attempts + 1 > Revision6.wrongCodesAllowed {
        return .go(to: Alarm.self, effect: [.administratorInformed])
      }
      attempts += 1
      return .stay(effect: [])
    }

    override func breach() -> Decision { .go(to: Alarm.self) }

    override func panic() -> Decision { .go(to: Alarm.self) }
  }

  /// The siren sounds until a valid code resets it.
  final class Alarm: Revision6.StateObject {
    override var id: Revision6.State { .alarm }

    override func entry(emit: (Revision6.Output) -> Void) { emit(.alarmSounded) }

    override func exit(emit: (Revision6.Output) -> Void) { emit(.alarmStopped) }

    override func reset(code: String, secret: String, emit: (Revision6.Output) -> Void)
      -> Decision
    {
      Revision6.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }
  }

  /// The police were called without a sound; a valid code resets it.
  final class SilentAlarm: Revision6.StateObject {
    override var id: Revision6.State { .silentAlarm }

    override func entry(emit: (Revision6.Output) -> Void) { emit(.policeInformed) }

    override func reset(code: String, secret: String, emit: (Revision6.Output) -> Void)
      -> Decision
    {
      Revision6.checkCode(code, secret: secret, emit: emit) ? .go(to: Disarmed.self) : .ignore
    }
  }
}

// MARK: - The table

extension Revision6 {
  /// The sixth revision as a transition table: rows of data that one engine
  /// runs, and that the description is drawn from.
  struct Table: Machine {
    /// What the machine keeps beside its state.
    struct Data: Hashable, Sendable {
      let code: String
      var attempts = 0
    }

    /// The table: rows, then entry and exit activities.
    static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .init(.disarmed, on: .arm, to: .armed),
        .init(.disarmed, on: .panic, to: .silentAlarm),
        .init(.armed, on: .disarm, guard: "code valid", codeIsValid, to: .disarmed),
        .init(
          .armed, on: .disarm, guard: "code invalid and attempts > 3",
          { data, _, _ in data.attempts + 1 > wrongCodesAllowed },
          effect: [.administratorInformed], to: .alarm),
        .init(
          .armed, on: .disarm, guard: "code invalid and attempts <= 3",
          effect: ["attempts += 1"], perform: { data, _, _ in data.attempts += 1 }),
        .init(.armed, on: .breach, to: .alarm),
        .init(.armed, on: .panic, to: .alarm),
        .init(.alarm, on: .reset, guard: "code valid", codeIsValid, to: .disarmed),
        .init(.silentAlarm, on: .reset, guard: "code valid", codeIsValid, to: .disarmed),
      ],
      entry: [
        .disarmed: .emits(.systemDisarmed),
        .armed: .does("systemArmed") { data, emit in
          data.attempts = 0
          emit(.systemArmed)
        },
        .alarm: .emits(.alarmSounded),
        .silentAlarm: .emits(.policeInformed),
      ],
      exit: [
        .alarm: .emits(.alarmStopped)
      ])

    /// The guard of the events that carry a code: checks it.
    private static func codeIsValid(_ data: Data, _ event: Event, _ emit: (Output) -> Void) -> Bool
    {
      Revision6.checkCode(event.argument ?? "", secret: data.code, emit: emit)
    }

    /// The current state.
    private(set) var state: State = .disarmed

    /// The code and the attempt counter.
    private(set) var data: Data

    init(code: String) {
      data = Data(code: code)
    }

    /// Looks the event up in the table and carries out the row found.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      // No row of this table rejects an event, so firing never throws.
      (try? Self.table.fire(event, state: &state, data: &data, emit: emit)) ?? .ignored
    }
  }
}
