import StateMachines

extension ExerciseCheck {
  /// Lesson 8: time, and states that carry it.
  static let lesson8 = [
    ExerciseCheck("8.1", "predict the light") {
      lightPredictionProblems(
        states: Lesson8.predictedStates, lastOutputs: Lesson8.predictedLastOutputs)
    },
    ExerciseCheck("8.2", "where is playback?") {
      playbackProblems()
    },
  ]
}

/// What is wrong with the predictions of exercise 8.1: how many of the five
/// answers (four states, one count) are not right yet, never which. With
/// three colours, naming the wrong wait would let two retries find it.
func lightPredictionProblems(states: [TrafficLight.State], lastOutputs: Int) -> [String] {
  var light = TrafficLight.Enum()
  let trace = light.run(Lesson8.lightRun)
  var missing: [String] = []
  if states.count != trace.count {
    missing.append(
      "Lesson8.predictedStates has \(states.count) states; the run has \(trace.count) waits")
  }
  if lastOutputs < 0 {
    missing.append("Lesson8.predictedLastOutputs is still \(lastOutputs): count the outputs")
  }
  guard missing.isEmpty else { return missing }
  var wrong = zip(states, trace).count { $0 != $1.to }
  if trace.last?.outputs.count != lastOutputs { wrong += 1 }
  guard wrong > 0 else { return [] }
  let answers = trace.count + 1
  return [
    notRightYet(wrong, of: answers, "answers") + "; the "
      + "check does not say which: write the clock after each wait beside the deadlines",
    "each deadline counts from the moment its state was entered, and one wait may pass several "
      + "deadlines, each a transition with its own outputs",
  ]
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

/// The first runs on which the position differs from the player's, or
/// on which `Lesson8.Playback` is not in the player's state with its data.
private func playbackProblems() -> [String] {
  guard Lesson8.playback(after: []) != nil else {
    return ["Lesson8.playback(after:) returns nil: return the case your Playback is in"]
  }
  var problems: [String] = []
  for run in playbackRuns {
    var player = VideoPlayer.Enum()
    _ = player.run(run)
    let events = run.map { $0.argument.map { "wait:\($0)" } ?? $0.name }
    if let problem = playbackStateProblem(Lesson8.playback(after: run), player: player) {
      return ["after \(events), " + problem]
    }
    let answer = Lesson8.position(after: run)
    if answer != player.position {
      problems.append(
        "after \(events), Lesson8.position says \(answer), which is not where the player is")
      if problems.count == 3 { break }
    }
  }
  return problems
}

/// What is wrong with `playback`, the state of the student's enum after a
/// run that left `player` where it is: it must be an enum, in the case named
/// as the player's state (`paused` or `playing`), carrying a `Duration`;
/// paused, the position.
private func playbackStateProblem(_ playback: Lesson8.Playback?, player: VideoPlayer.Enum)
  -> String?
{
  guard let playback else {
    return "Lesson8.playback(after:) returns nil"
  }
  let mirror = Mirror(reflecting: playback)
  guard mirror.displayStyle == .enum else {
    return "Lesson8.Playback is not an enum: make it one, a case per state"
  }
  let state = player.state.rawValue
  guard let payload = mirror.children.first, let name = payload.label else {
    return "your Playback is .\(playback), a case that carries no data: each state needs its own"
  }
  guard name == state else {
    return "your Playback is in the case \(name), but the player is \(state) (the lesson's "
      + "cases are paused and playing)"
  }
  let durations =
    [payload.value as? Duration]
    + Mirror(reflecting: payload.value).children.map {
      $0.value as? Duration
    }
  guard durations.contains(where: { $0 != nil }) else {
    return "your Playback's case \(name) carries no Duration: what moment or position does "
      + "this state need?"
  }
  if state == "paused", !durations.contains(player.position) {
    return "your Playback is paused, but not at the player's position"
  }
  return nil
}
