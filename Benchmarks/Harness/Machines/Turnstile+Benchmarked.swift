#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension Turnstile: BenchmarkedMachine {
  /// Mostly a coin and a pass; now and then someone pushes without paying,
  /// or pays twice.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.pass]
    case 1: [.coin, .coin, .pass]
    default: [.coin, .pass]
    }
  }
}
