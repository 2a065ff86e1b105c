import StateMachines

extension ExerciseCheck {
  /// Lesson 15: superstates, regions and history.
  static let lesson15 = [
    ExerciseCheck("15.1", "a new ground state: crawling") {
      guard let style = Lesson15.crawlingStyle else {
        return [
          "Lesson15.crawlingStyle is nil: set it to the style you added crawling to "
            + "(.nestedSwitch, .enum, .statePattern, .stateClasses or .table)"
        ]
      }
      return crawlingProblems(in: style)
    },
    ExerciseCheck("15.2", "predict the runs") {
      predictionProblems()
    },
    ExerciseCheck("15.3", "shallow or deep history") {
      historyProblems()
    },
  ]
}

// MARK: - 15.1: crawling

/// The events the check sends, as the hero's events.
private let heroEvents = Hero.Event.allCases

/// What is still wrong with `crawling` in `style`.
private func crawlingProblems(in style: Style) -> [String] {
  var problems: [String] = []
  if Hero.Leaf(rawValue: "crawling") == nil {
    problems.append("Hero.Leaf has no leaf crawling yet")
  }
  if Hero.Output(rawValue: "showCrawling") == nil {
    problems.append("Hero.Output has no output showCrawling yet")
  }
  if style == .table && Hero.ChartState(rawValue: "crawling") == nil {
    problems.append(
      "Hero.ChartState has no state crawling yet: the table's rows and hierarchy name it")
  }
  guard problems.isEmpty else { return problems }

  let name = "Hero.\(typeName(of: style))"
  for events in runs(of: heroEvents, upTo: 5) + crawlingScenarios {
    let yours = trace(of: events, in: style)
    let wanted = CrawlingModel.trace(of: events)
    guard let index = yours.indices.first(where: { yours[$0] != wanted[$0] }) else { continue }
    let run = events.map(\.rawValue).joined(separator: ", ")
    let before = index == 0 ? "its first step" : "the steps before it are right"
    return [
      "\(name) does not do what the change request asks on the run \(run): its step "
        + "\(index + 1), \(yours[index]), is not what the request says (\(before))"
    ]
  }
  if style == .table, let crawling = Hero.ChartState(rawValue: "crawling"),
    Hero.Table.table.rows.contains(where: {
      $0.transition.source == crawling && $0.transition.event == "jump"
    })
  {
    problems.append(
      "Hero.Table does the right thing, but with a row of its own for jump from crawling: "
        + "a rule of onGround is written once, on onGround. Which row does the engine find "
        + "without yours?")
  }
  return problems
}

/// Longer runs than the exhaustive ones: history through a dive, twice.
private let crawlingScenarios: [[Hero.Event]] = [
  [.duck, .run, .jump, .duck, .land, .stop, .standUp, .run, .jump, .land],
  [.duck, .run, .jump, .hit, .duck, .run, .stop, .jump, .jump, .land],
  [.run, .duck, .stop, .run, .jump, .duck, .hit, .duck, .run, .jump, .land, .stop],
]

/// The type of `style` in `Hero`.
private func typeName(of style: Style) -> String {
  switch style {
  case .nestedSwitch: "NestedSwitch"
  case .enum: "Enum"
  case .statePattern: "StatePattern"
  case .stateClasses: "StateClasses"
  case .table: "Table"
  }
}

/// Every list of `events` up to `length` long, shortest first.
private func runs<E>(of events: [E], upTo length: Int) -> [[E]] {
  var runs: [[E]] = [[]]
  var frontier: [[E]] = [[]]
  for _ in 0..<length {
    frontier = frontier.flatMap { run in events.map { run + [$0] } }
    runs += frontier
  }
  return runs
}

/// The trace of `events` in the student's `style`, one line per step.
private func trace(of events: [Hero.Event], in style: Style) -> [String] {
  var hero = Hero.make(style)
  return events.map { event in
    let step = hero.step(event)
    return line(
      from: step.from.rawValue, event: event.rawValue, to: step.to.rawValue, fired: step.fired,
      outputs: step.outputs.map(\.name))
  }
}

/// One step, as the messages show it: `jumping --land / touchDown, showRunning--> running`.
private func line(from: String, event: String, to: String, fired: Bool, outputs: [String])
  -> String
{
  let label = outputs.isEmpty ? event : "\(event) / \(outputs.joined(separator: ", "))"
  return "\(from) --\(label)--> \(to)\(fired ? "" : " (ignored)")"
}

/// The hero with `crawling`, as the change request asks, written plainly on
/// the names of the states: what every style must do.
private struct CrawlingModel {
  var leaf = "standing"
  var history = "standing"

  static let ground: Set = ["standing", "running", "ducking", "sliding", "crawling"]
  static let entry = [
    "standing": "showStanding", "running": "showRunning", "ducking": "showDucking",
    "sliding": "showSliding", "crawling": "showCrawling", "jumping": "showJumping",
    "diving": "showDiving",
  ]
  /// The leaves' own transitions; the superstates' come after them.
  static let own = [
    "standing run": "running", "standing duck": "ducking", "running stop": "standing",
    "running duck": "sliding", "sliding stop": "ducking", "ducking standUp": "standing",
    "ducking jump": "standing", "ducking run": "crawling", "crawling stop": "ducking",
    "jumping duck": "diving",
  ]

