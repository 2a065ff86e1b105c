import Foundation
import Testing

/// A lesson that shows the benchmark report shows exactly what `fsm compare`
/// prints for the committed results, so its numbers cannot drift from them.
/// Lessons show it as a ```` ```console ```` block of the command, which
/// `CommandOutputTests` runs; this suite checks that lesson 11 has one, and
/// any report quoted without its command:
///
/// The block is a ```` ```text ```` block whose first line is the report's
/// own first line, `Dispatch cost per event: committed results, PATH` (or
/// `local run, PATH`); it must equal the whole output of
/// `fsm compare --results PATH`, run from the package root.
/// (`fsm` is the built executable: the lessons' tests do not link the
/// Workbench library, which `Comparison.report` is in.)
@Suite("Lessons: the benchmark matrix")
struct ComparisonBlockTests {
  /// The first line of `fsm compare`'s report, up to whose results.
  static let reportOpening = "Dispatch cost per event: "

  /// The kinds of results the first line names before the path.
  static let kinds = ["committed results, ", "local run, "]

  @Test("a matrix shown in a lesson is what `fsm compare` prints for its results file")
  func matrixBlocksMatchTheReport() async throws {
    let workbench = try Workbench.require()
    let blocks = try LessonFile.all.flatMap { file in
      Self.reportBlocks(in: try file.load())
    }
    // Lesson 11 shows the report as a ```console block of the command,
    // which CommandOutputTests runs; a ```text block, as any lesson may
    // also quote the report, is checked here.
    let measuring = try #require(LessonFile.all.first { $0.name.hasPrefix("11-") })
    #expect(
      try measuring.load().lines.contains {
        $0.hasPrefix("$ swift run fsm compare ") && $0.contains("--results docs/benchmarks/")
      },
      "lesson 11 shows the report of the committed results in a ```console block")
    let fsm = workbench.bin.appending(path: "fsm")
    try #require(
      FileManager.default.isExecutableFile(atPath: fsm.path),
      "no fsm executable at \(fsm.path): build the package with `swift build` first")
    for block in blocks {
      let run = try await Subprocess.run(
        fsm, ["compare", "--results", block.resultsPath], in: workbench.root)
      try #require(run.succeeded, "fsm compare \(run.ending):\n\(run.stderr)")
      var printed = run.stdout.textLines
      while printed.last?.isEmpty == true { printed.removeLast() }
      if printed != block.lines {
        Issue.record(
          Comment(
            rawValue: "\(block.lesson):\(block.fenceLine): the matrix differs from what "
              + "`fsm compare --results \(block.resultsPath)` prints now. Replace the block "
              + "with its output.\nDiff (- lesson, + printed):\n"
              + Diff.lines(block.lines, printed)))
      }
    }
  }

  /// A ```` ```text ```` block that shows `fsm compare`'s report.
  struct ReportBlock {
    var lesson: String
    var fenceLine: Int
    var resultsPath: String
    var lines: [String]
  }

  /// The report blocks of `lesson`: `text` fences whose first line opens a
  /// report.
  static func reportBlocks(in lesson: Lesson) -> [ReportBlock] {
    var blocks: [ReportBlock] = []
    var index = 0
    while index < lesson.lines.count {
      let line = lesson.lines[index].trimmingCharacters(in: .whitespaces)
      index += 1
      guard line.hasPrefix("```") else { continue }
      let tag = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
      let fenceLine = index
      var content: [String] = []
      while index < lesson.lines.count, !lesson.lines[index].hasPrefix("```") {
        content.append(lesson.lines[index])
        index += 1
      }
      index += 1
      guard tag == "text", let first = content.first, first.hasPrefix(reportOpening) else {
        continue
      }
      let label = first.dropFirst(reportOpening.count)
      let path = kinds.first(where: label.hasPrefix).map { label.dropFirst($0.count) } ?? label
      blocks.append(
        ReportBlock(
          lesson: lesson.path, fenceLine: fenceLine, resultsPath: String(path), lines: content))
    }
    return blocks
  }
}
