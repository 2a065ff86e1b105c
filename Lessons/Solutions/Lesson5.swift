// Reference solutions for Lesson 5. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
//
// The maintenance mode in all three styles, so that you can compare your
// change with the other two: `diff` this file with your Exercises/Lesson5.swift,
// or with the starting point (`git show HEAD:Lessons/Exercises/Lesson5.swift`).
import StateMachines

enum Lesson5 {
  /// Exercise 5.1: the style you changed first.
  static let firstStyle: Style? = .statePattern

  /// Exercise 5.2: the style you changed second.
  static let secondStyle: Style? = .nestedSwitch
}

// MARK: - The shared vocabulary

/// The security system, revision 6: revision 5 and a maintenance mode.
enum Revision6 {
  /// The system's states.
  enum State: String, StateID {
    case disarmed, armed, alarm, silentAlarm
    /// Technicians at work: sensors and the panic button are ignored.
    case maintenance
  }

  /// What the control unit is told.
  enum Event: MachineEvent {
    case arm
    case disarm(code: String)
    case breach
    case panic
    case reset(code: String)
    /// Start maintenance with a code.
    case maintain(code: String)

    /// The events; `disarm`, `reset` and `maintain` carry a code.
    static let signatures: [EventSignature<Event>] = [
      .plain("arm", .arm),
      .code("disarm") { .disarm(code: $0) },
      .plain("breach", .breach),
      .plain("panic", .panic),
      .code("reset") { .reset(code: $0) },
      .code("maintain") { .maintain(code: $0) },
    ]

    /// The public name.
    var name: String {
      switch self {
      case .arm: "arm"
      case .disarm: "disarm"
      case .breach: "breach"
      case .panic: "panic"
      case .reset: "reset"
      case .maintain: "maintain"
      }
    }

    /// The code, for the events that carry one.
    var argument: String? {
      switch self {
      case .disarm(let code), .reset(let code), .maintain(let code): code
      case .arm, .breach, .panic: nil
      }
    }
  }

  /// What the control unit does: activities, effects and code checks.
  enum Output: String, MachineOutput {
    case systemDisarmed, systemArmed, alarmSounded, alarmStopped, policeInformed
    case codeAccepted, invalidCode, administratorInformed
    case maintenanceStarted, maintenanceEnded
  }

  /// How many wrong codes `armed` takes before the next one raises the alarm.
  static let wrongCodesAllowed = 3

  /// The machine as a diagram (exercise 5.3).
  static let description = MachineDescription<State>(
    initial: .disarmed,
    events: Event.signatures,
    activities: [
      .disarmed: .entry("systemDisarmed"),
      .armed: .entry("systemArmed"),
      .alarm: .init(entry: ["alarmSounded"], exit: ["alarmStopped"]),
      .silentAlarm: .entry("policeInformed"),
      .maintenance: .init(entry: ["maintenanceStarted"], exit: ["maintenanceEnded"]),
    ],
    transitions: [
      .init(.disarmed, on: "arm", to: .armed),
      .init(.disarmed, on: "panic", to: .silentAlarm),
      .init(.armed, on: "disarm", guard: "code valid", to: .disarmed),
      .init(
        .armed, on: "disarm", guard: "code invalid and attempts > 3",
        effect: "administratorInformed", to: .alarm),
      .init(.armed, on: "breach", to: .alarm),
      .init(.armed, on: "panic", to: .alarm),
      .init(.alarm, on: "reset", guard: "code valid", to: .disarmed),
      .init(.silentAlarm, on: "reset", guard: "code valid", to: .disarmed),
      .init(.disarmed, on: "maintain", guard: "code valid", to: .maintenance),
      .init(.maintenance, on: "disarm", guard: "code valid", to: .disarmed),
    ])

  /// A disarmed system in `style` that opens with `code`.
  static func make(_ style: Style, code: String) -> any StateMachine<State, Event, Output> {
    switch style {
    case .nestedSwitch: NestedSwitch(code: code)
    case .enum: Enum(code: code)
    case .statePattern: StatePattern(code: code)
    }
  }

