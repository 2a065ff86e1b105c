/// Text made safe for the two kinds of string a DOT file holds.
///
/// Every name and label comes from a description, so any character may turn
/// up in it; these functions are the only way text gets into the DOT, and
/// nothing a description says can end a string or a tag early.
enum Escaping {
  /// `text` as a DOT double-quoted string, quotes included: an ID such as a
  /// node name.
  ///
  /// Graphviz's lexer knows only `\"` (a quote) and `\\` (kept as two
  /// backslashes) inside quotes, so escaping both makes the mapping one to one:
  /// two different state names never become the same node.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      // Line breaks and other controls are written out, keeping each
      // statement on one line and the C string free of NUL; so are the
      // invisible format characters, which would disguise the name.
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case _ where scalar.mustBeEscaped: result += "\\u{\(String(scalar.value, radix: 16))}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// `text` as the content of an HTML-like label: markup characters become
  /// entities and line breaks become `<BR/>`.
  ///
  /// Graphviz hands these labels to an XML parser, which rejects control
  /// characters even as character references, so they become U+FFFD; so do
  /// the invisible format characters (a right-to-left override, a
  /// zero-width space), which would reverse or hide part of the label.
  ///
  /// Graphviz then expands `\N`, `\G`, `\E`, `\H`, `\T` and `\L` in the
  /// parsed text (to the node's name, the graph's, ...), and has no escape
  /// for a backslash there, not even `&#92;`. So every backslash is followed
  /// by an invisible word joiner (U+2060), which no expansion starts with:
  /// the label shows `\N` as written.
  static func html(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n": result += "<BR/>"
      case "\t": result += " "
      // The word joiner is the escaping's own (a format character, but not
      // the input's), so it is not replaced below.
      case "\\": result += "\\\u{2060}"
      case _ where scalar.mustBeEscaped || scalar.isXMLNonCharacter: result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension Unicode.Scalar {
  /// Whether XML 1.0 forbids this character (U+FFFE and U+FFFF).
  fileprivate var isXMLNonCharacter: Bool { value == 0xFFFE || value == 0xFFFF }
}
