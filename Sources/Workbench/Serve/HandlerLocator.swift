/// Finds the lines of a style's source that handle an event in a state:
/// what the class view marks after each step.
///
/// Nothing in the workbench records where an event is handled (the styles
/// carry no such plumbing, by design), so this reads the source the way a
/// student would: a line naming the event (`.disarm`, `func disarm(`,
/// `on: "disarm"`), preferring one that also names the state, as an enum's
/// `(.armed, .disarm)` or a table's row do; or one inside the state's type,
/// as the State pattern's `struct Armed`; or one followed by the state's
/// `case` in a nested switch. It is a heuristic, and says so in the page.
enum HandlerLocator {
  /// The line numbers (from 1) of the code that handles `event` in `state`,
  /// or `nil` when no line of code names the event.
  static func lines(
    in source: [SourceLexer.Line], event: String, state: String
  ) -> ClosedRange<Int>? {
    let texts = source.map { $0.isCommentOnly ? "" : codeText(of: $0.text) }
    var eventTokens = [".\(event)", "func \(event)(", "\"\(event)\""]
    // A table's timed rows (`.after(.seconds(1), from: .green, ...)`) are
    // what a wait runs; they never name `wait`.
    if event == "wait" { eventTokens.append(".after(") }
    let stateTokens = [".\(state)", "\"\(state)\""]
    let typeName = state.prefix(1).uppercased() + state.dropFirst()
    // The best line so far: its score, where its range starts, and the
    // line whose block it ends with.
    var best: (score: Int, first: Int, anchor: Int)?
    for (index, text) in texts.enumerated() where contains(text, anyOf: eventTokens) {
      var score = 0
      var first = index
      var anchor = index
      if contains(text, anyOf: stateTokens) {
        score = 3
      } else if let line = stateCase(
        after: index, in: texts, tokens: stateTokens, event: eventTokens)
      {
        score = 2
        anchor = line
        // The event's case and the state's under it, when they are close;
        // the state's alone when other states' cases come between.
        if line - index > 6 { first = line }
      } else if insideType(typeName, before: index, in: texts) {
        score = 2
      }
      if score > (best?.score ?? -1) { best = (score, first, anchor) }
    }
    guard let best else { return nil }
    return (best.first + 1)...(blockEnd(from: best.anchor, in: source) + 1)
  }

  /// The line as code: without a trailing `//` comment outside a string.
  private static func codeText(of text: String) -> String {
    var inString = false
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      if character == "\"" && previous != "\\" { inString.toggle() }
      if !inString && character == "/" && previous == "/" {
        return String(text[..<text.index(before: index)])
      }
      previous = character
    }
    return text
  }

  /// Whether `text` holds one of `tokens`, not followed by a letter or digit
  /// (`.arm` is not `.armed`).
  private static func contains(_ text: String, anyOf tokens: [String]) -> Bool {
    tokens.contains { token in
      var rest = text[...]
      while let range = rest.firstRange(of: token) {
        let next = rest[range.upperBound...].first
        if token.last == "(" || token.last == "\""
          || !(next?.isLetter == true || next?.isNumber == true)
        {
          return true
        }
        rest = rest[range.upperBound...]
      }
      return false
    }
  }

  /// The line of a nested switch's `case .state` under the event's line,
  /// before the next event's `case`.
  private static func stateCase(
    after index: Int, in texts: [String], tokens: [String], event: [String]
  ) -> Int? {
    var line = index + 1
    while line < texts.count && line <= index + 20 {
      let text = texts[line]
      if text.contains("case ") && contains(text, anyOf: tokens) { return line }
      // Another event's case: the state's case would belong to it.
      if text.drop(while: { $0 == " " }).hasPrefix("case .") && !contains(text, anyOf: event)
        && indentation(text) <= indentation(texts[index])
      {
        return nil
      }
      line += 1
    }
    return nil
  }

  /// Whether the nearest type declared above `index` is `name`.
  private static func insideType(_ name: String, before index: Int, in texts: [String]) -> Bool {
    for line in stride(from: index - 1, through: max(0, index - 80), by: -1) {
      let words = texts[line].split(whereSeparator: { !$0.isLetter && !$0.isNumber })
      guard let keyword = words.firstIndex(where: { ["struct", "class", "enum"].contains($0) }),
        keyword + 1 < words.count
      else { continue }
      return words[keyword + 1] == name
    }
    return false
  }

  /// The last line of the block that starts at `start`: the lines indented
  /// deeper than it, at most 14 more.
  private static func blockEnd(from start: Int, in source: [SourceLexer.Line]) -> Int {
    let depth = indentation(source[start].text)
    var end = start
    var line = start + 1
    while line < source.count && line <= start + 14 {
      let text = source[line].text
      if text.allSatisfy(\.isWhitespace) {
        line += 1
        continue
      }
      guard indentation(text) > depth else { break }
      end = line
      line += 1
    }
    return end
  }

  /// The number of spaces a line starts with.
  private static func indentation(_ text: String) -> Int {
    text.prefix { $0 == " " }.count
  }
}
