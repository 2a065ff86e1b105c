import Benchmark

/// The number of events one iteration of a benchmark handles (the last
/// window of a stream has the few more that lead it back to its start).
///
/// A thousand events make the per-iteration cost of the clock negligible,
/// and a window of the longest events (with a `String` each) fits in the L1
/// cache.
let eventsPerIteration = 1_000

/// The number of events in a stream, whatever the size of its windows:
/// more than a branch predictor can learn (see `Windows`), and the same for
/// a linearity check, so that it sees the same predictability.
let eventsPerStream = 128_000

extension BenchmarkMetric {
  /// The number of events one iteration handled, recorded with every result
  /// so that the comparison can divide by it without knowing this harness.
  static var events: BenchmarkMetric {
    .custom("Events", polarity: .prefersLarger, useScalingFactor: false)
  }
}

extension Benchmark.Configuration {
  /// The settings of every dispatch-cost benchmark.
  ///
  /// `scalingFactor: .kilo` makes package-benchmark's own table show time
  /// per event (the columns marked `*`); the exported raw numbers stay per
  /// iteration. A benchmark runs for at most 0.4 s, thousands of
  /// iterations even for the slowest cell: the suite has some 300 of them,
  /// every implementation in two configurations, and at a second each (as
  /// when it had one configuration, and took 240 to 270 s) it would take
  /// twice the five minutes a run is allowed on two cores. What spreads a
  /// cell's figure is the process it runs in more than the number of
  /// iterations (see `NoiseBand` in the workbench), and scripts/benchmark
  /// combines several runs.
  static var dispatchCost: Self {
    .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal, .events],
      timeUnits: .nanoseconds,
      warmupIterations: 100,
      scalingFactor: .kilo,
      maxDuration: .milliseconds(400),
      maxIterations: 200_000
    )
  }
}

extension Benchmark.Configuration {
  /// The settings of a scale benchmark with `events` events an iteration:
  /// fewer iterations as runs get longer, so that 10^7 events (a second or
  /// so in the slowest style) keep the suite short, with a warm-up of the
  /// same length.
  static func scale(events: Int) -> Self {
    var configuration = dispatchCost
    configuration.warmupIterations = events >= 1_000_000 ? 1 : 10
    configuration.maxIterations = events >= 1_000_000 ? 5 : 1_000
    configuration.maxDuration = .seconds(2)
    return configuration
  }
}
