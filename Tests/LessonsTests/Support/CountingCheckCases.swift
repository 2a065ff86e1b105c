import Testing

/// The cases ExerciseChecksTests gives the checks that count wrong answers
/// without naming them (exercises 14.1, 15.1, 15.2, 16.1, 16.2, 17.1 and
/// 17.2), and the hints as `--hint` prints them: one program's
/// `main.swift`, compiled with the checks and the reference solutions. It
/// prints `case NAME`, then each line of what the case gives, indented by
/// two spaces.
enum CountingCheckCases {
  /// A hint whose paragraph is wrapped raggedly, as lesson 16's was, with a
  /// list and a code block.
  static let raggedHint = """
    From the leaf outwards, find the first state
    that handles it. Note the exits on
    the way out (innermost first) and the entries on the way in (outermost first). Where an arrow ends at `H`, ask what `onGround` remembers.

    - one item of a list, whose words run on past the width of a terminal line, to wrap
      under itself
    - a short item

    ```swift
    print(hero.land(), hero.state)  // a line of code is never wrapped, whatever its width is
    ```
    """

  /// What `terminalLines(ofHint:)` must give for `raggedHint`.
  static let raggedHintLines = [
    "From the leaf outwards, find the first state that handles it. Note the",
    "exits on the way out (innermost first) and the entries on the way in",
    "(outermost first). Where an arrow ends at `H`, ask what `onGround`",
    "remembers.",
    "",
    "- one item of a list, whose words run on past the width of a terminal",
    "  line, to wrap under itself",
    "- a short item",
    "",
    "    print(hero.land(), hero.state)  // a line of code is never wrapped, whatever its width is",
  ]

  /// The names of the answers of 16.2 and 17.2, and the values they take:
  /// a problem that names one says which answer is wrong, or what is right.
  static let answerWords = [
    "shallowAfterRunningJump", "shallowAfterSlidingJump", "deepAfterSlidingJump",
    "keepsTheBehaviour", "landingsShallowChanges", "standing", "running", "ducking", "sliding",
    "nested-switch", "state-pattern", "state-classes", "table", "allocates",
    "looksUpTheHierarchy", "never", "enteringTheAir", "onEveryTransition",
  ]

  /// An exercise whose check counts the answers that are not right yet:
  /// what a case of one wrong answer begins with, the cases of one wrong
  /// answer (each must be told the same), a case of two, what it begins
  /// with, and the words no problem may name: answers and their values.
  struct Counting: Sendable, CustomTestStringConvertible {
    var exercise: String
    var one: String
    var oneWrong: [String]
    var two: String
    var answerWords: [String]

    var testDescription: String { exercise }
  }

  /// The exercises judged by `Counting`, all but 16.2 and 17.2's answers.
  static let counting = [
    Counting(
      exercise: "14.1", one: "1 part of your prediction is not right yet",
      oneWrong: ["count over", "count under", "end wrong", "never taken", "left out"],
      two: "2 parts of your prediction are not right yet",
      answerWords: ["disarmed", "armed", "alarm", "silentAlarm", "many", "few", "arm"]),
    Counting(
      exercise: "15.1", one: "1 of your 7 answers is not right yet",
      oneWrong: ["rubric wrong", "other rubric wrong", "pairs off"],
      two: "2 of your 7 answers are not right yet",
      answerWords: ["true", "false", "too many", "too few", "question [1-6]"]),
    Counting(
      exercise: "15.2", one: "1 of your 3 facts is not right yet",
      oneWrong: ["open wrong", "alone wrong", "event wrong"],
      two: "2 of your 3 facts are not right yet",
      answerWords: [
        "openSetOfStates", "testsOneStateAlone", "newEventInOnePlace", "first", "second",
        "both", "neither",
      ]),
    Counting(
      exercise: "16.1", one: "1 of your 8 answers is not right yet",
      oneWrong: ["end wrong", "outputs reordered", "outputs too many", "outputs too few"],
      two: "2 of your 8 answers are not right yet",
      answerWords: [
        "standing", "running", "sliding", "jumping", "too many", "too few", "wrong order",
        "run [1-4]",
      ]),
    Counting(
      exercise: "17.1", one: "1 of your 2 predictions is not right yet",
      oneWrong: ["fewest wrong", "most wrong"],
      two: "2 of your 2 predictions are not right yet",
      answerWords: [
        "nested-switch", "enum", "state-pattern", "state-classes", "table", "fewestPlaces",
        "mostPlaces",
      ]),
  ]

