import Diagrams

/// Turns a line of Swift into HTML with its keywords, types, strings and
/// comments in spans, for the class view's side-by-side code.
///
/// `SourceLexer` says which lines are comments only, and those are coloured
/// whole; within a line of code a small scan finds the rest. Hand-written
/// because no library in the package mirror highlights Swift as HTML, and
/// a page that must work offline cannot load a highlighter from a CDN.
enum SourceHighlighter {
  /// Swift's keywords that the styles use.
  private static let keywords: Set<String> = [
    "associatedtype", "break", "case", "catch", "class", "default", "defer", "do", "else",
    "enum", "extension", "fallthrough", "false", "final", "for", "func", "guard", "if", "import",
    "in", "init", "inout", "internal", "let", "mutating", "nil", "override", "private",
    "protocol", "public", "return", "self", "Self", "static", "struct", "switch", "throw",
    "throws", "true", "try", "typealias", "var", "where", "while", "some", "any", "fileprivate",
  ]

  /// Each line of `source` as HTML, without its line break.
  static func lines(of source: String) -> [String] {
    SourceLexer(source).lines.map(html)
  }

  /// The line as HTML.
  static func html(_ line: SourceLexer.Line) -> String {
    if line.isCommentOnly { return span("c", line.text) }
    var html = ""
    let characters = Array(line.text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "/" && index + 1 < characters.count && characters[index + 1] == "/" {
        html += span("c", String(characters[index...]))
        break
      }
      if character == "\"" {
        var end = index + 1
        while end < characters.count && characters[end] != "\"" {
          end += characters[end] == "\\" ? 2 : 1
        }
        end = min(end, characters.count - 1)
        html += span("s", String(characters[index...end]))
        index = end + 1
        continue
      }
      if character.isLetter || character == "_" {
        var end = index
        while end < characters.count
          && (characters[end].isLetter || characters[end].isNumber || characters[end] == "_")
        {
          end += 1
        }
        let word = String(characters[index..<end])
        if keywords.contains(word) {
          html += span("k", word)
        } else if word.first?.isUppercase == true {
          html += span("t", word)
        } else {
          html += escaped(word)
        }
        index = end
        continue
      }
      if character.isNumber {
        var end = index
        while end < characters.count && (characters[end].isNumber || characters[end] == "_") {
          end += 1
        }
        html += span("n", String(characters[index..<end]))
        index = end
        continue
      }
      html += escaped(String(character))
      index += 1
    }
    return html
  }

  /// `text` in a span of class `kind`.
  private static func span(_ kind: String, _ text: String) -> String {
    "<span class=\"\(kind)\">\(escaped(text))</span>"
  }
}

/// `text` safe inside HTML: an element's content or a quoted attribute.
///
/// Controls and invisible format characters (`mustBeEscaped`) are shown as
/// the escapes of `printable` (`\u{202E}`), since a browser obeys them even
/// written as character references; tabs and line breaks stay.
func escaped(_ text: String) -> String {
  var html = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": html += "&amp;"
    case "<": html += "&lt;"
    case ">": html += "&gt;"
    case "\"": html += "&quot;"
    case "'": html += "&#39;"
    case "\t", "\n", "\r": html.unicodeScalars.append(scalar)
    case _ where scalar.mustBeEscaped: html += String(scalar).printable
    default: html.unicodeScalars.append(scalar)
    }
  }
  return html
}
