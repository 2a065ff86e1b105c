import Foundation

extension Double {
  /// The number with `digits` digits after the point, in scientific
  /// notation from a billion on: a results file can hold times up to 1e308,
  /// 309 digits in fixed point, which would stretch a table far past the
  /// screen.
  func formatted(digits: Int) -> String {
    guard magnitude < 1e9 else { return String(format: "%.\(digits)e", self) }
    return String(format: "%.\(digits)f", self)
  }
}
