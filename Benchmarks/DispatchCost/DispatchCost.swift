import Benchmark
import Configurations
import Harness
import StateMachines

/// The dispatch-cost suite: every machine in every style, as a package
/// dependency and as the app's own code, and the loop alone.
///
/// Run from `Benchmarks/`:
/// `swift package --allow-writing-to-package-directory benchmark --format influx --path Results`
/// and read the matrix with `fsm compare`.
let benchmarks: @Sendable () -> Void = {
  visitBenchmarkedMachines(Registration())

  // Linearity checks: twice the events must take twice the time. The fastest
  // styles (enum, and enum as the app's own code, which the optimizer sees
  // whole) and the loop alone are the most exposed to an optimized-away loop.
  Turnstile.register(Implementation(.enum), on: .uniform, as: .package, multiple: 2)
  Turnstile.register(Implementation(.enum), on: .uniform, as: .ownCode, multiple: 2)
  Turnstile.registerNoMachine(on: .uniform, multiple: 2)
  SecuritySystem.register(
    Implementation(.statePattern), on: .typical, as: .package, multiple: 2)
}
