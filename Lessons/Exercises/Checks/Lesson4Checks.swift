import StateMachines

extension ExerciseCheck {
  /// Lesson 4: the State pattern in depth.
  static let lesson4 = [
    ExerciseCheck("4.1", "where is the counter?") {
      var problems = Problems()
      for style in SecuritySystem.styles {
        for (events, wanted) in attemptScenarios {
          guard var machine = securitySystem(style) else { continue }
          _ = machine.run(events)
          let yours = Lesson4.attempts(in: machine)
          guard yours != wanted else { continue }
          let why =
            machine.state == .armed
            ? "the system is armed, so count the wrong codes since it was armed"
            : "the system is \(machine.state), and a count of attempts means something only "
              + "while armed"
          problems.add(
            "for \(typeName(machine)) after \(events), Lesson4.attempts(in:) returns "
              + "\(text(yours)), which is not the count of attempts; \(why)")
          break
        }
      }
      return problems.list
    },
    ExerciseCheck("4.2", "a stricter bank") {
      var random = SeededGenerator(seed: 42)
      let events = SecuritySystem.sampleEvents(for: SecuritySystem.Configuration(code: "1234"))
      let randomRuns = (0..<300).map { _ in
        (0..<20).compactMap { _ in events.randomElement(using: &random) }
      }
      for run in strictScenarios + securitySystemRuns(upTo: 5) + randomRuns {
        if let problem = strictProblem(run) { return [problem] }
      }
      return []
    },
  ]
}

/// A new security system in `style`, as the protocol every style shares.
private func securitySystem(_ style: Style) -> (any SecuritySystemMachine)? {
  try? SecuritySystem.make(style, .init(code: "1234")) as? any SecuritySystemMachine
}

/// The type of `value` with its enclosing types, without its module:
/// `SecuritySystem.StatePattern.Armed`.
private func typeName(_ value: Any) -> String {
  String(reflecting: type(of: value)).split(separator: ".").dropFirst().joined(separator: ".")
}

/// `nil`, or the number.
private func text(_ attempts: Int?) -> String {
  attempts.map(String.init) ?? "nil"
}

private func wrongCodes(_ count: Int) -> [SecuritySystem.Event] {
  (0..<count).map { .disarm(code: "000\($0)") }
}

/// Runs, and the attempts counted after them (`nil`: not armed).
private let attemptScenarios: [([SecuritySystem.Event], Int?)] = [
  ([], nil),
  ([.arm], 0),
  ([.arm] + wrongCodes(1), 1),
  ([.arm] + wrongCodes(2), 2),
  ([.arm] + wrongCodes(3), 3),
  ([.arm] + wrongCodes(2) + [.breach], nil),
  ([.arm] + wrongCodes(2) + [.breach, .reset(code: "1234")], nil),
  ([.arm] + wrongCodes(2) + [.breach, .reset(code: "1234"), .arm], 0),
  ([.arm] + wrongCodes(2) + [.disarm(code: "1234")], nil),
  ([.arm] + wrongCodes(4), nil),
  ([.panic], nil),
]

/// Runs that arm the system again after each way back to `disarmed`.
private let strictScenarios: [[SecuritySystem.Event]] = [
  [.arm] + wrongCodes(1),
  [.arm] + wrongCodes(2),
  [.arm] + wrongCodes(1) + [.disarm(code: "1234"), .arm] + wrongCodes(2),
  [.arm, .breach, .reset(code: "1234"), .arm] + wrongCodes(2),
  [.arm, .panic, .reset(code: "1234"), .arm] + wrongCodes(2),
  [.panic, .reset(code: "1234"), .arm] + wrongCodes(2),
  [.arm] + wrongCodes(2) + [.reset(code: "1234"), .arm] + wrongCodes(2),
]

/// What is wrong with `StrictSystem` on `events`, if anything.
private func strictProblem(_ events: [SecuritySystem.Event]) -> String? {
  var system = StrictSystem(code: "1234")
  var types = [system.current]
  let yours = events.map { event in
    defer { types.append(system.current) }
    return system.step(event)
  }
  guard
    let difference = firstDifference(
      yours, from: StrictModel.trace(of: events), rule: "the bank's one wrong code",
      describe: describe(step:))
  else { return nil }
  let names = types.map(typeName)
  return
    "StrictSystem does not do what the bank wants on \(events): \(difference).\nThe state "
    + "types it went through: " + names.joined(separator: " → ")
}

/// The security system with one wrong code allowed: what the bank wants.
private struct StrictModel {
  var state = SecuritySystem.State.disarmed
  var attempts = 0

  static func trace(
    of events: [SecuritySystem.Event]
  ) -> [TraceStep<SecuritySystem.State, SecuritySystem.Event, SecuritySystem.Output>] {
    var model = StrictModel()
    return events.map { event in
      let from = model.state
      var outputs: [SecuritySystem.Output] = []
      let fired = model.handle(event) { outputs.append($0) }
      return TraceStep(event: event, from: from, to: model.state, fired: fired, outputs: outputs)
    }
  }

  /// Handles `event`: whether a transition fired.
  mutating func handle(_ event: SecuritySystem.Event, emit: (SecuritySystem.Output) -> Void)
    -> Bool
  {
    switch (state, event) {
    case (.disarmed, .arm):
      go(to: .armed, emit: emit)
    case (.disarmed, .panic):
      go(to: .silentAlarm, emit: emit)
    case (.armed, .disarm(let code)):
      if SecuritySystem.checkCode(code, secret: "1234", emit: emit) {
        go(to: .disarmed, emit: emit)
      } else if attempts + 1 > 1 {
        go(to: .alarm, effect: .administratorInformed, emit: emit)
      } else {
        attempts += 1  // an internal transition: the wrong code counts
      }
    case (.armed, .breach), (.armed, .panic):
      go(to: .alarm, emit: emit)
    case (.alarm, .reset(let code)), (.silentAlarm, .reset(let code)):
      guard SecuritySystem.checkCode(code, secret: "1234", emit: emit) else { return false }
      go(to: .disarmed, emit: emit)
    default:
      return false
    }
    return true
  }

  private mutating func go(
    to target: SecuritySystem.State, effect: SecuritySystem.Output? = nil,
    emit: (SecuritySystem.Output) -> Void
  ) {
    if state == .alarm { emit(.alarmStopped) }
    if let effect { emit(effect) }
    state = target
    attempts = 0
    let entry: [SecuritySystem.State: SecuritySystem.Output] = [
      .disarmed: .systemDisarmed, .armed: .systemArmed, .alarm: .alarmSounded,
      .silentAlarm: .policeInformed,
    ]
    if let output = entry[target] { emit(output) }
  }
}
