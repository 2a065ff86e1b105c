import Foundation

/// A logarithmic axis of ns per event, from a power of ten to a power of
/// ten, so that 2 ns and 200 ns both read on one chart.
struct LogScale {
  /// The powers of ten at the bottom and the top of the axis.
  let lowest: Int
  /// The power of ten at the top.
  let highest: Int

  /// The axis for `values`: from 1 ns (or the power of ten below the
  /// smallest value) to 1000 ns (or the power of ten above the largest).
  /// The bottom is strictly below the smallest value, so that every bar has
  /// a height: 1.00 ns starts at 0.1 ns.
  init(values: [Double]) {
    let positive = values.filter { $0 > 0 && $0.isFinite }
    lowest = min(0, Int((log10(positive.min() ?? 1)).rounded(.up)) - 1)
    highest = max(3, Int((log10(positive.max() ?? 1)).rounded(.up)))
  }

  /// The powers of ten on the axis, bottom to top.
  var powers: ClosedRange<Int> { lowest...highest }

  /// Where `value` is on the axis, from 0 at the bottom to 1 at the top; 0
  /// for a value of 0, which a log scale cannot place.
  func fraction(of value: Double) -> Double {
    guard value > 0 else { return 0 }
    let fraction = (log10(value) - Double(lowest)) / Double(highest - lowest)
    return Swift.min(Swift.max(fraction, 0), 1)
  }

  /// The gridline's label for 10^`power`: `1 ns`, `1000 ns`, `0.1 ns`.
  static func label(power: Int) -> String {
    let number =
      power >= 0
      ? "1" + String(repeating: "0", count: power)
      : "0." + String(repeating: "0", count: -power - 1) + "1"
    return number + " ns"
  }
}
