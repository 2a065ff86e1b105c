import Foundation
import Testing

/// What a student's commands write lands where git ignores it: every file
/// or folder a lesson's `fsm` command writes (`--output`, `--output-dir`,
/// `--diagram`, a `>` redirection) is under `out/` (see `out/README.md`),
/// outside the repository (`/tmp/`), or the committed `docs/` an author
/// regenerates on purpose.
@Suite("Lessons: files the commands write")
struct OutputFilesTests {
  /// Where a lesson's command may write.
  static let allowedPrefixes = ["out/", "/tmp/", "docs/"]

  @Test("every file a lesson's command writes goes to out/", arguments: LessonFile.all)
  func outputsGoToOut(_ file: LessonFile) throws {
    let text = try String(contentsOf: file.url, encoding: .utf8)
    for path in Self.writtenPaths(in: text) where !Self.isAllowed(path) {
      Issue.record(
        "\(file.name): a command writes \(path); write to out/\(path) instead, which git ignores")
    }
  }

  @Test("the paths a command writes are found, in flags and redirections")
  func pathsAreFound() {
    let text = """
      swift run fsm diagram turnstile --output turnstile.svg
      swift run fsm diagram turnstile --format svg > t.svg     # SVG
      swift run fsm diagram --all --output-dir out
      swift run fsm run security-system arm --diagram
        evening.png
      `--output FILE` writes them
      """
    #expect(
      Set(Self.writtenPaths(in: text)) == ["turnstile.svg", "t.svg", "out", "evening.png"])
    #expect(!Self.isAllowed("turnstile.svg") && Self.isAllowed("out/t.svg"))
  }

  /// The paths after the writing flags (across a line break too), and after
  /// `>` on a line that runs `fsm`; placeholders in capitals are left out.
  static func writtenPaths(in text: String) -> [String] {
    let words = text.split(whereSeparator: \.isWhitespace).map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "`.,;()"))
    }
    var paths: [String] = []
    for (index, word) in words.enumerated().dropLast()
    where ["--output", "--output-dir", "--diagram"].contains(word) {
      let path = words[index + 1]
      if !path.isEmpty, !path.hasPrefix("-"), path != path.uppercased() { paths.append(path) }
    }
    for line in text.split(separator: "\n") where line.contains("swift run fsm") {
      let parts = line.components(separatedBy: "> ")
      if parts.count > 1, let path = parts[1].split(separator: " ").first {
        paths.append(String(path))
      }
    }
    return paths
  }

  /// Whether a lesson may write `path`.
  static func isAllowed(_ path: String) -> Bool {
    path == "out" || allowedPrefixes.contains { path.hasPrefix($0) }
  }
}
