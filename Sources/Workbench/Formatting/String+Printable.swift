import Diagrams

extension StringProtocol {
  /// The text with every character a terminal would not print as itself
  /// (controls such as ESC, format characters such as a right-to-left
  /// override, line separators) written as a Swift escape: `\u{1B}`.
  ///
  /// Used wherever `fsm` echoes what the user typed, so that input cannot
  /// move the cursor, recolour the terminal or hide the rest of a message.
  var printable: String {
    // The common case, all printable ASCII, costs one pass and no copy.
    guard unicodeScalars.contains(where: { !$0.isPlainASCII }) else { return String(self) }
    var text = ""
    for scalar in unicodeScalars {
      if scalar.isShownAsItself {
        text.unicodeScalars.append(scalar)
      } else {
        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return text
  }
}

extension String {
  /// The text with every character escaped as in `printable`, except the
  /// line breaks between its lines: for messages of several lines.
  var printableLines: String {
    split(separator: "\n", omittingEmptySubsequences: false).map(\.printable)
      .joined(separator: "\n")
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a printable ASCII character, space included.
  fileprivate var isPlainASCII: Bool { (0x20...0x7E).contains(value) }

  /// Whether a terminal shows the scalar as itself: the shared rule of
  /// `mustBeEscaped`, with a shortcut for plain ASCII.
  fileprivate var isShownAsItself: Bool { isPlainASCII || !mustBeEscaped }
}
