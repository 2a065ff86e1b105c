/// How far apart two measurements of the same cell may be and still count
/// as the same: runs of one suite, or a run and the committed results.
enum NoiseBand {
  /// The band, as a fraction: now / before may be from 1 - `relative` to
  /// 1 + `relative`. A first guess, to be tuned from repeated runs on the
  /// machines the workbench is measured on.
  static let relative = 0.15

  /// Whether `ratio` (a measurement over the one it is compared with) is
  /// within the band.
  static func contains(ratio: Double) -> Bool {
    ratio.isFinite && abs(ratio - 1) <= relative
  }

  /// Whether runs whose medians range from `min` to `max` disagree with
  /// their combined `median`: some run is outside the band around it.
  static func isSpread(median: Double, min: Double, max: Double) -> Bool {
    median > 0 && !(contains(ratio: min / median) && contains(ratio: max / median))
  }

  /// The band as the report states it, as in `±15%`.
  static var text: String { "±\(Int((relative * 100).rounded()))%" }
}
