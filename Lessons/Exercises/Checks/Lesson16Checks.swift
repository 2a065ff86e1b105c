import StateMachines

extension ExerciseCheck {
  /// Lesson 16: superstates, regions and history.
  static let lesson16 = [
    ExerciseCheck("16.1", "predict the runs") {
      predictionProblems(Lesson16.predictions)
    },
    ExerciseCheck("16.2", "shallow or deep history") {
      historyProblems(
        HistoryAnswers(
          shallowAfterRunningJump: Lesson16.shallowAfterRunningJump,
          shallowAfterSlidingJump: Lesson16.shallowAfterSlidingJump,
          deepAfterSlidingJump: Lesson16.deepAfterSlidingJump,
          keepsTheBehaviour: Lesson16.keepsTheBehaviour,
          landingsShallowChanges: Lesson16.landingsShallowChanges),
        longRun: Lesson16.longRun)
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

/// What is wrong with the predictions of exercise 16.1: how many of the
/// eight answers are not right yet, never which, nor which way an output
/// list is off, since that would let a student find each one by trying. A
/// missing answer is named: that says nothing of the right one.
func predictionProblems(_ predictions: [Lesson16.Prediction]) -> [String] {
  guard predictions.map(\.events) == predictionRuns else {
    return [
      "Lesson16.predictions is not the exercise's list of runs any more: put the events back "
        + "(scripts/reset-exercises 16 starts the file over)"
    ]
  }
  var missing: [String] = []
  for (number, prediction) in zip(1..., predictions) {
    if prediction.endsIn == nil { missing.append("endsIn of run \(number)") }
    if prediction.lastOutputs == nil { missing.append("lastOutputs of run \(number)") }
  }
  guard missing.isEmpty else {
    return [
      "\(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") still nil: "
        + "the check judges the eight answers together, once all are given"
    ]
  }
  var wrong = 0
  for prediction in predictions {
    var hero = GameCharacter.Enum()
    var last: [GameCharacter.Output] = []
    for event in prediction.events { last = hero.outputs(of: event) }
    if prediction.endsIn != hero.state { wrong += 1 }
    if prediction.lastOutputs != last { wrong += 1 }
  }
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: 8, "answers") + "; the check does not "
      + "say which: an end state, or the outputs of a last event (all of them, in order)",
    "follow each run on the diagram again, one event and one region at a time: exits "
      + "innermost first, entries outermost first",
  ]
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

/// The five answers of exercise 16.2, as the exercise file gives them.
struct HistoryAnswers {
  var shallowAfterRunningJump: GameCharacter.MovementLeaf?
  var shallowAfterSlidingJump: GameCharacter.MovementLeaf?
  var deepAfterSlidingJump: GameCharacter.MovementLeaf?
  var keepsTheBehaviour: Lesson16.History?
  var landingsShallowChanges: Int?
}

/// The run of exercise 16.2's count, as the exercise file gives it.
let historyLongRun: [GameCharacter.Event] = [
  .run, .duck, .jump, .land, .stop, .jump, .jump, .land, .run, .jump, .duck, .land,
  .duck, .jump, .duck, .hit, .run, .duck, .jump, .duck, .land, .pickUp(.bow), .jump,
  .fire, .land, .stop, .standUp, .jump, .land, .run, .duck, .stop, .jump, .jump, .land,
  .run, .duck, .jump, .land, .land,
]

/// What is wrong with the answers of exercise 16.2: how many are not right
/// yet, never which. Each of the first four is one of a few choices, so
/// naming the wrong one would let a student find it by trying; the count
/// comes from a run in the REPL. A missing answer is named: that says
/// nothing of the right one.
func historyProblems(_ answers: HistoryAnswers, longRun: [GameCharacter.Event]) -> [String] {
  guard longRun == historyLongRun else {
    return [
      "Lesson16.longRun is not the exercise's run any more: put the events back "
        + "(scripts/reset-exercises 16 starts the file over)"
    ]
  }
  var missing: [String] = []
  if answers.shallowAfterRunningJump == nil { missing.append("shallowAfterRunningJump") }
  if answers.shallowAfterSlidingJump == nil { missing.append("shallowAfterSlidingJump") }
  if answers.deepAfterSlidingJump == nil { missing.append("deepAfterSlidingJump") }
  if answers.keepsTheBehaviour == nil { missing.append("keepsTheBehaviour") }
  if answers.landingsShallowChanges == nil { missing.append("landingsShallowChanges") }
  guard missing.isEmpty else {
    return [
      "Lesson16.\(missing.joined(separator: ", Lesson16.")) "
        + "\(missing.count == 1 ? "is" : "are") still nil: the check judges the five answers "
        + "together, once all are given"
    ]
  }
  let landings: [(answer: GameCharacter.MovementLeaf?, from: String, deep: Bool)] = [
    (answers.shallowAfterRunningJump, "running", false),
    (answers.shallowAfterSlidingJump, "sliding", false),
    (answers.deepAfterSlidingJump, "sliding", true),
  ]
  var wrong = landings.filter { landing in
    landing.answer?.rawValue != LowChart.landing(from: landing.from, deep: landing.deep)
  }.count
  if answers.keepsTheBehaviour != historyThatKeepsTheBehaviour() { wrong += 1 }
  if answers.landingsShallowChanges != landingsShallowHistoryChanges(in: longRun) { wrong += 1 }
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: 5, "answers") + "; the check does not "
      + "say which, since each of the first four is one of a few: work them out",
    "for the landings, draw onGround with low inside it; for the count, play Lesson16.longRun "
      + "in the REPL and read each land step",
  ]
}

/// Which history of the designer's chart lands her, after a jump from each
/// ground leaf, where today's shallow history does: today she lands in the
/// leaf she left.
private func historyThatKeepsTheBehaviour() -> Lesson16.History {
  let leaves = ["standing", "running", "ducking", "sliding"]
  let shallow = leaves.allSatisfy { LowChart.landing(from: $0, deep: false) == $0 }
  let deep = leaves.allSatisfy { LowChart.landing(from: $0, deep: true) == $0 }
  switch (shallow, deep) {
  case (true, true): return .both
  case (true, false): return .shallow
  case (false, true): return .deep
  case (false, false): return .neither
  }
}

/// At how many steps of `run`, played on today's character, `land` takes her
/// to a leaf other than the one the designer's chart with shallow history
/// would, from the same state.
private func landingsShallowHistoryChanges(in run: [GameCharacter.Event]) -> Int {
  var hero = GameCharacter.Enum()
  return run.filter { event in
    let step = hero.step(event)
    guard event == .land, step.fired else { return false }
    let landed = step.to.movement.rawValue
    return LowChart.landing(from: landed, deep: false) != landed
  }.count
}
