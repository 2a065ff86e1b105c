/// What one contender (a style or the floor) costs per event on one stream
/// of one machine.
struct DispatchCost: Hashable, Sendable {
  /// The median wall clock time per event, in nanoseconds.
  var nanosecondsPerEvent: Double

  /// The mallocs per event in the median iteration.
  var mallocsPerEvent: Double

  /// The mallocs per event in the worst iteration.
  var worstMallocsPerEvent: Double

  /// The time per event as a multiple of the machine's floor on the same
  /// stream, when there is a floor.
  var ratioToFloor: Double?

  /// The spread of the iterations' times, from the 25th to the 75th
  /// percentile, as a fraction of the median: 0 when every iteration took
  /// the same time.
  var spread: Double = 0

  /// A spread above which the median is not to be trusted: other work on the
  /// machine was slowing some iterations down.
  static let noisySpread = 0.25

  /// Whether the iterations' times varied too much to trust the median.
  var isNoisy: Bool { spread > Self.noisySpread }
}
