/// A linearity check: a benchmark that handles N times the events, which
/// should take N times as long if the harness measures work.
struct LinearityCheck: Codable, Hashable, Sendable {
  /// The benchmark with N times the events, as in `turnstile/enum/uniform-x2`.
  var benchmark: String

  /// Its events per iteration.
  var events: Int

  /// The events per iteration of the benchmark it is compared with.
  var baseEvents: Int

  /// Its time per iteration divided by that of the benchmark it is
  /// compared with: ideally `events / baseEvents`.
  var timeRatio: Double

  /// Whether either benchmark's runs disagree, which would explain a
  /// failed check.
  var noisy: Bool

  /// How far the time ratio may stray from the ratio of events.
  static let tolerance = 0.2

  /// The ratio of events, which the time ratio should match.
  var expectedRatio: Double { Double(events) / Double(baseEvents) }

  /// Whether the time grew with the events, within the tolerance.
  var passes: Bool { abs(timeRatio / expectedRatio - 1) <= Self.tolerance }

  /// The machine the check is of, as its name says.
  var machine: String {
    BenchmarkName(benchmark)?.machine ?? String(benchmark.prefix { $0 != "/" })
  }
}
