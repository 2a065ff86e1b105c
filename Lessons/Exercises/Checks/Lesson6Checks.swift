import StateMachines

extension ExerciseCheck {
  /// Lesson 6: dealing with change.
  static let lesson6 = [
    ExerciseCheck("6.1", "the maintenance mode, in one style") {
      guard let style = Lesson6.firstStyle else {
        return [
          "Lesson6.firstStyle is nil: set it to the style you changed (.nestedSwitch, .enum, "
            + ".statePattern, .stateClasses or .table)"
        ]
      }
      return maintenanceProblems(in: style)
    },
    ExerciseCheck("6.2", "the maintenance mode, in a second style") {
      guard let style = Lesson6.secondStyle else {
        return ["Lesson6.secondStyle is nil: set it to the second style you changed"]
      }
      if style == Lesson6.firstStyle {
        return ["Lesson6.secondStyle is the same as Lesson6.firstStyle: choose another style"]
      }
      return maintenanceProblems(in: style)
    },
    ExerciseCheck("6.3", "the diagram too") {
      descriptionProblems()
    },
  ]
}

/// The events the checks send, as the CLI writes them.
private let sampleEvents = [
  "arm", "disarm:1234", "disarm:0000", "breach", "panic", "reset:1234", "reset:0000",
  "maintain:1234", "maintain:0000",
]

/// Runs that go through maintenance and come back.
private let maintenanceScenarios = [
  ["maintain:1234"],
  ["maintain:0000"],
  ["maintain:1234", "breach", "panic", "arm", "reset:1234", "maintain:1234"],
  ["maintain:1234", "disarm:0000", "disarm:1111", "disarm:2222", "disarm:3333", "disarm:1234"],
  ["maintain:1234", "disarm:1234", "arm", "maintain:1234", "breach", "maintain:1234"],
  ["panic", "maintain:1234", "reset:1234", "maintain:1234", "disarm:1234"],
]

/// What is still wrong with the maintenance mode in `style`.
private func maintenanceProblems(in style: Style) -> [String] {
  var problems: [String] = []
  if Revision6.State(rawValue: "maintenance") == nil {
    problems.append("Revision6.State has no state maintenance yet")
  }
  if (try? Revision6.Event.parse("maintain:1234")) == nil {
    problems.append(
      "Revision6.Event has no event maintain(code) yet: add the case, its signature "
        + "(.code(\"maintain\") { ... }), its name and its argument")
  }
  for output in ["maintenanceStarted", "maintenanceEnded"]
  where Revision6.Output(rawValue: output) == nil {
    problems.append("Revision6.Output has no output \(output) yet")
  }
  guard problems.isEmpty else { return problems }

  var random = SeededGenerator(seed: 6)
  let randomRuns = (0..<300).map { _ in
    (0..<16).compactMap { _ in sampleEvents.randomElement(using: &random) }
  }
  for events in maintenanceScenarios + runs(of: sampleEvents, upTo: 4) + randomRuns {
    if let difference = firstDifference(
      trace(of: events, in: style), from: SixthModel.trace(of: events),
      rule: "the change request", describe: { $0 })
    {
      return [
        "Revision6.\(typeName(of: style)) does not do what revision 6 asks on \(events): "
          + difference
      ]
    }
  }
  return []
}

/// The trace of `events` in the student's `style`, one line per step.
private func trace(of events: [String], in style: Style) -> [String] {
  guard var machine = Revision6.make(style, code: "1234") else {
    return ["Revision6 is not written in the \(style) style"]
  }
  return events.map { text in
    guard let event = try? Revision6.Event.parse(text) else { return "\(text) cannot be read" }
    let step = machine.step(event)
    return stepText(
      from: step.from.rawValue, event: text, to: step.to.rawValue, fired: step.fired,
      outputs: step.outputs.map(\.description))
  }
}

/// Revision 6 as the customer asked for it, written plainly, on the events'
/// text: what every style must do.
private struct SixthModel {
  var state = "disarmed"
  var attempts = 0

  static let entry = [
    "disarmed": "systemDisarmed", "armed": "systemArmed", "alarm": "alarmSounded",
    "silentAlarm": "policeInformed", "maintenance": "maintenanceStarted",
  ]
  static let exit = ["alarm": "alarmStopped", "maintenance": "maintenanceEnded"]

  /// The trace of `events`, one line per step.
  static func trace(of events: [String]) -> [String] {
    var model = SixthModel()
    return events.map { event in
      let from = model.state
      let (fired, outputs) = model.handle(event)
      return stepText(from: from, event: event, to: model.state, fired: fired, outputs: outputs)
    }
  }

