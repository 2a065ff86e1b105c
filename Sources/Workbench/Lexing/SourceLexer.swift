/// A small lexer that separates Swift code from comments and string
/// literals, line by line: what the code size counts and what the change
/// cost tells comment lines from code lines with.
///
/// It knows line comments, nested block comments, single-line and
/// multi-line string literals, raw strings (`#"..."#`) and escapes. It does
/// not know interpolation nesting a string inside a string; the lines it
/// counts are still right, only a keyword inside such a nested string could
/// be miscounted.
struct SourceLexer {
  /// One line of the source, as written and as code.
  struct Line {
    /// The line as written, without its line break.
    var text: String
    /// Its code, with comments removed and every string literal reduced to
    /// its quotes; an empty string for a line with no code.
    var code: String

    /// Whether the line holds a comment and nothing else: text, but no code.
    var isCommentOnly: Bool {
      code.allSatisfy(\.isWhitespace) && !text.allSatisfy(\.isWhitespace)
    }
  }

  /// The lines of the source, split at every line break as
  /// `Character.isNewline` knows them.
  private(set) var lines: [Line] = []

  /// Lexes `source`.
  init(_ source: String) {
    var mode = Mode.code
    var code = ""
    let characters = Array(source)
    var index = 0
    // Where the current line starts in `characters`.
    var start = 0

    /// The character `offset` places ahead, if there is one.
    func peek(_ offset: Int) -> Character? {
      index + offset < characters.count ? characters[index + offset] : nil
    }

    /// Whether the characters from `index` on spell `text`.
    func matches(_ text: String) -> Bool {
      var offset = 0
      for character in text {
        guard peek(offset) == character else { return false }
        offset += 1
      }
      return true
    }

    while index < characters.count {
      let character = characters[index]
      if character.isNewline {
        lines.append(Line(text: String(characters[start..<index]), code: code))
        code = ""
        if case .lineComment = mode { mode = .code }
        index += 1
        start = index
        continue
      }
      switch mode {
      case .code:
        if matches("//") {
          mode = .lineComment
          index += 2
        } else if matches("/*") {
          mode = .blockComment(depth: 1)
          index += 2
        } else if character == "#" || character == "\"" {
          // A string literal, perhaps raw: count the `#`s, then the quotes.
          var hashes = 0
          while peek(hashes) == "#" { hashes += 1 }
          guard peek(hashes) == "\"" else {
            code.append(character)
            index += 1
            continue
          }
          let multiline = peek(hashes + 1) == "\"" && peek(hashes + 2) == "\""
          code.append(multiline ? "\"\"\"" : "\"")
          mode = .string(hashes: hashes, multiline: multiline)
          index += hashes + (multiline ? 3 : 1)
        } else {
          code.append(character)
          index += 1
        }
      case .lineComment:
        index += 1
      case .blockComment(let depth):
        if matches("/*") {
          mode = .blockComment(depth: depth + 1)
          index += 2
        } else if matches("*/") {
          mode = depth == 1 ? .code : .blockComment(depth: depth - 1)
          index += 2
        } else {
          index += 1
        }
      case .string(let hashes, let multiline):
        let escape = "\\" + String(repeating: "#", count: hashes)
        let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
        if matches(escape) {
          // Skip the escape and the character it escapes, unless that is the
          // line break of a multi-line string's continued line: every line
          // break ends a line.
          index += escape.count + (peek(escape.count)?.isNewline == true ? 0 : 1)
        } else if matches(close) {
          code.append(multiline ? "\"\"\"" : "\"")
          mode = .code
          index += close.count
        } else {
          // The contents of a multi-line string still make a line of code.
          if multiline, code.isEmpty { code = "\"" }
          index += 1
        }
      }
    }
    lines.append(Line(text: String(characters[start...]), code: code))
  }

  /// What the lexer is inside of.
  private enum Mode {
    case code
    case lineComment
    case blockComment(depth: Int)
    case string(hashes: Int, multiline: Bool)
  }
}
