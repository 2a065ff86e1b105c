#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension SecuritySystem: BenchmarkedMachine {
  /// Armed and disarmed, mostly with the right code; now and then a wrong
  /// code first, or a breach that is reset.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    let right = benchmarkConfiguration.code
    let wrong = right == "0000" ? "9999" : "0000"
    return switch Int.random(in: 0..<20, using: &generator) {
    case 0: [.arm, .breach, .reset(code: right)]
    case 1, 2: [.arm, .disarm(code: wrong), .disarm(code: right)]
    default: [.arm, .disarm(code: right)]
    }
  }
}
