#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension VideoPlayer: BenchmarkedMachine {
  /// Mostly a stretch of watching, its position reported once a second,
  /// then a pause while time goes by; now and then a stop that rewinds, or
  /// a viewer pressing what is already pressed.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    let second = Event.wait(.seconds(1))
    return switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.play, second, second, .stop]
    case 1, 2: [.play, .play, second, .pause, .pause, .stop]
    default: [.play, second, second, second, .pause, .wait(.seconds(5))]
    }
  }
}
