import StateMachines

extension ExerciseCheck {
  /// Lesson 15: choosing a style.
  static let lesson15 = [
    ExerciseCheck("15.1", "a traffic light, in the style you choose") {
      lightProblems(Lesson15.firstLight, name: "Lesson15.firstLight()")
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
      if first == second {
        return [
          "both lights keep their state the same way, as \(second.rawValue): write the second "
            + "in another style (the check tells styles apart by how a light keeps its state: "
            + "an enum that is the light, a stored state tag, or a stored state object)"
        ]
      }
      return []
    },
  ]
}

/// How a traffic light keeps its state, as far as reflection can tell.
private enum LightShape: String {
  /// The enum style: the light is an enum (or holds one with data).
  case enumeration = "an enum that is the light"
  /// Nested switches, or a table: a stored `TrafficLight.State`.
  case tag = "a stored state tag (nested switches, or a table)"
  /// The State pattern: a stored state object.
  case object = "a stored state object (the State pattern)"

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
