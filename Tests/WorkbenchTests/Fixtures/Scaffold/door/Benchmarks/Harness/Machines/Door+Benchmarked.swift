#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift
  import StateMachines
#endif

extension Door: BenchmarkedMachine {
  /// A typical episode, which ends where it began: closed, opened, closed.
  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {
    [.open, .close]
  }
}
