import Benchmark
import Harness
import StateMachines

/// The dispatch-cost suite: every machine in every style, and the loop alone.
///
/// Run from `Benchmarks/`:
/// `swift package --allow-writing-to-package-directory benchmark --format influx --path Results`
/// and read the matrix with `fsm compare`.
let benchmarks: @Sendable () -> Void = {
  visitBenchmarkedMachines(Registration())

  // Linearity checks: twice the events must take twice the time. The fastest
  // style and the lower bound are the most exposed to an optimized-away loop.
  Turnstile.register(.implementation(Implementation(.enum)), on: .uniform, multiple: 2)
  Turnstile.register(.noMachine, on: .uniform, multiple: 2)
  SecuritySystem.register(.implementation(Implementation(.statePattern)), on: .typical, multiple: 2)
}
