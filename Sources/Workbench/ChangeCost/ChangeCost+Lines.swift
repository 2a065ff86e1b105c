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

  /// The lines of `text` that `lines` counts, in order.
  static func sourceLines(of text: String, counting lines: Lines) -> [SourceLine] {
    var counted: [SourceLine] = []
    var inBlockComment = false
    let all = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, line) in all.enumerated() {
      guard let first = line.firstIndex(where: { !$0.isWhitespace }),
        let last = line.lastIndex(where: { !$0.isWhitespace })
      else { continue }
      let key = String(line[first...last])
      if key.hasPrefix("import ") { continue }
      let isComment = isCommentOnly(key, inBlockComment: &inBlockComment)
      if isComment && lines == .code { continue }
      counted.append(SourceLine(number: index + 1, text: String(line), key: key))
    }
    return counted
  }

  /// Whether a trimmed line holds only a comment (`//`, or part of a
  /// `/* ... */` block), keeping track of block comments across lines.
  private static func isCommentOnly(_ line: String, inBlockComment: inout Bool) -> Bool {
    var rest = Substring(line)
    if !inBlockComment {
      if rest.hasPrefix("//") { return true }
      guard rest.hasPrefix("/*") else { return false }
      inBlockComment = true
      rest = rest.dropFirst(2)
    }
    guard let end = rest.firstRange(of: "*/") else { return true }
    inBlockComment = false
    let after = rest[end.upperBound...].drop(while: \.isWhitespace)
    return after.isEmpty || after.hasPrefix("//")
  }
}
