import Foundation
import Testing

@testable import Workbench

/// The SVGs in `docs/diagrams`, which docs/diagrams.md shows, must be what the
/// documented command draws now: a change to a description that is not
/// redrawn fails here.
@Suite("the committed diagrams in docs/diagrams")
struct CommittedDiagramsTests {
  /// The one command that redraws them, run from the repository's root.
  static let regenerate = "swift run fsm diagram --all --format svg --output-dir docs/diagrams"

  /// `docs/diagrams`, found from this file's path so that the tests work
  /// from any working directory.
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // WorkbenchTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the repository
    .appendingPathComponent("docs/diagrams").path

  /// The regenerate command, run into a new folder.
  private static func redraw() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let result = fsm("diagram", "--all", "--format", "svg", "--output-dir", folder.path)
    try #require(result.status == 0, "\(result.errors)")
    return folder
  }

  @Test("drawing is byte-for-byte repeatable, so a byte comparison is fair")
  func repeatable() throws {
    let first = try Self.redraw()
    let second = try Self.redraw()
    for name in first.listing {
      #expect(first.bytes(of: name) == second.bytes(of: name), "\(name) differs between two runs")
    }
  }

  @Test("every committed SVG is what the regenerate command draws now")
  func fresh() throws {
    let redrawn = try Self.redraw()
    let committed = TemporaryFolder.listing(of: Self.folder)
    #expect(
      committed == redrawn.listing,
      "docs/diagrams should hold one SVG per machine. Regenerate with `\(Self.regenerate)`.")
    for name in redrawn.listing {
      guard let old = FileManager.default.contents(atPath: Self.folder + "/" + name),
        let new = redrawn.bytes(of: name)
      else { continue }  // Reported above.
      check(committed: Array(old), fresh: new, name: name)
    }
  }

  /// The run the diagrams guide shows drawn over the security system, and the
  /// command that draws it.
  static let runArguments = [
    "diagram", "security-system", "--events", "arm", "disarm:0000", "breach", "disarm:1234",
    "reset:1234", "arm", "arm", "--output",
  ]

  @Test("the diagrams guide's picture of a run is what its command draws now")
  func runPicture() throws {
    let folder = try TemporaryFolder()
    let result = fsm(Self.runArguments + [folder.path + "/security-system-run.svg"])
    try #require(result.status == 0, "\(result.errors)")
    let path = Self.folder + "/../images/security-system-run.svg"
    let command =
      "swift run fsm "
      + (Self.runArguments + ["docs/images/security-system-run.svg"]).joined(separator: " ")
    let committed = try #require(
      FileManager.default.contents(atPath: path),
      "docs/images/security-system-run.svg is missing: draw it with `\(command)`")
    let fresh = try #require(folder.bytes(of: "security-system-run.svg"))
    check(
      committed: Array(committed), fresh: fresh, name: "../images/security-system-run.svg",
      command: command)
  }

  /// Records an issue unless the committed file equals the fresh one.
  ///
  /// Graphviz's layout depends on its version (and on the fonts it measures
  /// text with), so a committed file drawn by another version may differ in
  /// its coordinates alone. That is only a warning: the failure is kept for
  /// a change in what the diagram says.
  private func check(
    committed: [UInt8], fresh: [UInt8], name: String, command: String = Self.regenerate
  ) {
    guard committed != fresh else { return }
    let old = SVGFacts(committed)
    let new = SVGFacts(fresh)
    let regenerate = "Regenerate with `\(command)` and commit the result."
    if old.graphvizVersion != new.graphvizVersion && old.texts == new.texts {
      let message =
        "docs/diagrams/\(name) was drawn by Graphviz \(old.graphvizVersion), this is "
        + "\(new.graphvizVersion): only the layout differs. \(regenerate)"
      Issue.record(Comment(rawValue: message), severity: .warning)
      return
    }
    let message =
      "docs/diagrams/\(name) is stale (\(firstDifference(committed, fresh))). \(regenerate) "
      + "If only the layout changed, this Graphviz or its fonts differ from the ones "
      + "that drew the committed file."
    Issue.record(Comment(rawValue: message))
  }

  /// Where two files first differ, by line, for the failure message.
  private func firstDifference(_ old: [UInt8], _ new: [UInt8]) -> String {
    let oldLines = String(decoding: old, as: UTF8.self).split(separator: "\n")
    let newLines = String(decoding: new, as: UTF8.self).split(separator: "\n")
    for (index, (was, now)) in zip(oldLines, newLines).enumerated() where was != now {
      return "line \(index + 1) was \"\(was)\", is now \"\(now)\""
    }
    return "it had \(oldLines.count) lines, now \(newLines.count)"
  }
}

/// What an SVG from Graphviz says, apart from where it puts things.
struct SVGFacts {
  /// The version in Graphviz's `<!-- Generated by graphviz version ... -->`.
  var graphvizVersion: String

  /// The text of every `<title>` and `<text>` element, in order: the states,
  /// the arrows and their labels.
  var texts: [String]

  /// Reads the facts of `svg`.
  init(_ svg: [UInt8]) {
    let text = String(decoding: svg, as: UTF8.self)
    graphvizVersion =
      text.firstMatch(of: /Generated by graphviz version ([^\n]*)/).map { String($0.1) } ?? "?"
    texts = text.matches(of: /<(?:title|text)[^>]*>([^<]*)</).map { String($0.1) }
  }
}