  /// The trace of `events`, one line per step.
  static func trace(of events: [Hero.Event]) -> [String] {
    var model = CrawlingModel()
    return events.map { event in
      let from = model.leaf
      let outputs = model.handle(event.rawValue)
      return line(
        from: from, event: event.rawValue, to: model.leaf, fired: outputs != nil,
        outputs: outputs ?? [])
    }
  }

  /// Handles `event`: the outputs, or `nil` when it is ignored.
  mutating func handle(_ event: String) -> [String]? {
    let onGround = Self.ground.contains(leaf)
    if let target = Self.own["\(leaf) \(event)"] {
      let exit = leaf == "diving" ? ["endDive"] : []
      leaf = target
      return exit + [Self.entry[target] ?? ""]
    }
    switch (onGround, event) {
    case (true, "jump"):
      history = leaf
      leaf = "jumping"
      return ["liftOff", "showJumping"]
    case (false, "land"), (false, "hit"):
      let exits = (leaf == "diving" ? ["endDive"] : []) + ["touchDown"]
      leaf = event == "land" ? history : "standing"
      return exits + [Self.entry[leaf] ?? ""]
    default:
      return nil
    }
  }
}

// MARK: - 15.2: predictions

/// The runs of exercise 15.2, as the exercise file gives them.
private let predictionRuns: [[GameCharacter.Event]] = [
  [.run, .duck, .jump, .duck, .land],
  [.run, .duck, .stop, .jump, .jump],
  [.pickUp(.bow), .run, .jump, .hit, .land],
  [.pickUp(.gun), .run, .jump, .duck, .fire],
]

/// What is wrong with the predictions, without saying what is right.
private func predictionProblems() -> [String] {
  let predictions = Lesson15.predictions
  guard predictions.map(\.events) == predictionRuns else {
    return [
      "Lesson15.predictions is not the exercise's list of runs any more: put the events back "
        + "(scripts/reset-exercises 15 starts the file over)"
    ]
  }
  var problems: [String] = []
  for (number, prediction) in zip(1..., predictions) {
    let run = "run \(number) (\(prediction.events.map(\.description).joined(separator: ", ")))"
    var hero = GameCharacter.Enum()
    var last: [GameCharacter.Output] = []
    for event in prediction.events { last = hero.outputs(of: event) }
    switch prediction.endsIn {
    case nil:
      problems.append("\(run): endsIn is nil: where does she end?")
    case let predicted? where predicted != hero.state:
      problems.append("\(run): she does not end in \(predicted)")
    default:
      break
    }
    guard let predicted = prediction.lastOutputs else {
      problems.append("\(run): lastOutputs is nil: what does its last event output?")
      continue
    }
    if predicted == last { continue }
    let outputs = "the outputs you predict for its last event"
    if predicted.count > last.count {
      problems.append("\(run): \(outputs) are too many")
    } else if predicted.count < last.count {
      problems.append("\(run): \(outputs) are too few")
    } else if predicted.sorted(by: { $0.name < $1.name }) == last.sorted(by: { $0.name < $1.name })
    {
      problems.append("\(run): \(outputs) are the right ones, in the wrong order")
    } else {
      problems.append("\(run): \(outputs) are not the ones it outputs")
    }
  }
  return problems
}

// MARK: - 15.3: shallow and deep history

/// Where she lands, in the designer's chart with `low` inside `onGround`.
private enum LowChart {
  /// Each state's superstate in the movement region's ground half.
  static let parent = [
    "standing": "onGround", "running": "onGround", "low": "onGround", "ducking": "low",
    "sliding": "low",
  ]
  /// The initial substate of each composite state.
  static let initial = ["onGround": "standing", "low": "ducking"]

  /// The leaf she lands in after jumping from `leaf`: shallow history
  /// keeps the state directly inside `onGround`, deep history the leaf.
  static func landing(from leaf: String, deep: Bool) -> String {
    if deep { return leaf }
    var remembered = leaf
    while let up = parent[remembered], up != "onGround" { remembered = up }
    while let inner = initial[remembered] { remembered = inner }
    return remembered
  }
}

/// What is wrong with the three answers of exercise 15.3.
private func historyProblems() -> [String] {
  let questions: [(name: String, answer: GameCharacter.MovementLeaf?, from: String, deep: Bool)] =
    [
      ("shallowAfterRunningJump", Lesson15.shallowAfterRunningJump, "running", false),
      ("shallowAfterSlidingJump", Lesson15.shallowAfterSlidingJump, "sliding", false),
      ("deepAfterSlidingJump", Lesson15.deepAfterSlidingJump, "sliding", true),
    ]
  var problems: [String] = []
  for question in questions {
    let name = "Lesson15.\(question.name)"
    let history = question.deep ? "deep" : "shallow"
    guard let answer = question.answer else {
      problems.append("\(name) is nil: where does she land with \(history) history?")
      continue
    }
    if [.jumping, .diving].contains(answer) {
      problems.append("\(name) is \(answer), a state in the air: land takes her to the ground")
    } else if answer.rawValue != LowChart.landing(from: question.from, deep: question.deep) {
      problems.append("\(name): with \(history) history, she does not land in \(answer)")
    }
  }
  return problems
}