  /// A security system of revision 6 in any style.
  protocol Machine: StateMachine
  where
    State == Revision6.State, Event == Revision6.Event, Output == Revision6.Output,
    Failure == Never
  {}

  /// Checks an entered code and outputs `codeAccepted` or `invalidCode`.
  static func checkCode(
    _ entered: String, secret: String, into sink: inout some OutputSink<Output>
  ) -> Bool {
    let valid = entered == secret
    sink.emit(valid ? .codeAccepted : .invalidCode)
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
    mutating func handle(_ event: Event, into sink: inout some OutputSink<Output>) -> Outcome<State>
    {
      switch event {
      case .arm:
        switch state {
        case .disarmed:
          attempts = 0
          state = .armed
          sink.emit(.systemArmed)
          return .fired
        case .armed, .alarm, .silentAlarm, .maintenance:
          return .ignored
        }

      case .disarm(let entered):
        switch state {
        case .armed:
          attempts += 1
          if Revision6.checkCode(entered, secret: code, into: &sink) {
            state = .disarmed
            sink.emit(.systemDisarmed)
            return .fired
          }
          guard attempts > Revision6.wrongCodesAllowed else { return .ignored }
          sink.emit(.administratorInformed)
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .maintenance:
          guard Revision6.checkCode(entered, secret: code, into: &sink) else { return .ignored }
          sink.emit(.maintenanceEnded)
          state = .disarmed
          sink.emit(.systemDisarmed)
          return .fired
        case .disarmed, .alarm, .silentAlarm:
          return .ignored
        }

      case .breach:
        switch state {
        case .armed:
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .disarmed, .alarm, .silentAlarm, .maintenance:
          return .ignored
        }

      case .panic:
        switch state {
        case .disarmed:
          state = .silentAlarm
          sink.emit(.policeInformed)
          return .fired
        case .armed:
          state = .alarm
          sink.emit(.alarmSounded)
          return .fired
        case .alarm, .silentAlarm, .maintenance:
          return .ignored
        }

      case .reset(let entered):
        switch state {
        case .alarm:
          guard Revision6.checkCode(entered, secret: code, into: &sink) else { return .ignored }
          sink.emit(.alarmStopped)
          state = .disarmed
          sink.emit(.systemDisarmed)
          return .fired
        case .silentAlarm:
          guard Revision6.checkCode(entered, secret: code, into: &sink) else { return .ignored }
          state = .disarmed
          sink.emit(.systemDisarmed)
          return .fired
        case .disarmed, .armed, .maintenance:
          return .ignored
        }

      case .maintain(let entered):
        switch state {
        case .disarmed:
          guard Revision6.checkCode(entered, secret: code, into: &sink) else { return .ignored }
          state = .maintenance
          sink.emit(.maintenanceStarted)
          return .fired
        case .armed, .alarm, .silentAlarm, .maintenance:
          return .ignored
        }
      }
    }
  }
}

// MARK: - An enum

extension Revision6 {
  /// The sixth revision as an enum whose cases carry their data.
  struct Enum: Machine {
    /// The state with its data.
    enum Mode: Hashable, Sendable {
      case disarmed
      case armed(attempts: Int)
      case alarm
      case silentAlarm
      case maintenance
    }

    /// The current state and its data.
    private(set) var mode = Mode.disarmed

    /// The secret code.
    private let code: String

    init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    var state: State { mode.id }

    /// Hands the event to the enum, with the code to check against.
    mutating func handle(_ event: Event, into sink: inout some OutputSink<Output>) -> Outcome<State>
    {
      mode.handle(event, secret: code, into: &sink)
    }
  }
}

extension Revision6.Enum.Mode {
  /// The public id of this state.
  var id: Revision6.State {
    switch self {
    case .disarmed: .disarmed
    case .armed: .armed
    case .alarm: .alarm
    case .silentAlarm: .silentAlarm
    case .maintenance: .maintenance
    }
  }

