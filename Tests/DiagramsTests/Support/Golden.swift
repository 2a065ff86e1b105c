import Foundation
import Testing

/// Golden files: DOT output pinned in `Tests/DiagramsTests/Golden`.
///
/// Run the tests with `REGENERATE_GOLDEN=1` to rewrite them after an
/// intended change, then review the diff before committing.
enum Golden {
  /// The folder of the golden files, found from this source file's path so
  /// the tests work from any working directory.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // DiagramsTests
    .appendingPathComponent("Golden")

  /// Whether the run should rewrite the golden files instead of checking them.
  static var isRegenerating: Bool {
    ProcessInfo.processInfo.environment["REGENERATE_GOLDEN"] == "1"
  }

  /// Checks `text` against the golden file `name`, or rewrites the file when
  /// regenerating; a stale or missing file fails with the way to fix it.
  static func check(
    _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = folder.appendingPathComponent(name)
    if isRegenerating {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return
    }
    let howToFix =
      "If the change is intended, regenerate with "
      + "`REGENERATE_GOLDEN=1 swift test --filter DiagramsTests` and review the diff."
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("Golden file \(name) is missing. \(howToFix)", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != text else { return }
    Issue.record(
      "Golden file \(name) is stale: \(firstDifference(expected, text)). \(howToFix)",
      sourceLocation: sourceLocation)
  }

  /// Where two texts first differ, by line, for the failure message.
  private static func firstDifference(_ expected: String, _ actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (old, new)) in zip(expectedLines, actualLines).enumerated() where old != new {
      return "line \(index + 1) was \"\(old)\", is now \"\(new)\""
    }
    return "it had \(expectedLines.count) lines, now \(actualLines.count)"
  }
}
