#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension TrafficLight: BenchmarkedMachine {
  /// Mostly the clock ticking on a tenth of a second at a time, as a
  /// controller polling its light would; now and then a longer wait that
  /// spans a colour or two.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.wait(.seconds(2))]
    case 1: [.wait(.milliseconds(1500))]
    default: [.wait(.milliseconds(100))]
    }
  }
}
