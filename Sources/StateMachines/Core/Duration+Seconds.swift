/// Durations as the workbench writes them: decimal seconds with at most
/// three decimals (`2`, `0.5`, `1.25`, `0.001`), since time is counted in
/// whole milliseconds.
extension Duration {
  /// The longest `wait` there is: one hour.
  public static let longestWait: Duration = .seconds(3600)

  /// Reads `text` as decimal seconds: digits, then optionally a point and one
  /// to three digits, at most 3600 (`wait:SECONDS`); `nil` for anything
  /// else (a sign, an exponent, `.5`, `1.`, a fourth decimal, too large).
  ///
  /// Written by hand because `Double(text)` accepts what the grammar does not
  /// (`1e3`, `.5`, `+2`) and rounds what it must keep exact.
  public init?(seconds text: some StringProtocol) {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count == 2 ? parts[1] : ""
    guard !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
      parts.count == 1 || (1...3).contains(fraction.count),
      fraction.allSatisfy(\.isASCIIDigit)
    else { return nil }
    // Leading zeros are allowed (`007`), but no more digits than could ever
    // be 3600, so the arithmetic below cannot overflow.
    let significant = whole.drop { $0 == "0" }
    guard significant.count <= 4, let seconds = Int64(significant.isEmpty ? "0" : significant),
      let thousandths = Int64(fraction.padding(to: 3))
    else { return nil }
    let duration = Duration.milliseconds(seconds * 1000 + thousandths)
    guard duration <= .longestWait else { return nil }
    self = duration
  }

  /// The duration in whole milliseconds (any finer part is dropped).
  public var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }

  /// The duration in seconds in its shortest form: `0`, `12`, `12.5`,
  /// `0.25`, `0.001` (no point for whole seconds, no trailing zeros).
  public var secondsText: String {
    let milliseconds = wholeMilliseconds
    let sign = milliseconds < 0 ? "-" : ""
    let magnitude = milliseconds.magnitude
    let seconds = magnitude / 1000
    var fraction = String(magnitude % 1000)
    guard fraction != "0" else { return "\(sign)\(seconds)" }
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return "\(sign)\(seconds).\(fraction)"
  }
}

extension StringProtocol {
  /// The text with zeros added on the right up to `length` characters.
  fileprivate func padding(to length: Int) -> String {
    String(self) + String(repeating: "0", count: Swift.max(0, length - count))
  }
}

extension Character {
  /// Whether this is one of `0` to `9`.
  var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
