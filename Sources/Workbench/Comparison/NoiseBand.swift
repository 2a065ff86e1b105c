/// How far apart two measurements of the same cell may be and still count
/// as the same: runs of one suite, or a run and the committed results.
///
/// Tuned from repeated runs on the machine the committed results come from:
/// three runs combined land within 10% of three other runs in all but the
/// smallest cells. Those, the loop with no machine at about 1.5 ns an event,
/// move by a cycle or so from one process to the next (where the loop falls
/// in memory), a fifth of their time; so the band also allows half a
/// nanosecond, whichever is larger.
enum NoiseBand {
  /// The band, as a fraction of the figure compared with.
  static let relative = 0.15

  /// The band in nanoseconds per event, for the smallest cells.
  static let absolute = 0.5

  /// Whether `value` is within the band around `reference` (both in
  /// nanoseconds per event).
  static func contains(_ value: Double, around reference: Double) -> Bool {
    value.isFinite && reference.isFinite
      && abs(value - reference) <= max(relative * reference, absolute)
  }

  /// Whether runs whose medians range from `min` to `max` disagree with
  /// their combined `median`: some run is outside the band around it.
  static func isSpread(median: Double, min: Double, max: Double) -> Bool {
    median > 0 && !(contains(min, around: median) && contains(max, around: median))
  }

  /// The band as the report states it: `15% or 0.5 ns, whichever is larger`.
  static var text: String {
    "\(Int((relative * 100).rounded()))% or \(absolute.formatted(digits: 1)) ns, "
      + "whichever is larger"
  }
}
