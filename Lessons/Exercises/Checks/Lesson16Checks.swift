import StateMachines

extension ExerciseCheck {
  /// Lesson 16: superstates, regions and history.
  static let lesson16 = [
    ExerciseCheck("16.1", "predict the runs") {
      predictionProblems()
    },
    ExerciseCheck("16.2", "shallow or deep history") {
      historyProblems()
    },
  ]
}

// MARK: - 16.1: predictions

/// The runs of exercise 16.1, as the exercise file gives them.
private let predictionRuns: [[GameCharacter.Event]] = [
  [.run, .duck, .jump, .duck, .land],
  [.run, .duck, .stop, .jump, .jump],
  [.pickUp(.bow), .run, .jump, .hit, .land],
  [.pickUp(.gun), .run, .jump, .duck, .fire],
]

/// What is wrong with the predictions, without saying what is right.
private func predictionProblems() -> [String] {
  let predictions = Lesson16.predictions
  guard predictions.map(\.events) == predictionRuns else {
    return [
      "Lesson16.predictions is not the exercise's list of runs any more: put the events back "
        + "(scripts/reset-exercises 16 starts the file over)"
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

// MARK: - 16.2: shallow and deep history

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

/// What is wrong with the three answers of exercise 16.2.
private func historyProblems() -> [String] {
  let questions: [(name: String, answer: GameCharacter.MovementLeaf?, from: String, deep: Bool)] =
    [
      ("shallowAfterRunningJump", Lesson16.shallowAfterRunningJump, "running", false),
      ("shallowAfterSlidingJump", Lesson16.shallowAfterSlidingJump, "sliding", false),
      ("deepAfterSlidingJump", Lesson16.deepAfterSlidingJump, "sliding", true),
    ]
  var problems: [String] = []
  for question in questions {
    let name = "Lesson16.\(question.name)"
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
