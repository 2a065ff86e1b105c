import Benchmark
import StateMachines

/// The dispatch-cost suite: every machine in every style against its floor.
///
/// Run from `Benchmarks/`:
/// `swift package --allow-writing-to-package-directory benchmark --format influx --path Results`
/// and read the matrix with `fsm compare`.
let benchmarks: @Sendable () -> Void = {
  // A new machine is one line here and one `BenchmarkedMachine` conformance
  // in `Machines/`.
  SecuritySystem.registerBenchmarks()
  Turnstile.registerBenchmarks()
  GumballMachine.registerBenchmarks()
  TCPConnection.registerBenchmarks()
  RecordCommit.registerBenchmarks()

  // Linearity checks: twice the events must take twice the time. The fastest
  // style and the floor are the most exposed to an optimized-away loop.
  Turnstile.register(.style(Implementation(.enum)), on: .uniform, multiple: 2)
  Turnstile.register(.floor, on: .uniform, multiple: 2)
  SecuritySystem.register(.style(Implementation(.statePattern)), on: .typical, multiple: 2)
}
