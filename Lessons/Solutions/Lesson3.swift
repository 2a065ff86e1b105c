// Reference solutions for Lesson 3. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson3 {
  /// Exercise 3.1: the run to predict, on a new security system whose code is 1234.
  static let run: [SecuritySystem.Event] = [
    .panic, .arm, .reset(code: "1234"), .disarm(code: "1234"), .arm, .breach,
    .disarm(code: "1234"), .reset(code: "9999"), .reset(code: "1234"),
  ]

  /// Exercise 3.1: the outputs of each event of `run`.
  static let prediction: [[SecuritySystem.Output]] = [
    [.policeInformed],  // disarmed --panic--> silentAlarm: its entry
    [],  // silentAlarm does not handle arm
    [.codeAccepted, .systemDisarmed],  // the guard; silentAlarm has no exit activity
    [],  // disarmed does not handle disarm: no code is checked
    [.systemArmed],
    [.alarmSounded],
    [],  // only reset stops an alarm: disarm is ignored there
    [.invalidCode],  // the guard is false: nothing fires
    [.codeAccepted, .alarmStopped, .systemDisarmed],  // guard, exit, entry
  ]

  /// Exercise 3.2: an internal transition runs only its effect; any other
  /// (a self-transition too) runs exit, effect and entry.
  static func outputs<State>(
    of transition: MachineDescription<State>.Transition, in description: MachineDescription<State>
  ) -> [String] {
    switch transition.kind {
    case .internal:
      return transition.effect
    case .external:
      let exit = description.activities[transition.source]?.exit ?? []
      let entry = description.activities[transition.target]?.entry ?? []
      return exit + transition.effect + entry
    }
  }
}

/// Exercise 3.3: the nested-switch security system with an exit activity on
/// `armed`, written once in `leaveArmed` and called on each of the four ways
/// out, after the code check and before the effect and the entry.
struct KeypadSystem: StateMachine {
  /// What the control unit does: the security system's outputs, and one more.
  enum Output: String, MachineOutput {
    case systemDisarmed, systemArmed, alarmSounded, alarmStopped, policeInformed
    case codeAccepted, invalidCode, administratorInformed
    /// The exit activity of `armed` (new): the keypad's red light goes off.
    case keypadLightOff
  }

  /// The current state.
  private(set) var state = SecuritySystem.State.disarmed

  /// Disarm attempts since the system was last armed.
  private(set) var attempts = 0

  /// The secret code.
  private let code: String

  /// Creates a disarmed system that opens with `code`.
  init(code: String) {
    self.code = code
  }

  /// Handles one event: a `switch` on the event, then one on the state.
  mutating func handle(
    _ event: SecuritySystem.Event, emit: (Output) -> Void
  ) -> Outcome<SecuritySystem.State> {
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
        if checkCode(entered, emit: emit) {
          leaveArmed(emit: emit)
          state = .disarmed
          emit(.systemDisarmed)
        } else if attempts + 1 > SecuritySystem.wrongCodesAllowed {
          leaveArmed(emit: emit)
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
        leaveArmed(emit: emit)
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
        leaveArmed(emit: emit)
        state = .alarm
        emit(.alarmSounded)
        return .fired
      case .alarm, .silentAlarm:
        return .ignored
      }

    case .reset(let entered):
      switch state {
      case .alarm:
        guard checkCode(entered, emit: emit) else { return .ignored }
        emit(.alarmStopped)
        state = .disarmed
        emit(.systemDisarmed)
        return .fired
      case .silentAlarm:
        guard checkCode(entered, emit: emit) else { return .ignored }
        state = .disarmed
        emit(.systemDisarmed)
        return .fired
      case .disarmed, .armed:
        return .ignored
      }
    }
  }

  /// Checks an entered code and outputs `codeAccepted` or `invalidCode`.
  private func checkCode(_ entered: String, emit: (Output) -> Void) -> Bool {
    let valid = entered == code
    emit(valid ? .codeAccepted : .invalidCode)
    return valid
  }

  /// The exit activity of `armed`.
  private func leaveArmed(emit: (Output) -> Void) {
    emit(.keypadLightOff)
  }
}
