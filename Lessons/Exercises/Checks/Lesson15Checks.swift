import StateMachines

extension ExerciseCheck {
  /// Lesson 15: choosing a style.
  static let lesson15 = [
    ExerciseCheck("15.1", "a traffic light, in the style you choose") {
      lightProblems(Lesson15.firstLight, name: "Lesson15.firstLight()")
        + rubricProblems(Lesson15.rubric, ignoredPairs: Lesson15.ignoredPairs)
    },
    ExerciseCheck("15.2", "the same light, in another style") {
      let problems = lightProblems(Lesson15.secondLight, name: "Lesson15.secondLight()")
      if !problems.isEmpty { return problems }
      let first = LightShape(of: Lesson15.firstLight())
      let second = LightShape(of: Lesson15.secondLight())
      guard let second else {
        return [
          "the check cannot tell how Lesson15.secondLight() keeps its state: it looks for an "
            + "enum that is the light, a stored state tag (Lesson15.TrafficLight.State), or a "
            + "stored state object (a struct or class)"
        ]
      }
      if !lightProblems(Lesson15.firstLight, name: "Lesson15.firstLight()").isEmpty {
        return ["solve exercise 15.1 first: this one is the same light in another style"]
      }
      guard let first else {
        return [
          "the check cannot tell how Lesson15.firstLight() keeps its state: it looks for an "
            + "enum that is the light, a stored state tag (Lesson15.TrafficLight.State), or a "
            + "stored state object (a struct or class)"
        ]
      }
      if first == second {
        return [
          "both lights keep their state the same way, as \(second.rawValue): write the second "
            + "in another style (the check tells styles apart by how a light keeps its state: "
            + "an enum that is the light, a stored state tag, or a stored state object)"
        ]
      }
      return factProblems(
        LightFacts(
          openSetOfStates: Lesson15.openSetOfStates,
          testsOneStateAlone: Lesson15.testsOneStateAlone,
          newEventInOnePlace: Lesson15.newEventInOnePlace, kept: Lesson15.kept),
        first: first, second: second)
    },
  ]
}

/// How a traffic light keeps its state, as far as reflection can tell.
enum LightShape: String {
  /// The enum style: the light is an enum (or holds one with data).
  case enumeration = "an enum that is the light"
  /// Nested switches, or a table: a stored `TrafficLight.State`.
  case tag = "a stored state tag (nested switches, or a table)"
  /// The State pattern: a stored state object.
  case object = "a stored state object (the State pattern)"

  /// Whether a light of this shape has an open set of states: anyone can
  /// add a state type (the State pattern and the state classes).
  var isOpen: Bool { self == .object }

  /// Whether one state of it can be tested alone, without driving a light
  /// there: the enum's cases and the State pattern's states are values you
  /// can write down and call; a stored tag is only reached by events.
  var testsOneStateAlone: Bool { self != .tag }

  /// Whether a new event is one place: one switch or one set of rows, not
  /// the protocol (or base class), the context and every state handling it.
  var takesANewEventInOnePlace: Bool { self != .object }

  init?(of light: any Lesson15.TrafficLightMachine) {
    let mirror = Mirror(reflecting: light)
    if mirror.displayStyle == .enum {
      self = .enumeration
      return
    }
    var shapes: Set<LightShape> = []
    for child in mirror.children {
      if child.value is Lesson15.TrafficLight.State {
        shapes.insert(.tag)
        continue
      }
      switch Mirror(reflecting: child.value).displayStyle {
      case .enum?: shapes.insert(.enumeration)
      case .struct?, .class?: shapes.insert(.object)
      default: break
      }
    }
    guard let shape = [LightShape.object, .enumeration, .tag].first(where: shapes.contains) else {
      return nil
    }
    self = shape
  }
}

private typealias Light = Lesson15.TrafficLight

/// The traffic light's table: where each event leads from each state, or
/// `nil` where it is ignored.
private func referenceTarget(from state: Light.State, on event: Light.Event) -> Light.State? {
  switch (state, event) {
  case (.red, .timer): .green
  case (.green, .timer): .yellow
  case (.yellow, .timer): .red
  case (.red, .fault), (.green, .fault), (.yellow, .fault): .flashing
  case (.flashing, .repair): .red
  case (.red, .repair), (.green, .repair), (.yellow, .repair), (.flashing, .timer),
    (.flashing, .fault):
    nil
  }
}

/// The entry activity of each state.
private func entryOutput(of state: Light.State) -> Light.Output {
  switch state {
  case .red: .redOn
  case .green: .greenOn
  case .yellow: .yellowOn
  case .flashing: .flashingOn
  }
}

/// How long each state is shown before the timer.
private func referenceDelay(of state: Light.State) -> Int? {
  switch state {
  case .red: 30
  case .green: 25
  case .yellow: 5
  case .flashing: nil
  }
}