  /// Handles one event: one `switch` over `(self, event)`.
  mutating func handle(
    _ event: Revision6.Event, secret: String, into sink: inout some OutputSink<Revision6.Output>
  ) -> Outcome<Revision6.State> {
    switch (self, event) {
    case (.disarmed, .arm):
      return transition(to: .armed(attempts: 0), into: &sink)
    case (.disarmed, .panic):
      return transition(to: .silentAlarm, into: &sink)
    case (.disarmed, .maintain(let code)):
      guard Revision6.checkCode(code, secret: secret, into: &sink) else { return .ignored }
      return transition(to: .maintenance, into: &sink)

    case (.armed(let attempts), .disarm(let code)):
      if Revision6.checkCode(code, secret: secret, into: &sink) {
        return transition(to: .disarmed, into: &sink)
      }
      guard attempts + 1 > Revision6.wrongCodesAllowed else {
        self = .armed(attempts: attempts + 1)
        return .ignored
      }
      return transition(to: .alarm, effect: .administratorInformed, into: &sink)
    case (.armed, .breach), (.armed, .panic):
      return transition(to: .alarm, into: &sink)

    case (.alarm, .reset(let code)), (.silentAlarm, .reset(let code)),
      (.maintenance, .disarm(let code)):
      guard Revision6.checkCode(code, secret: secret, into: &sink) else { return .ignored }
      return transition(to: .disarmed, into: &sink)

    case (.disarmed, _), (.armed, _), (.alarm, _), (.silentAlarm, _), (.maintenance, _):
      return .ignored
    }
  }

  /// Leaves this state for `target`: exit, effect, entry.
  private mutating func transition(
    to target: Self, effect: Revision6.Output? = nil,
    into sink: inout some OutputSink<Revision6.Output>
  ) -> Outcome<Revision6.State> {
    exit(into: &sink)
    if let effect { sink.emit(effect) }
    self = target
    entry(into: &sink)
    return .fired
  }

  /// The entry activity of this state.
  private func entry(into sink: inout some OutputSink<Revision6.Output>) {
    switch self {
    case .disarmed: sink.emit(.systemDisarmed)
    case .armed: sink.emit(.systemArmed)
    case .alarm: sink.emit(.alarmSounded)
    case .silentAlarm: sink.emit(.policeInformed)
    case .maintenance: sink.emit(.maintenanceStarted)
    }
  }

  /// The exit activity of this state.
  private func exit(into sink: inout some OutputSink<Revision6.Output>) {
    switch self {
    case .alarm: sink.emit(.alarmStopped)
    case .maintenance: sink.emit(.maintenanceEnded)
    case .disarmed, .armed, .silentAlarm: break
    }
  }
}

// MARK: - The State pattern

extension Revision6 {
  /// A state of the sixth revision in the State pattern.
  protocol SystemState: Events, StateActivities where Output == Revision6.Output {
    /// The public id of this state.
    var id: Revision6.State { get }
  }

  /// The events a state may handle; each is ignored by default.
  protocol Events {
    /// What a state returns to its context.
    typealias Transition = StateMachines.Transition<any SystemState, Revision6.Output>

