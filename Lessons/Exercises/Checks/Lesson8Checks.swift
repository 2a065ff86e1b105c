import StateMachines

extension ExerciseCheck {
  /// Lesson 8: time, and states that carry it.
  static let lesson8 = [
    ExerciseCheck("8.1", "predict the light") {
      predictionProblems()
    },
    ExerciseCheck("8.2", "where is playback?") {
      playbackProblems()
    },
  ]
}

/// Which predictions are wrong, by step: where, not what.
private func predictionProblems() -> [String] {
  var problems = Problems()
  var light = TrafficLight.Enum()
  let trace = light.run(Lesson8.lightRun)
  let predicted = Lesson8.predictedStates
  if predicted.count != trace.count {
    problems.add(
      "Lesson8.predictedStates has \(predicted.count) states; the run has \(trace.count) waits")
  } else {
    let wrong = zip(predicted, trace).enumerated().filter { $0.element.0 != $0.element.1.to }
    if !wrong.isEmpty {
      let steps = wrong.map { "\($0.offset + 1)" }.joined(separator: ", ")
      problems.add("the state after wait \(steps) is not what you predict")
    }
  }
  if let last = trace.last, last.outputs.count != Lesson8.predictedLastOutputs {
    problems.add(
      "the last wait does not produce \(Lesson8.predictedLastOutputs) outputs: count the "
        + "deadlines it passes")
  }
  return problems.list
}

/// Runs of the player's events, some long, with fractions of a second.
private let playbackRuns: [[VideoPlayer.Event]] = {
  var generator = SeededGenerator(seed: 11)
  let events: [VideoPlayer.Event] = [
    .play, .pause, .stop, .wait(.seconds(2)), .wait(.milliseconds(250)), .wait(.seconds(7)),
  ]
  var runs: [[VideoPlayer.Event]] = [
    [], [.play, .wait(.seconds(3))], [.play, .wait(.seconds(3)), .pause, .wait(.seconds(5))],
    [.wait(.seconds(4)), .play, .wait(.seconds(1))], [.play, .wait(.seconds(2)), .stop],
  ]
  for length in 1...10 {
    for _ in 0..<20 {
      runs.append((0..<length).map { _ in events[Int(generator.next() % UInt64(events.count))] })
    }
  }
  return runs
}()

/// The first runs on which the position differs from the player's.
private func playbackProblems() -> [String] {
  var problems: [String] = []
  for run in playbackRuns {
    var player = VideoPlayer.Enum()
    _ = player.run(run)
    let answer = Lesson8.position(after: run)
    if answer != player.position {
      let events = run.map { $0.argument.map { "wait:\($0)" } ?? $0.name }
      problems.append(
        "after \(events), Lesson8.position says \(answer), which is not where the player is")
      if problems.count == 3 { break }
    }
  }
  return problems
}
