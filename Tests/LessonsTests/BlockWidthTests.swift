import Testing

/// A student reads the lessons in a terminal, in an editor and on a
/// projector: no line of a lesson's code and output is wider than all three
/// show without wrapping it or scrolling sideways.
@Suite("Lessons: width of the blocks")
struct BlockWidthTests {
  /// The widest line a block may have, in characters.
  static let maximum = 120

  @Test("no line of a fenced block is wider than 120 characters", arguments: LessonFile.all)
  func linesFit(_ file: LessonFile) throws {
    for problem in Self.tooWide(in: try file.load()) {
      Issue.record(Comment(rawValue: problem))
    }
  }

  @Test("a line too wide is named with its file, line and width; characters count, not bytes")
  func tooWideIsFound() {
    let arrows = String(repeating: "→", count: Self.maximum)
    let markdown = """
      # A lesson

      \(arrows)x, outside a block

      ```console
      $ swift run fsm list
      \(arrows)
      ```

      ````markdown
      ```swift
      \(arrows)x
      ```
      ````

      ```
      \(arrows)xy
      ```
      """
    let lesson = Lesson(parsing: markdown, path: "Lessons/97-wide.md")
    #expect(
      Self.tooWide(in: lesson) == [
        "Lessons/97-wide.md:12: a line of 121 characters in a ```markdown block, "
          + "wider than 120",
        "Lessons/97-wide.md:17: a line of 122 characters in a ``` block, wider than 120",
      ])
  }

  /// Where the lines of `lesson`'s blocks are wider than `maximum`.
  static func tooWide(in lesson: Lesson) -> [String] {
    lesson.fencedBlocks.flatMap { block in
      zip((block.fenceLine + 1)..., block.lines).compactMap { number, line in
        line.count > maximum
          ? "\(lesson.path):\(number): a line of \(line.count) characters in a "
            + "```\(block.info) block, wider than \(maximum)" : nil
      }
    }
  }
}
