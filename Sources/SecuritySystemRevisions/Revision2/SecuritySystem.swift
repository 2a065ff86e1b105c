import StateMachines

/// The control unit of an intruder alarm, created with a secret code.
///
/// This is the second revision of the specification (docs/machines/security-system.md): three states, entry and exit
/// activities, and guards that check a code.
public enum SecuritySystem: Machine {
  /// The system's states.
  public enum State: String, StateID {
    /// Off (initial).
    case disarmed
    /// Watching for intruders.
    case armed
    /// The siren is sounding.
    case alarm
  }

  /// What the control unit is told.
  public enum Event: MachineEvent {
    /// Turn the system on.
    case arm
    /// Turn it off with a code.
    case disarm(code: String)
    /// A door or window sensor fired.
    case breach
    /// The panic button was pressed.
    case panic
    /// Stop an alarm with a code.
    case reset(code: String)

    /// The five events; `disarm` and `reset` carry a code.
    public static let signatures: [EventSignature<Event>] = [
      .plain("arm", .arm),
      .code("disarm") { .disarm(code: $0) },
      .plain("breach", .breach),
      .plain("panic", .panic),
      .code("reset") { .reset(code: $0) },
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case arm, disarm, breach, panic, reset
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .arm: .arm
      case .disarm: .disarm
      case .breach: .breach
      case .panic: .panic
      case .reset: .reset
      }
    }

    /// The code, for `disarm` and `reset`.
    public var argument: String? {
      switch self {
      case .disarm(let code), .reset(let code): code
      case .arm, .breach, .panic: nil
      }
    }
  }

  /// What the control unit does: activities and code checks.
  public enum Output: String, MachineOutput {
    /// Entry of `disarmed`.
    case systemDisarmed
    /// Entry of `armed`.
    case systemArmed
    /// Entry of `alarm`: the siren starts.
    case alarmSounded
    /// Exit of `alarm`: the siren stops.
    case alarmStopped
    /// A code check passed.
    case codeAccepted
    /// A code check failed.
    case invalidCode
  }

  /// `security-system`.
  public static let id = "security-system"

  /// One sentence on the security system.
  public static let summary =
    "An intruder alarm with a secret code: activities and guards."

  /// What a security system is created with.
  public struct Configuration: MachineConfiguration {
    /// The secret code that disarms and resets the system.
    public var code = "1234"

    /// The defaults: the code is `1234`.
    public init() {}

    /// A system that opens with `code`.
    public init(code: String) {
      self.code = code
    }
  }

  /// The security system as a diagram, drawn from the rows and activities
  /// the `table` style runs on, and the outputs of its code check, which
  /// runs wherever a code is checked, whether or not a transition follows.
  public static let description = MachineDescription<State>(
    initial: .disarmed, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions,
    guardOutputs: [
      .init(
        "checking the code outputs codeAccepted or invalidCode, even when nothing fires",
        outputs: [Output.codeAccepted.name, Output.invalidCode.name],
        at: [(.armed, "disarm"), (.alarm, "reset")])
    ])

  /// Refuses a code that is not made of digits.
  public static func check(_ configuration: Configuration) throws(Rejection) {
    let code = configuration.code
    guard !code.isEmpty, code.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
      throw Rejection("the security code must be digits, as in 1234, not '\(code)'")
    }
  }

  /// One line per style: how each builds a disarmed system with the
  /// configuration's code.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { NestedSwitch(code: $0.code) },
    .style(.enum): { Enum(code: $0.code) },
    .style(.statePattern): { StatePattern(code: $0.code) },
    .style(.stateClasses): { StateClasses(code: $0.code) },
    .sharedStateClasses: { StateClasses(code: $0.code, sharingStateObjects: true) },
    .style(.table): { Table(code: $0.code) },
  ]

  /// Every event, with the right code and a wrong one where a code is needed.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    let right = configuration.code
    let wrong = right == "0000" ? "9999" : "0000"
    return [
      .arm, .disarm(code: right), .disarm(code: wrong), .breach, .panic,
      .reset(code: right), .reset(code: wrong),
    ]
  }

  /// The worked examples of the specification.
  public static let workedExamples = [
    WorkedExample<Self>(
      "a breach while disarmed is ignored; panic sounds the alarm", [.breach, .panic]),
    WorkedExample<Self>(
      "armed, breached, reset with the code", [.arm, .breach, .reset(code: "1234")]),
    WorkedExample<Self>(
      "a wrong code, then the right one", [.arm, .disarm(code: "0000"), .disarm(code: "1234")]),
  ]
}

/// A security system in any style: what all its implementations share.
public protocol SecuritySystemMachine: StateMachine
where
  State == SecuritySystem.State, Event == SecuritySystem.Event,
  Output == SecuritySystem.Output, Failure == Never
{}

extension SecuritySystemMachine {
  /// Arms the system and returns the outputs.
  @discardableResult
  public mutating func arm() -> [Output] { outputs(of: .arm) }

  /// Tries to disarm the system with `code` and returns the outputs.
  @discardableResult
  public mutating func disarm(code: String) -> [Output] { outputs(of: .disarm(code: code)) }

  /// Reports a breach and returns the outputs.
  @discardableResult
  public mutating func breach() -> [Output] { outputs(of: .breach) }

  /// Presses the panic button and returns the outputs.
  @discardableResult
  public mutating func panic() -> [Output] { outputs(of: .panic) }

  /// Tries to reset an alarm with `code` and returns the outputs.
  @discardableResult
  public mutating func reset(code: String) -> [Output] { outputs(of: .reset(code: code)) }
}

extension SecuritySystem {
  /// Checks an entered code against the secret and emits `codeAccepted` or
  /// `invalidCode`: the guard of `disarm` and `reset`, shared by every style.
  public static func checkCode(
    _ entered: String, secret: String, emit: (Output) -> Void
  ) -> Bool {
    let valid = entered == secret
    emit(valid ? .codeAccepted : .invalidCode)
    return valid
  }
}
