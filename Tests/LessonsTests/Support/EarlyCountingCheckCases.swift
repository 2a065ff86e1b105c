/// The cases `EarlyCountingChecksTests` gives the checks of lessons 3 to 9
/// that count wrong answers without naming them (exercises 3.1, 6.2, 7.2,
/// 8.1 and 9.2): one program's `main.swift`, compiled with the checks and
/// the reference solutions. It prints `case NAME`, then each line of what
/// the case gives, indented by two spaces.
enum EarlyCountingCheckCases {
  /// Each exercise, with the number of its answers, the cases with one
  /// answer wrong (each a different one), and the case with two wrong.
  static let exercises: [(id: String, answers: Int, oneWrong: [String])] = [
    ("3.1", 9, ["empty step wrong", "guard step wrong"]),
    ("6.2", 2, ["places off", "lines off"]),
    ("7.2", 5, ["fired wrong", "error wrong", "target wrong"]),
    ("8.1", 5, ["colour wrong", "count off"]),
    ("9.2", 8, ["segment dropped", "bookkeeping sent"]),
  ]

  static let main = #"""
    import StateMachines

    func show(_ name: String, _ lines: [String]) {
      print("case \(name)")
      for line in lines { print("  " + line) }
    }

    // Exercise 3.1: the second event outputs nothing, the eighth only a code check.
    let prediction = Lesson3.prediction
    show("3.1 right", runPredictionProblems(prediction))
    var emptyWrong = prediction
    emptyWrong[1] = [.systemArmed]
    show("3.1 empty step wrong", runPredictionProblems(emptyWrong))
    var guardWrong = prediction
    guardWrong[7] = []
    show("3.1 guard step wrong", runPredictionProblems(guardWrong))
    var twoPredictions = emptyWrong
    twoPredictions[7] = []
    show("3.1 two wrong", runPredictionProblems(twoPredictions))

    // Exercise 6.2, measured on the reference solution's file.
    let first = Lesson6.firstStyle ?? .statePattern
    let second = Lesson6.secondStyle ?? .nestedSwitch
    let firstCount = Lesson6.firstChange ?? (places: 0, lines: 0)
    let secondCount = Lesson6.secondChange ?? (places: 0, lines: 0)
    func counts(_ one: (places: Int, lines: Int)?, _ two: (places: Int, lines: Int)?) -> [String] {
      changeCountProblems([(first, one), (second, two)], file: Lesson6.file)
    }
    show("6.2 right", counts(firstCount, secondCount))
    let placesOff = (places: firstCount.places + 3, lines: firstCount.lines)
    let linesOff = (places: secondCount.places, lines: secondCount.lines * 2 + 5)
    show("6.2 places off", counts(placesOff, secondCount))
    show("6.2 lines off", counts(firstCount, linesOff))
    show("6.2 two wrong", counts(placesOff, linesOff))
    show("6.2 one nil", counts(firstCount, nil))

    // Exercise 7.2.
    let life = Lesson7.recordLife
    var firedWrong = life
    firedWrong[4].fired.toggle()
    show("7.2 right", recordLifeProblems(life))
    show("7.2 fired wrong", recordLifeProblems(firedWrong))
    var errorWrong = life
    errorWrong[4].error = nil
    show("7.2 error wrong", recordLifeProblems(errorWrong))
    var targetWrong = life
    targetWrong[1].to = .oldDirty
    show("7.2 target wrong", recordLifeProblems(targetWrong))
    var twoSteps = firedWrong
    twoSteps[1].to = .oldDirty
    show("7.2 two wrong", recordLifeProblems(twoSteps))

    // Exercise 8.1.
    let states = Lesson8.predictedStates
    let last = Lesson8.predictedLastOutputs
    var colourWrong = states
    colourWrong[0] = states[0] == .red ? .green : .red
    show("8.1 right", lightPredictionProblems(states: states, lastOutputs: last))
    show("8.1 colour wrong", lightPredictionProblems(states: colourWrong, lastOutputs: last))
    show("8.1 count off", lightPredictionProblems(states: states, lastOutputs: last + 1))
    show("8.1 two wrong", lightPredictionProblems(states: colourWrong, lastOutputs: last + 1))

    // Exercise 9.2.
    let dropped: (TCPConnection.Output) -> TCPConnection.Event? = { output in
      if case .sendAck = output { return nil }
      return Lesson9.segment(output)
    }
    let sent: (TCPConnection.Output) -> TCPConnection.Event? = { output in
      if case .createTCB = output { return .receiveSyn }
      return Lesson9.segment(output)
    }
    show("9.2 right", segmentProblems(Lesson9.segment))
    show("9.2 segment dropped", segmentProblems(dropped))
    show("9.2 bookkeeping sent", segmentProblems(sent))
    show("9.2 two wrong", segmentProblems { output in
      if case .createTCB = output { return .receiveSyn }
      return dropped(output)
    })
    """#
}