/// The first way the light made by `make` differs from the table, on the
/// lists of up to six events.
private func lightProblems(
  _ make: () -> any Lesson15.TrafficLightMachine, name: String
) -> [String] {
  let new = make()
  if new.state != .red {
    return ["a new light from \(name) is \(new.state); a new light is red"]
  }
  if new.delay != referenceDelay(of: .red) {
    return [
      "a new (red) light from \(name) has delay \(show(new.delay)), which is not red's delay "
        + "in the exercise"
    ]
  }
  // Every list of up to six events, shortest first, so that the first
  // difference found is one of the shortest.
  var runs: [[Light.Event]] = []
  var frontier: [[Light.Event]] = [[]]
  for _ in 0..<6 {
    frontier = frontier.flatMap { run in Light.Event.allCases.map { run + [$0] } }
    runs += frontier
  }
  for events in runs {
    var light = make()
    var expectedState = Light.State.red
    var yours: [TraceStep<Light.State, Light.Event, Light.Output>] = []
    var wanted: [TraceStep<Light.State, Light.Event, Light.Output>] = []
    for event in events {
      let step = light.step(event)
      let target = referenceTarget(from: expectedState, on: event)
      let expected = TraceStep<Light.State, Light.Event, Light.Output>(
        event: event, from: expectedState, to: target ?? expectedState, fired: target != nil,
        outputs: target.map { [entryOutput(of: $0)] } ?? [])
      yours.append(step)
      wanted.append(expected)
      if let difference = firstDifference(
        yours, from: wanted, rule: "the traffic light's table", describe: describe(step:))
      {
        return [
          "\(name) differs from the traffic light's table on \(events.prefix(yours.count)): \(difference)"
        ]
      }
      if light.delay != referenceDelay(of: expected.to) {
        return [
          "after \(events.prefix(yours.count)), \(name) is \(light.state) with delay "
            + "\(show(light.delay)), which is not \(light.state)'s delay in the exercise"
        ]
      }
      expectedState = expected.to
    }
  }
  return []
}

/// A delay as a message writes it.
private func show(_ delay: Int?) -> String {
  delay.map { "\($0) seconds" } ?? "nil"
}

// MARK: - 15.1: the rubric

/// The rubric's answers for the traffic light, from the facts the exercise
/// states: the controller never names a colour (1), a delay is a constant of
/// its colour (2), its colours have been the same for a century and only the
/// team writes them (3), each state only switches its lamp on (4), a fault
/// missed in any colour is an accident at the crossing (5), and it changes
/// colour a few times a minute (6).
private let rubricTruths = [false, false, false, false, true, false]

/// What is wrong with the rubric's answers and the count of ignored pairs:
/// how many of the seven are not right yet, never which, since six are a
/// yes or a no. A missing answer is named: that says nothing of the right
/// one.
func rubricProblems(_ rubric: [Bool?], ignoredPairs: Int?) -> [String] {
  guard rubric.count == rubricTruths.count else {
    return [
      "Lesson15.rubric has \(rubric.count) answers; the rubric has six questions, one answer "
        + "each (scripts/reset-exercises 15 starts the file over)"
    ]
  }
  let unanswered = zip(1..., rubric).filter { $0.1 == nil }.map { "\($0.0)" }
  var missing: [String] = []
  if !unanswered.isEmpty {
    missing.append(
      "Lesson15.rubric has no answer to question\(unanswered.count == 1 ? "" : "s") "
        + "\(unanswered.joined(separator: ", ")) yet")
  }
  if ignoredPairs == nil { missing.append("Lesson15.ignoredPairs is nil") }
  guard missing.isEmpty else {
    return [
      missing.joined(separator: ", and ")
        + ": the check judges the six answers and the count together, once all are given"
    ]
  }
  let ignored = Light.State.allCases.flatMap { state in
    Light.Event.allCases.filter { referenceTarget(from: state, on: $0) == nil }
  }.count
  let wrong =
    zip(rubric, rubricTruths).filter { $0.0 != $0.1 }.count + (ignoredPairs == ignored ? 0 : 1)
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: 7, "answers") + "; the check does not "
      + "say which, since six are a yes or a no: answer each question from the facts the "
      + "exercise states about the light, and count the ignored pairs on the light's table"
  ]
}

// MARK: - 15.2: the facts behind a choice

/// The answers of exercise 15.2, as the exercise file gives them.
struct LightFacts {
  var openSetOfStates: Lesson15.Lights?
  var testsOneStateAlone: Lesson15.Lights?
  var newEventInOnePlace: Lesson15.Lights?
  var kept: Lesson15.Lights?
}

/// Which of two lights, of shapes `first` and `second`, `holds` for.
private func lights(
  _ first: LightShape, _ second: LightShape, where holds: (LightShape) -> Bool
) -> Lesson15.Lights {
  switch (holds(first), holds(second)) {
  case (true, true): .both
  case (true, false): .first
  case (false, true): .second
  case (false, false): .neither
  }
}

/// What is wrong with the three facts of exercise 15.2, judged by how the
/// two lights keep their state: how many are not right yet, never which.
/// Which light to keep is not judged, only asked for.
func factProblems(_ facts: LightFacts, first: LightShape, second: LightShape) -> [String] {
  var missing: [String] = []
  if facts.openSetOfStates == nil { missing.append("openSetOfStates") }
  if facts.testsOneStateAlone == nil { missing.append("testsOneStateAlone") }
  if facts.newEventInOnePlace == nil { missing.append("newEventInOnePlace") }
  guard missing.isEmpty else {
    return [
      "Lesson15.\(missing.joined(separator: ", Lesson15.")) "
        + "\(missing.count == 1 ? "is" : "are") still nil: the check judges the three facts "
        + "together, once all are given"
    ]
  }
  let truths: [Lesson15.Lights] = [
    lights(first, second, where: \.isOpen),
    lights(first, second, where: \.testsOneStateAlone),
    lights(first, second, where: \.takesANewEventInOnePlace),
  ]
  let answers = [facts.openSetOfStates, facts.testsOneStateAlone, facts.newEventInOnePlace]
  let wrong = zip(answers, truths).filter { $0.0 != $0.1 }.count
  var problems: [String] = []
  if wrong > 0 {
    problems.append(
      notRightYet(wrong, of: 3, "facts") + "; the check does "
        + "not say which: read each off the lesson's tables for the styles you wrote")
  }
  if facts.kept != .first && facts.kept != .second {
    problems.append(
      "Lesson15.kept is not .first or .second: choose the light you would keep, and say why "
        + "in a comment (the choice is yours, the check does not judge it)")
  }
  return problems
}
