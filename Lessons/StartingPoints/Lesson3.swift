// Lesson 3's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 3
// (see Lessons/03-uml-state-diagrams.md, "Exercises").
import StateMachines

enum Lesson3 {
  /// Exercise 3.1: the run to predict, on a new security system whose code is 1234.
  static let run: [SecuritySystem.Event] = [
    .panic, .arm, .reset(code: "1234"), .disarm(code: "1234"), .arm, .breach,
    .disarm(code: "1234"), .reset(code: "9999"), .reset(code: "1234"),
  ]

  /// Exercise 3.1: your prediction, one array of outputs per event of `run`
  /// (an empty array for an event that outputs nothing).
  static let prediction: [[SecuritySystem.Output]] = [
    // TODO: nine arrays, as in [.policeInformed],
  ]

  /// Exercise 3.2: the outputs `transition` runs when it fires, from the
  /// activities of `description` and the transition's effect (without the
  /// output of a code check).
  static func outputs<State>(
    of transition: MachineDescription<State>.Transition, in description: MachineDescription<State>
  ) -> [String] {
    // TODO: exit activity, effect, entry activity, for the kinds of transition there are.
    []
  }
}

/// Exercise 3.3: the nested-switch security system, copied, with a keypad
/// light that must go off whenever the system leaves `armed`.
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
  // TODO: the exit activity of `armed`, `keypadLightOff`, on every way out of `armed`.
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
          state = .disarmed
          emit(.systemDisarmed)
        } else if attempts + 1 > SecuritySystem.wrongCodesAllowed {
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
}
