extension String {
  /// The string with spaces after it up to `width` characters, for columns.
  func padded(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  /// The string without the spaces that padding left at its end.
  var trimmingTrailingSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
