import Foundation

/// Turns a lesson into a program (or REPL input) and checks what it prints.
///
/// After each code block the program prints a marker line, so that the
/// output can be cut back into one piece per block.
enum LessonProgram {
  /// Starts the line printed after each block; never part of a lesson's output.
  static let marker = "\u{1E}lesson-block-end"

  /// The Swift statement that prints the marker after block `number`.
  static func markerStatement(_ number: Int) -> String {
    "print(\"\\u{1E}lesson-block-end \(number)\")"
  }

  /// `main.swift` for the lesson: its blocks in order, each tagged with its
  /// place in the Markdown file so that compiler errors point at the lesson.
  static func mainSource(of lesson: Lesson, markdownFile: URL) -> String {
    var source = "// Generated from \(lesson.path) by LessonsTests.\n"
    let file = markdownFile.path.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    for block in lesson.blocks {
      source += "#sourceLocation(file: \"\(file)\", line: \(block.firstCodeLine))\n"
      source += block.code.joined(separator: "\n") + "\n"
      source += "#sourceLocation()\n"
      source += markerStatement(block.number) + "\n"
    }
    return source
  }

  /// What a student would type into the REPL: the blocks in order, with the
  /// marker statements between them.
  static func replInput(of lesson: Lesson) -> String {
    var input = ""
    for block in lesson.blocks {
      input += block.code.joined(separator: "\n") + "\n"
      input += markerStatement(block.number) + "\n"
    }
    return input
  }

  /// Output cut at the markers.
  struct Printed {
    /// The lines printed by each block that finished, in order.
    var blocks: [[String]] = []
    /// Lines printed after the last marker: by a block that did not finish.
    var unfinished: [String] = []
  }

  /// Cuts `stdout` at the marker lines.
  static func split(_ stdout: String) -> Printed {
    var printed = Printed()
    var current: [String] = []
    var lines = stdout.textLines
    if lines.last == "" { lines.removeLast() }
    for line in lines {
      if let range = line.range(of: marker) {
        // A block whose last print had no newline leaves text before the marker.
        if range.lowerBound != line.startIndex { current.append(String(line[..<range.lowerBound])) }
        printed.blocks.append(current)
        current = []
      } else {
        current.append(line)
      }
    }
    printed.unfinished = current
    return printed
  }

  /// Removes what the REPL shows by itself: the value of each declaration
  /// and expression, as `gate: StateMachines.Turnstile.Enum = locked` or
  /// `$R0: Int = 2`, with the indented lines of a value written over
  /// several lines, up to the closing `}`.
  static func removingREPLEchoes(_ stdout: String) -> String {
    var kept: [String] = []
    var insideValue = false
    for line in stdout.textLines {
      if insideValue {
        if line == "}" { insideValue = false }
        continue
      }
      if isREPLEcho(line) {
        insideValue = line.hasSuffix("{")
        continue
      }
      kept.append(line)
    }
    return kept.joined(separator: "\n")
  }

  /// Whether `line` looks like `name: Type = value`.
  static func isREPLEcho(_ line: String) -> Bool {
    guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return false }
    let name = line[..<colon]
    guard let first = name.first, first == "$" || first == "_" || first.isLetter,
      name.allSatisfy({ $0 == "$" || $0 == "_" || $0.isLetter || $0.isNumber })
    else { return false }
    let rest = line[colon...]
    return rest.hasPrefix(": ") && rest.contains(" = ")
  }

  /// Every difference between what the blocks printed and what the lesson
  /// shows, as messages that name the lesson, the block and the line.
  /// `how` says how it ran (compiled, REPL); `ending` describes how the run
  /// ended when it stopped early, with its error output.
  static func mismatches(
    _ lesson: Lesson, printed: Printed, how: String, ending: String
  ) -> [String] {
    var messages: [String] = []
    for block in lesson.blocks {
      let place = "\(lesson.path):\(block.fenceLine): block \(block.number)"
      guard block.number <= printed.blocks.count else {
        var message = "\(place) did not finish (\(how)): the program \(ending)."
        if !printed.unfinished.isEmpty {
          message += "\nIt printed before stopping:\n" + indent(printed.unfinished)
        }
        messages.append(message)
        break
      }
      let actual = printed.blocks[block.number - 1]
      guard let output = block.output else {
        if !actual.isEmpty {
          messages.append(
            "\(place) prints \(actual.count) line(s) (\(how)), but no ```output block follows "
              + "it. Add this after the block if it is right:\n```output\n"
              + actual.joined(separator: "\n") + "\n```")
        }
        continue
      }
      if actual != output.lines {
        messages.append(difference(block: block, output: output, actual: actual, place, how))
      }
    }
    return messages
  }

  private static func difference(
    block: Lesson.CodeBlock, output: Lesson.OutputBlock, actual: [String], _ place: String,
    _ how: String
  ) -> String {
    let expected = output.lines
    let first =
      zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
    let lessonLine = output.fenceLine + 1 + first
    var message =
      "\(place) prints something else than its ```output block at line \(output.fenceLine) "
      + "shows (\(how)).\n"
    message += "First difference, output line \(first + 1) (\(placeOfLine(lessonLine))):\n"
    message +=
      "  lesson:  " + (first < expected.count ? quoted(expected[first]) : "(no more lines)")
    message += "\n  printed: " + (first < actual.count ? quoted(actual[first]) : "(no more lines)")
    message += "\nDiff (- lesson, + printed):\n" + Diff.lines(expected, actual)
    return message
  }

  private static func placeOfLine(_ line: Int) -> String { "line \(line) of the lesson" }

  private static func quoted(_ line: String) -> String { "\"\(line)\"" }

  /// `lines`, indented for a message.
  static func indent(_ lines: [String]) -> String {
    lines.map { "    " + $0 }.joined(separator: "\n")
  }
}

