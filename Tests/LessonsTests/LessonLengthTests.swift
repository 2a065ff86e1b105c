import Foundation
import Testing

/// Lessons/README.md promises short lessons: one a student reads in a sitting,
/// in an editor as well as rendered, where a table row is a line of source.
@Suite("Lessons: length of a lesson and of its table rows")
struct LessonLengthTests {
  /// The most lines a lesson may have.
  static let maximumLines = 450

  /// The widest source line of a Markdown table row, in characters.
  static let maximumRowWidth = BlockWidthTests.maximum

  @Test("no lesson is longer than 450 lines", arguments: LessonFile.all)
  func lessonIsShort(_ file: LessonFile) throws {
    let lesson = try file.load()
    // Counted as an editor numbers them: the newline that ends the last line
    // starts no line of its own.
    let count = lesson.lines.count - (lesson.lines.last == "" ? 1 : 0)
    #expect(
      count <= Self.maximumLines,
      """
      \(lesson.path) has \(count) lines, more than \(Self.maximumLines): \
      cut repetition, or move excerpts that a table sums up to a page the lesson links
      """)
  }

  @Test(
    "no Markdown table row of a lesson or of Lessons/README.md is wider than 120 characters",
    arguments: LessonFile.all.map(\.url) + [Self.lessonsReadme])
  func tableRowsFit(_ url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    for problem in Self.wideRows(in: text, path: "Lessons/\(url.lastPathComponent)") {
      Issue.record(Comment(rawValue: problem))
    }
  }

  @Test("a wide table row is named with its line and width; rows inside code blocks are not rows")
  func wideRowsAreFound() {
    let cell = String(repeating: "é", count: 60)
    let markdown = """
      # A lesson

      | a | b |
      |---|---|
      | \(cell) | \(cell) |

      ```
      | \(cell) | \(cell) |
      ```
      """
    #expect(
      Self.wideRows(in: markdown, path: "Lessons/96-wide.md") == [
        "Lessons/96-wide.md:5: a table row of 127 characters, wider than 120"
      ])
  }

  /// Lessons/README.md, which has tables of its own.
  static var lessonsReadme: URL {
    (try? Workbench.packageRoot().appending(path: "Lessons/README.md"))
      ?? URL(filePath: "Lessons/README.md")
  }

  /// Where the rows of the tables in `markdown` (lines starting with `|`,
  /// outside fenced blocks) are wider than `maximumRowWidth`.
  static func wideRows(in markdown: String, path: String) -> [String] {
    let lesson = Lesson(parsing: markdown, path: path)
    let insideBlocks = Set(
      lesson.fencedBlocks.flatMap { block in
        (block.fenceLine + 1)..<(block.fenceLine + 1 + block.lines.count)
      })
    return lesson.lines.enumerated().compactMap { offset, line in
      let number = offset + 1
      guard !insideBlocks.contains(number), line.hasPrefix("|"), line.count > maximumRowWidth
      else { return nil }
      return
        "\(path):\(number): a table row of \(line.count) characters, wider than \(maximumRowWidth)"
    }
  }
}
