extension ChangeCost {
  /// Which lines of a source file the change cost counts.
  ///
  /// Either way, lines are compared without their indentation (re-indenting
  /// code is not a change), and blank lines and `import` lines never count:
  /// revisions 1 to 4 are modules of their own that import `StateMachines`,
  /// which the final files, being part of it, need not do.
  public enum Lines: String, CaseIterable, Hashable, Sendable {
    /// Code only: lines that hold nothing but a comment are left out too.
    case code
    /// Code and comments, documentation included.
    case codeAndComments
  }

  /// One counted line of a source file.
  struct SourceLine: Hashable, Sendable {
    /// Its line number in the file, from 1.
    var number: Int
    /// The line as written.
    var text: String
    /// What the diff compares: the line without its indentation.
    var key: String
  }

  /// The lines of `text` that `lines` counts, in order. The lexer that
  /// measures code size tells comment lines from code here too, so that
  /// both count the same lines as comments.
  static func sourceLines(of text: String, counting lines: Lines) -> [SourceLine] {
    SourceLexer(text).lines.enumerated().compactMap { index, line in
      guard let first = line.text.firstIndex(where: { !$0.isWhitespace }),
        let last = line.text.lastIndex(where: { !$0.isWhitespace })
      else { return nil }
      let key = String(line.text[first...last])
      if key.hasPrefix("import ") || (line.isCommentOnly && lines == .code) { return nil }
      return SourceLine(number: index + 1, text: line.text, key: key)
    }
  }
}
