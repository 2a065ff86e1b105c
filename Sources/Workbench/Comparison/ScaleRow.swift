/// How one contender's cost per event changes as one iteration handles more
/// events (10^3, 10^5, 10^7): flat if the work per event does not grow.
struct ScaleRow: Codable, Hashable, Sendable {
  /// One size.
  struct Point: Codable, Hashable, Sendable {
    /// The size as the benchmark's name writes it, as in `1e7`.
    var size: String

    /// The events one iteration handled, from the Events metric.
    var events: Int

    /// The median over the runs of each run's median time per event.
    var nsPerEvent: Double

    /// The fastest run's median time per event.
    var nsMin: Double

    /// The slowest run's median time per event.
    var nsMax: Double
  }

  /// The machine's public id.
  var machine: String

  /// The contender measured, as in `enum`.
  var contender: String

  /// The stream, as in `typical`.
  var stream: String

  /// The sizes measured, smallest first.
  var points: [Point]

  /// The time per event of the largest size over that of the smallest:
  /// about 1.0 when the cost is linear in the events; `nil` with fewer than
  /// two sizes.
  var ratio: Double?
}
