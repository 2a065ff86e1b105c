import ArgumentParser

/// Reads the value of a whole-number option (`--gumballs`, `--seed`,
/// `--from`), naming the valid range when the text is not a number of that
/// type: ArgumentParser alone would only call the value invalid, which tells
/// nobody that `9223372036854775808` is one too many.
enum WholeNumber {
  /// The number `text` spells, or a usage error that says what was
  /// `expected`, as in `a whole number from 1 to 4`.
  ///
  /// Any number of the type is returned, even outside the range named:
  /// the command or the machine then explains its own limits.
  static func parse<Number: FixedWidthInteger>(
    _ text: String, expected: String
  ) throws(ValidationError) -> Number {
    guard let number = Number(text) else { throw ValidationError("expected \(expected)") }
    return number
  }
}