    func arm() -> Transition
    mutating func disarm(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition
    func breach() -> Transition
    func panic() -> Transition
    func reset(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition
    func maintain(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition
  }

  /// A state that a valid code resets to `disarmed`: both kinds of alarm.
  protocol ResetWithCode: SystemState {}
}

extension Revision6.Events {
  func arm() -> Transition { .ignore }
  func disarm(
    code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
  ) -> Transition { .ignore }
  func breach() -> Transition { .ignore }
  func panic() -> Transition { .ignore }
  func reset(
    code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
  ) -> Transition { .ignore }
  func maintain(
    code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
  ) -> Transition { .ignore }
}

extension Revision6.ResetWithCode {
  /// Checks the code; a valid one disarms the system.
  func reset(
    code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
  ) -> Transition {
    Revision6.checkCode(code, secret: secret, into: &sink)
      ? .go(to: Revision6.StatePattern.Disarmed()) : .ignore
  }
}

extension Revision6 {
  /// The sixth revision with the State pattern: a context and one type per state.
  struct StatePattern: Machine {
    /// What a state returns to its context.
    typealias Transition = Events.Transition

    /// The current state object.
    private(set) var current: any SystemState = Disarmed()

    /// The secret code.
    private let code: String

    init(code: String) {
      self.code = code
    }

    /// The public id of the current state.
    var state: State { current.id }

    /// Asks the current state what the event does, then carries it out.
    mutating func handle(_ event: Event, into sink: inout some OutputSink<Output>) -> Outcome<State>
    {
      let transition =
        switch event {
        case .arm: current.arm()
        case .disarm(let entered): current.disarm(code: entered, secret: code, into: &sink)
        case .breach: current.breach()
        case .panic: current.panic()
        case .reset(let entered): current.reset(code: entered, secret: code, into: &sink)
        case .maintain(let entered): current.maintain(code: entered, secret: code, into: &sink)
        }
      return carryOut(transition, into: &sink)
    }

    /// Runs exit, effect and entry, in that order, and switches state.
    private mutating func carryOut(
      _ transition: Transition, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch transition {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.emit(into: &sink)
        return .fired
      case .go(let target, let effect):
        current.exit(into: &sink)
        effect.emit(into: &sink)
        target.entry(into: &sink)
        current = target
        return .fired
      }
    }
  }
}

extension Revision6.StatePattern {
  /// Off: it can be armed, or the panic button calls the police silently.
  struct Disarmed: Revision6.SystemState {
    var id: Revision6.State { .disarmed }

    func entry(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.systemDisarmed)
    }

    func arm() -> Transition { .go(to: Armed()) }

    func panic() -> Transition { .go(to: SilentAlarm()) }

    func maintain(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition {
      Revision6.checkCode(code, secret: secret, into: &sink) ? .go(to: Maintenance()) : .ignore
    }
  }

  /// Watching: a breach or panic sounds the alarm, a code disarms it.
  struct Armed: Revision6.SystemState {
    /// Disarm attempts since this state was entered.
    private(set) var attempts = 0

    var id: Revision6.State { .armed }

    func entry(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.systemArmed)
    }

    mutating func disarm(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition {
      attempts += 1
      if Revision6.checkCode(code, secret: secret, into: &sink) {
        return .go(to: Disarmed())
      }
      guard attempts > Revision6.wrongCodesAllowed else { return .ignore }
      return .go(to: Alarm(), effect: Effect(.administratorInformed))
    }

    func breach() -> Transition { .go(to: Alarm()) }

    func panic() -> Transition { .go(to: Alarm()) }
  }

  /// The siren sounds until a valid code resets it.
  struct Alarm: Revision6.ResetWithCode {
    var id: Revision6.State { .alarm }

    func entry(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.alarmSounded)
    }

    func exit(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.alarmStopped)
    }
  }

  /// The police were called without a sound; a valid code resets it.
  struct SilentAlarm: Revision6.ResetWithCode {
    var id: Revision6.State { .silentAlarm }

    func entry(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.policeInformed)
    }
  }

  /// Technicians at work: only the code ends it, as often as they need to try.
  struct Maintenance: Revision6.SystemState {
    var id: Revision6.State { .maintenance }

    func entry(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.maintenanceStarted)
    }

    func exit(into sink: inout some OutputSink<Revision6.Output>) {
      sink.emit(.maintenanceEnded)
    }

    func disarm(
      code: String, secret: String, into sink: inout some OutputSink<Revision6.Output>
    ) -> Transition {
      Revision6.checkCode(code, secret: secret, into: &sink) ? .go(to: Disarmed()) : .ignore
    }
  }
}