  static let main = #"""
    func show(_ name: String, _ lines: [String]) {
      print("case \(name)")
      for line in lines { print("  " + line) }
    }

    // Exercise 16.2.
    let history = HistoryAnswers(
      shallowAfterRunningJump: Lesson16.shallowAfterRunningJump,
      shallowAfterSlidingJump: Lesson16.shallowAfterSlidingJump,
      deepAfterSlidingJump: Lesson16.deepAfterSlidingJump,
      keepsTheBehaviour: Lesson16.keepsTheBehaviour,
      landingsShallowChanges: Lesson16.landingsShallowChanges)
    show("16.2 right", historyProblems(history, longRun: Lesson16.longRun))
    var behaviourWrong = history
    behaviourWrong.keepsTheBehaviour = history.keepsTheBehaviour == .shallow ? .deep : .shallow
    show("16.2 behaviour wrong", historyProblems(behaviourWrong, longRun: Lesson16.longRun))
    var leafWrong = history
    leafWrong.deepAfterSlidingJump = history.deepAfterSlidingJump == .standing ? .running : .standing
    show("16.2 leaf wrong", historyProblems(leafWrong, longRun: Lesson16.longRun))
    var countOff = history
    countOff.landingsShallowChanges = (history.landingsShallowChanges ?? 0) + 1
    show("16.2 count off", historyProblems(countOff, longRun: Lesson16.longRun))
    var twoWrong = leafWrong
    twoWrong.landingsShallowChanges = countOff.landingsShallowChanges
    show("16.2 two wrong", historyProblems(twoWrong, longRun: Lesson16.longRun))
    var oneNil = history
    oneNil.keepsTheBehaviour = nil
    show("16.2 one nil", historyProblems(oneNil, longRun: Lesson16.longRun))

    // Exercise 17.2.
    let costs = Lesson17.costs
    let boxes = Lesson17.boxesOnTheRun
    show("17.2 right", costProblems(costs, boxesOnTheRun: boxes, run: Lesson17.run))
    var allocatesWrong = costs
    allocatesWrong[2].allocates = costs[2].allocates == .never ? .enteringTheAir : .never
    show("17.2 allocates wrong", costProblems(allocatesWrong, boxesOnTheRun: boxes, run: Lesson17.run))
    var lookUpWrong = costs
    lookUpWrong[6].looksUpTheHierarchy = !(costs[6].looksUpTheHierarchy ?? false)
    show("17.2 look-up wrong", costProblems(lookUpWrong, boxesOnTheRun: boxes, run: Lesson17.run))
    show("17.2 count off", costProblems(costs, boxesOnTheRun: (boxes ?? 0) + 1, run: Lesson17.run))
    show(
      "17.2 three wrong",
      costProblems(lookUpWrong.enumerated().map { index, cost in
        index == 2 ? allocatesWrong[2] : cost
      }, boxesOnTheRun: (boxes ?? 0) - 1, run: Lesson17.run))

    // Exercise 14.1.
    let counts = Lesson14.predictedCounts
    let end = Lesson14.predictedEnd
    func overlay(_ counts: [Lesson14.Taken: Int], _ end: SecuritySystem.State?) -> [String] {
      overlayProblems(counts, end: end, run: Lesson14.run)
    }
    let arm = Lesson14.Taken(from: .disarmed, event: "arm", to: .armed)
    let otherEnd: SecuritySystem.State = end == .alarm ? .disarmed : .alarm
    show("14.1 right", overlay(counts, end))
    show("14.1 count over", overlay(counts.merging([arm: (counts[arm] ?? 0) + 1]) { $1 }, end))
    show("14.1 count under", overlay(counts.merging([arm: (counts[arm] ?? 0) - 1]) { $1 }, end))
    show("14.1 end wrong", overlay(counts, otherEnd))
    let never = Lesson14.Taken(from: .disarmed, event: "disarm", to: .disarmed)
    show("14.1 never taken", overlay(counts.merging([never: 1]) { $1 }, end))
    show("14.1 left out", overlay(counts.filter { $0.key != arm }, end))
    show("14.1 two wrong", overlay(counts.filter { $0.key != arm }, otherEnd))
    show("14.1 end nil", overlay(counts, nil))

