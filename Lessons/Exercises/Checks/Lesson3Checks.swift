import StateMachines

extension ExerciseCheck {
  /// Lesson 3: UML state diagrams.
  static let lesson3 = [
    ExerciseCheck("3.1", "predict a run") {
      runPredictionProblems(Lesson3.prediction)
    },
    ExerciseCheck("3.2", "exit, effect, entry, from the description") {
      let problems =
        predictedOutputs(SecuritySystem.description, of: "the security system")
        + predictedOutputs(TCPConnection.description, of: "the TCP connection")
        + predictedOutputs(radio, of: "the radio")
      return Array(problems.prefix(3))
    },
    ExerciseCheck("3.3", "the keypad light") {
      for events in securitySystemRuns(upTo: 5) + longerRuns {
        var keypad = KeypadSystem(code: "1234")
        let yours = keypad.run(events)
        if let difference = firstDifference(
          yours, from: keypadTrace(of: events), rule: "the security system with the keypad light",
          describe: describe(step:))
        {
          return [
            "KeypadSystem does not do what it should on \(events): \(difference). Every way out "
              + "of armed runs the exit activity keypadLightOff: after the code check, before "
              + "the effect and the entry."
          ]
        }
      }
      return []
    },
  ]
}

/// What is wrong with `prediction`, the outputs of each event of
/// `Lesson3.run`: how many steps are not right yet, never which. Each step
/// is one of a few lists, so naming the wrong one would let a student find
/// it by trying; the check judges the nine together.
func runPredictionProblems(_ prediction: [[SecuritySystem.Output]]) -> [String] {
  var system = SecuritySystem.Enum(code: "1234")
  let trace = system.run(Lesson3.run)
  guard prediction.count == trace.count else {
    return [
      "Lesson3.prediction has \(prediction.count) array(s), but the run has \(trace.count) "
        + "events: write one array of outputs per event, [] for an event that outputs nothing"
    ]
  }
  let wrong = zip(trace, prediction).count { step, predicted in step.outputs != predicted }
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: trace.count, "answers") + "; the "
      + "check does not say which: follow the diagram again, step by step",
    "for each event ask: does the current state have an arrow or an internal transition for "
      + "it? If not, nothing happens, not even a code check. If so: the code check's output, "
      + "then, when the guard lets it through and the arrow leaves the state, exit, effect and "
      + "entry",
  ]
}

/// The problems with `Lesson3.outputs(of:in:)` on every transition of `description`.
private func predictedOutputs<State>(
  _ description: MachineDescription<State>, of machine: String
) -> [String] {
  description.transitions.compactMap { transition in
    let yours = Lesson3.outputs(of: transition, in: description)
    let exit = description.activities[transition.source]?.exit ?? []
    let entry = description.activities[transition.target]?.entry ?? []
    let wanted: [String]
    let rule: String
    switch transition.kind {
    case .internal:
      wanted = transition.effect
      rule = "an internal transition never leaves its state: only its effect runs"
    case .external where transition.isLoop:
      wanted = exit + transition.effect + entry
      rule = "a self-transition leaves its state and enters it again: exit, effect, entry"
    case .external:
      wanted = exit + transition.effect + entry
      rule = "exit of \(transition.source), effect, entry of \(transition.target)"
    }
    guard yours != wanted else { return nil }
    let kind = transition.kind == .internal ? "internal" : "external"
    return "in \(machine), for \(transition.source) --\(description.label(of: transition))--> "
      + "\(transition.target) (\(kind)) you return \(yours), which is not what it runs: \(rule)"
  }
}

/// A radio whose amplifier clicks (off, then on) when you change the station:
/// a self-transition on a state with activities, next to an internal one.
private enum RadioState: String, StateID {
  case off, playing
}

private let radio = MachineDescription<RadioState>(
  initial: .off,
  events: ["power", "nextStation", "volumeUp"].map { EventSignature.plain($0, $0) },
  activities: [.playing: .init(entry: ["amplifierOn"], exit: ["amplifierOff"])],
  transitions: [
    .init(.off, on: "power", to: .playing),
    .init(.playing, on: "power", to: .off),
    .init(.playing, on: "nextStation", effect: "tuned", to: .playing),
    .internal(.playing, on: "volumeUp", effect: "louder"),
  ])

/// Every list of the security system's sample events up to `length` long,
/// shortest first.
func securitySystemRuns(upTo length: Int) -> [[SecuritySystem.Event]] {
  let events = SecuritySystem.sampleEvents(for: SecuritySystem.Configuration(code: "1234"))
  var runs: [[SecuritySystem.Event]] = [[]]
  var frontier: [[SecuritySystem.Event]] = [[]]
  for _ in 0..<length {
    frontier = frontier.flatMap { run in events.map { run + [$0] } }
    runs += frontier
  }
  return runs
}

/// Runs that leave `armed` more than once.
private let longerRuns: [[SecuritySystem.Event]] = [
  [.arm] + ["1", "2", "3", "4"].map { .disarm(code: $0) } + [.reset(code: "1234"), .arm, .breach],
  [.arm, .panic, .reset(code: "1234"), .arm, .disarm(code: "1234"), .arm, .panic],
]

/// What the keypad system records: the security system's trace, with
/// `keypadLightOff` on every transition out of `armed`, after the code check.
private func keypadTrace(
  of events: [SecuritySystem.Event]
) -> [TraceStep<SecuritySystem.State, SecuritySystem.Event, KeypadSystem.Output>] {
  var system = SecuritySystem.Enum(code: "1234")
  return system.run(events).map { step in
    var outputs = step.outputs.compactMap { KeypadSystem.Output(rawValue: $0.rawValue) }
    if step.fired && step.from == .armed && step.to != .armed {
      let afterCodeCheck = step.event.argument == nil ? 0 : 1
      outputs.insert(.keypadLightOff, at: afterCodeCheck)
    }
    return TraceStep(
      event: step.event, from: step.from, to: step.to, fired: step.fired, outputs: outputs)
  }
}
