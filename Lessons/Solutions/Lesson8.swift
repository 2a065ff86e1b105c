// Reference solutions for Lesson 8. The lessons' tests compile them with the
// checks, which must all pass.
import StateMachines

enum Lesson8 {
  /// Exercise 8.1: the waits whose outcome you predict.
  static let lightRun: [TrafficLight.Event] = [
    .wait(.milliseconds(600)), .wait(.milliseconds(600)), .wait(.milliseconds(200)),
    .wait(.seconds(3)),
  ]

  /// Exercise 8.1: the light's state after each wait of `lightRun`. The
  /// clock reads 0.6, 1.2, 1.4, 4.4; yellow from 1 to 1.5, red to 3.5, green
  /// to 4.5.
  static let predictedStates: [TrafficLight.State] = [.green, .yellow, .yellow, .green]

  /// Exercise 8.1: the last wait ends yellow (red on) and red (green on).
  static let predictedLastOutputs = 2

  /// Exercise 8.2: your own player, each state with its own data.
  enum Playback {
    /// Paused at a position.
    case paused(at: Duration)
    /// Playing since the clock read `start` at position 0.
    case playing(start: Duration)
  }

  /// Exercise 8.2: the case the run leaves the playback in.
  static func playback(after events: [VideoPlayer.Event]) -> Playback? {
    run(events).playback
  }

  /// Exercise 8.2: paused, the position is stored; playing, the clock
  /// minus the start.
  static func position(after events: [VideoPlayer.Event]) -> Duration {
    let (playback, now) = run(events)
    switch playback {
    case .paused(let at): return at
    case .playing(let start): return now - start
    }
  }

  /// Runs `events` through a `Playback` and a clock of its own: each `wait`
  /// moves the clock, in either state.
  private static func run(_ events: [VideoPlayer.Event]) -> (playback: Playback, now: Duration) {
    var now = Duration.zero
    var playback = Playback.paused(at: .zero)
    for event in events {
      switch (playback, event) {
      case (.paused(let at), .play): playback = .playing(start: now - at)
      case (.playing(let start), .pause): playback = .paused(at: now - start)
      case (_, .stop): playback = .paused(at: .zero)
      case (_, .wait(let duration)): now += duration
      case (.paused, .pause), (.playing, .play): break
      }
    }
    return (playback, now)
  }
}