    // Exercise 15.1.
    let rubric = Lesson15.rubric
    let pairs = Lesson15.ignoredPairs
    func flipped(_ rubric: [Bool?], _ index: Int) -> [Bool?] {
      var answers = rubric
      answers[index] = !(rubric[index] ?? false)
      return answers
    }
    show("15.1 right", rubricProblems(rubric, ignoredPairs: pairs))
    show("15.1 rubric wrong", rubricProblems(flipped(rubric, 0), ignoredPairs: pairs))
    show("15.1 other rubric wrong", rubricProblems(flipped(rubric, 4), ignoredPairs: pairs))
    show("15.1 pairs off", rubricProblems(rubric, ignoredPairs: (pairs ?? 0) + 1))
    show("15.1 two wrong", rubricProblems(flipped(rubric, 1), ignoredPairs: (pairs ?? 0) - 1))

    // Exercise 15.2.
    let first = LightShape(of: Lesson15.firstLight())!
    let second = LightShape(of: Lesson15.secondLight())!
    let facts = LightFacts(
      openSetOfStates: Lesson15.openSetOfStates, testsOneStateAlone: Lesson15.testsOneStateAlone,
      newEventInOnePlace: Lesson15.newEventInOnePlace, kept: Lesson15.kept)
    func other(_ lights: Lesson15.Lights?) -> Lesson15.Lights {
      lights == .neither ? .both : .neither
    }
    show("15.2 right", factProblems(facts, first: first, second: second))
    var openWrong = facts
    openWrong.openSetOfStates = other(facts.openSetOfStates)
    show("15.2 open wrong", factProblems(openWrong, first: first, second: second))
    var aloneWrong = facts
    aloneWrong.testsOneStateAlone = other(facts.testsOneStateAlone)
    show("15.2 alone wrong", factProblems(aloneWrong, first: first, second: second))
    var eventWrong = facts
    eventWrong.newEventInOnePlace = other(facts.newEventInOnePlace)
    show("15.2 event wrong", factProblems(eventWrong, first: first, second: second))
    var factsTwoWrong = openWrong
    factsTwoWrong.newEventInOnePlace = eventWrong.newEventInOnePlace
    show("15.2 two wrong", factProblems(factsTwoWrong, first: first, second: second))
    var notKept = facts
    notKept.kept = .both
    show("15.2 not kept", factProblems(notKept, first: first, second: second))

    // Exercise 16.1.
    let predictions = Lesson16.predictions
    show("16.1 right", predictionProblems(predictions))
    var endWrong = predictions
    endWrong[2].endsIn = GameCharacter.State(.running)
    show("16.1 end wrong", predictionProblems(endWrong))
    var reordered = predictions
    reordered[0].lastOutputs = predictions[0].lastOutputs.map { Array($0.reversed()) }
    show("16.1 outputs reordered", predictionProblems(reordered))
    var tooMany = predictions
    tooMany[1].lastOutputs = (predictions[1].lastOutputs ?? []) + [.showJumping]
    show("16.1 outputs too many", predictionProblems(tooMany))
    var tooFew = predictions
    tooFew[0].lastOutputs = predictions[0].lastOutputs.map { Array($0.dropLast()) }
    show("16.1 outputs too few", predictionProblems(tooFew))
    var predictionsTwoWrong = endWrong
    predictionsTwoWrong[0].lastOutputs = tooFew[0].lastOutputs
    show("16.1 two wrong", predictionProblems(predictionsTwoWrong))

    // Exercise 17.1's predictions.
    let fewest = Lesson17.fewestPlaces
    let most = Lesson17.mostPlaces
    show("17.1 right", placesPredictionProblems(fewest: fewest, most: most))
    show("17.1 fewest wrong", placesPredictionProblems(fewest: most, most: most))
    show("17.1 most wrong", placesPredictionProblems(fewest: fewest, most: fewest))
    show("17.1 two wrong", placesPredictionProblems(fewest: most, most: fewest))

    // Hints, as --hint prints them.
    show("ragged hint", terminalLines(ofHint: ragged))
    for (id, hint) in ExerciseCheck.hints.sorted(by: { $0.key < $1.key }) {
      show("hint \(id)", terminalLines(ofHint: hint))
    }
    """#
}
