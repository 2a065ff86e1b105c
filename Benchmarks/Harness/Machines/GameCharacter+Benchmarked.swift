#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension GameCharacter: BenchmarkedMachine {
  /// Mostly a running jump that lands running; now and then a dive, a jump
  /// from a slide, or a weapon picked up, fired and lost. Every episode ends
  /// where it began, standing with empty hands.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.pickUp(.bow), .fire, .fire, .drop]
    case 1: [.pickUp(.gun), .jump, .fire, .hit]
    case 2: [.run, .duck, .jump, .land, .stop, .standUp]
    case 3, 4: [.jump, .duck, .land]
    default: [.run, .jump, .land, .stop]
    }
  }
}