  /// Handles `event`, written `name` or `name:code`: whether it fired, and the outputs.
  mutating func handle(_ event: String) -> (fired: Bool, outputs: [String]) {
    let parts = event.split(separator: ":", maxSplits: 1).map(String.init)
    let name = parts.first ?? ""
    let validCode = parts.count > 1 && parts[1] == "1234"
    let check = [validCode ? "codeAccepted" : "invalidCode"]
    switch (state, name) {
    case ("disarmed", "arm"): return (true, go(to: "armed"))
    case ("disarmed", "panic"): return (true, go(to: "silentAlarm"))
    case ("disarmed", "maintain"):
      return validCode ? (true, check + go(to: "maintenance")) : (false, check)
    case ("armed", "disarm"):
      if validCode { return (true, check + go(to: "disarmed")) }
      if attempts + 1 > 3 {
        return (true, check + go(to: "alarm", effect: "administratorInformed"))
      }
      attempts += 1  // an internal transition: the wrong code counts
      return (true, check)
    case ("armed", "breach"), ("armed", "panic"): return (true, go(to: "alarm"))
    case ("alarm", "reset"), ("silentAlarm", "reset"), ("maintenance", "disarm"):
      return validCode ? (true, check + go(to: "disarmed")) : (false, check)
    default: return (false, [])
    }
  }

  /// Exit, effect, entry.
  private mutating func go(to target: String, effect: String? = nil) -> [String] {
    let outputs = [Self.exit[state], effect, Self.entry[target]].compactMap { $0 }
    state = target
    attempts = 0
    return outputs
  }

  /// Every state the model reaches with the sample events, with its counter.
  static func reachable() -> [SixthModel] {
    var found: [SixthModel] = []
    var queue = [SixthModel()]
    while let model = queue.popLast() {
      guard !found.contains(where: { $0.state == model.state && $0.attempts == model.attempts })
      else { continue }
      found.append(model)
      for event in sampleEvents {
        var next = model
        _ = next.handle(event)
        queue.append(next)
      }
    }
    return found
  }
}

/// What `Revision6.description` still gets wrong about revision 6.
private func descriptionProblems() -> [String] {
  let description = Revision6.description
  guard let maintenance = Revision6.State(rawValue: "maintenance") else {
    return ["Revision6.State has no state maintenance yet: do exercise 6.1 first"]
  }
  var problems: [String] = []
  let maintain = description.events.first { $0.name == "maintain" }
  if maintain?.parameter != "code" {
    problems.append(
      "the description has no event maintain(code): it takes its events from "
        + "Event.signatures; add maintain there (exercise 6.1)")
  }
  let activities = description.activities[maintenance]
  if activities?.entry != ["maintenanceStarted"] || activities?.exit != ["maintenanceEnded"] {
    problems.append(
      "the description's activities of maintenance are \(activities?.entry ?? []) on entry and "
        + "\(activities?.exit ?? []) on exit, which is not what the change request says entering "
        + "and leaving maintenance output")
  }

  // Every step of revision 6, from every reachable state, must be explained
  // by a described transition, with its outputs in the order exit, effect,
  // entry (only the effect, for an internal one; labels that are not an
  // output, such as `attempts += 1`, aside); and every described transition
  // must be one that really happens.
  var taken: Set<Int> = []
  for model in SixthModel.reachable() {
    for event in sampleEvents {
      var next = model
      let (fired, outputs) = next.handle(event)
      guard fired, let from = Revision6.State(rawValue: model.state),
        let to = Revision6.State(rawValue: next.state)
      else { continue }
      let name = String(event.prefix { $0 != ":" })
      let label = "\(from) --\(name)--> \(to)"
      guard
        let index = description.transitions.firstIndex(where: {
          $0.source == from && $0.event == name && $0.target == to
            && outputs.filter { !["codeAccepted", "invalidCode"].contains($0) }
              == promisedOutputs(of: $0, in: description)
        })
      else {
        problems.append(
          "\(label) outputs \(outputs), but the description has no transition \(label) that "
            + "explains it (exit, effect, entry; code checks aside)")
        continue
      }
      taken.insert(index)
    }
  }
  for (index, transition) in description.transitions.enumerated() where !taken.contains(index) {
    problems.append(
      "the description has \(transition.source) --\(description.label(of: transition))--> "
        + "\(transition.target), which revision 6 never takes")
  }
  var seen: Set<String> = []
  return Array(problems.filter { seen.insert($0).inserted }.prefix(4))
}

/// The outputs a described transition promises: exit, effect, entry (only
/// the effect, for an internal transition), leaving out labels that are not
/// an output's name.
private func promisedOutputs(
  of transition: MachineDescription<Revision6.State>.Transition,
  in description: MachineDescription<Revision6.State>
) -> [String] {
  let labels =
    switch transition.kind {
    case .internal: transition.effect
    case .external:
      (description.activities[transition.source]?.exit ?? []) + transition.effect
        + (description.activities[transition.target]?.entry ?? [])
    }
  return labels.filter { Revision6.Output(rawValue: $0) != nil }
}
