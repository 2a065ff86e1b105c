/// The cases ExerciseChecksTests gives the checks that count wrong answers
/// without naming them (exercises 16.2 and 17.2), and the hints as `--hint`
/// prints them: one program's `main.swift`, compiled with the checks and the
/// reference solutions. It prints `case NAME`, then each line of what the
/// case gives, indented by two spaces.
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

    // Hints, as --hint prints them.
    show("ragged hint", terminalLines(ofHint: ragged))
    for (id, hint) in ExerciseCheck.hints.sorted(by: { $0.key < $1.key }) {
      show("hint \(id)", terminalLines(ofHint: hint))
    }
    """#
}
