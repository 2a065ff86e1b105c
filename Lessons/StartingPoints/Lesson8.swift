// Lesson 8's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 8
// (see Lessons/08-time.md, "Exercises").
import StateMachines

enum Lesson8 {
  /// Exercise 8.1: the waits whose outcome you predict.
  static let lightRun: [TrafficLight.Event] = [
    .wait(.milliseconds(600)), .wait(.milliseconds(600)), .wait(.milliseconds(200)),
    .wait(.seconds(3)),
  ]

  /// Exercise 8.1: the light's state after each wait of `lightRun`.
  static let predictedStates: [TrafficLight.State] = []  // TODO

  /// Exercise 8.1: how many outputs the last wait produces.
  static let predictedLastOutputs = -1  // TODO

  /// Exercise 8.2: your own player, each state with its own data.
  enum Playback {
    // TODO: a case for paused, one for playing, each with what it needs.
  }

  /// Exercise 8.2: the case your `Playback` is in after `events`, on a new
  /// player; `nil` until you write it.
  static func playback(after events: [VideoPlayer.Event]) -> Playback? {
    // TODO: run the events through a `Playback` and a clock of your own.
    nil
  }

  /// Exercise 8.2: the playback position of a new player after `events`.
  static func position(after events: [VideoPlayer.Event]) -> Duration {
    // TODO: the same run; the position is in the paused case, or the clock tells it.
    .zero
  }
}
