#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension GumballMachine: BenchmarkedMachine {
  /// Every event, with a refill that keeps the machine going and one of zero
  /// that is rejected. (The sample events' refill of `Int.max` is left out:
  /// once accepted, the machine could never sell out again.)
  public static var uniformAlphabet: [Event] {
    [.insertQuarter, .ejectQuarter, .turnCrank, .refill(count: 3), .refill(count: 0)]
  }

  /// Mostly a quarter and a crank turn; now and then a quarter taken back,
  /// a crank turned for nothing, or a refill that keeps the machine from
  /// running dry for long.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.insertQuarter, .ejectQuarter]
    case 1: [.turnCrank]
    case 2, 3, 4: [.refill(count: 6)]
    default: [.insertQuarter, .turnCrank]
    }
  }
}