/// A line diff, small and readable: common lines once, removed lines with
/// `-`, added lines with `+`.
enum Diff {
  static func lines(_ old: [String], _ new: [String]) -> String {
    // Longest common subsequence, by dynamic programming; blocks are short.
    let n = old.count
    let m = new.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] =
          old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var result: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n && j < m && old[i] == new[j] {
        result.append("    " + old[i])
        i += 1
        j += 1
      } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
        result.append("  - " + old[i])
        i += 1
      } else {
        result.append("  + " + new[j])
        j += 1
      }
    }
    return result.joined(separator: "\n")
  }
}

/// Checks that excerpts still show what their files say.
enum Excerpts {
  /// The excerpts of `lesson` that no longer match their files.
  static func problems(in lesson: Lesson, root: URL) -> [String] {
    lesson.excerpts.flatMap { problems(of: $0, in: lesson, root: root) }
  }

  private static func problems(of excerpt: Lesson.Excerpt, in lesson: Lesson, root: URL)
    -> [String]
  {
    let place = "\(lesson.path):\(excerpt.fenceLine): the excerpt of \(excerpt.path)"
    guard
      let text = try? String(contentsOf: root.appending(path: excerpt.path), encoding: .utf8)
    else {
      return ["\(place) names a file that does not exist"]
    }
    let file = text.textLines
    var searchFrom = 0
    for chunk in chunks(of: excerpt.lines) {
      guard let found = find(chunk, in: file, from: searchFrom) else {
        return [
          "\(place) no longer matches the file: these lines are not in it (in this order, "
            + "after the previous part of the excerpt):\n" + LessonProgram.indent(chunk)
        ]
      }
      searchFrom = found
    }
    return []
  }

  /// The runs of lines between `// ...` lines, without blank lines at their ends.
  static func chunks(of lines: [String]) -> [[String]] {
    var chunks: [[String]] = []
    var current: [String] = []
    func close() {
      while current.first?.allSatisfy(\.isWhitespace) == true { current.removeFirst() }
      while current.last?.allSatisfy(\.isWhitespace) == true { current.removeLast() }
      if !current.isEmpty { chunks.append(current) }
      current = []
    }
    for line in lines {
      if line.trimmingCharacters(in: .whitespaces) == "// ..." {
        close()
      } else {
        current.append(line)
      }
    }
    close()
    return chunks
  }

  /// Where `chunk` ends in `file`, searching from line `start`; the chunk may
  /// be indented less than the file, by the same amount on every line.
  static func find(_ chunk: [String], in file: [String], from start: Int) -> Int? {
    guard let head = chunk.first, start < file.count else { return nil }
    let headIndent = head.prefix { $0 == " " }.count
    for position in start..<file.count where position + chunk.count <= file.count {
      let fileIndent = file[position].prefix { $0 == " " }.count
      let shift = fileIndent - headIndent
      guard shift >= 0 else { continue }
      let padding = String(repeating: " ", count: shift)
      let matches = chunk.indices.allSatisfy { offset in
        let line = chunk[offset]
        let fileLine = file[position + offset]
        if line.allSatisfy(\.isWhitespace) { return fileLine.allSatisfy(\.isWhitespace) }
        return fileLine == padding + line
      }
      if matches { return position + chunk.count }
    }
    return nil
  }
}

extension String {
  /// The lines of the text, split at `\n`, `\r\n` or `\r` (the REPL writes
  /// `\r\n`), keeping empty lines.
  var textLines: [String] {
    split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }
}
