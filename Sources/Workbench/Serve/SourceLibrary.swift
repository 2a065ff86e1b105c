import Foundation
import StateMachines
import Synchronization

/// The machines' sources as the class view shows them: read once from the
/// workbench's `Sources/StateMachines` (found as `fsm compare` finds them),
/// lexed, and kept.
final class SourceLibrary: Sendable {
  /// One style's file of one machine.
  struct File: Sendable {
    /// The path, from where the server runs.
    var path: String
    /// The lines, lexed.
    var lines: [SourceLexer.Line]
  }

  /// The folder with one folder per machine.
  let root: String

  /// The files read so far, by `machine/style`; `nil` for one not found.
  private let files = Mutex<[String: File?]>([:])

  /// Finds the lines that handled each step.
  private let marker: CodeMarker

  /// A library reading from `root`.
  init(root: String) {
    self.root = root
    marker = CodeMarker(root: root)
  }

  /// The file of `machine` in `style`, if it exists.
  func file(machine: String, style: Style) -> File? {
    let key = "\(machine)/\(style)"
    if let cached = files.withLock({ $0[key] }) { return cached }
    let file = SourceFiles.path(machine: machine, style: style.rawValue, root: root).flatMap {
      path in
      (try? String(contentsOfFile: path, encoding: .utf8)).map {
        File(path: path, lines: SourceLexer($0).lines)
      }
    }
    files.withLock { $0[key] = file }
    return file
  }

  /// Where each style handled `step`, as `{"style": ..., "lines": [[N, M],
  /// ...], "rule": [N, M]}`: the ranges marked, and the piece that decided
  /// (`null`, and no lines, for a table with no row for the event).
  func handlers(of step: PlayedStep, machine: String) -> JSONValue {
    .array(
      zip(step.styles, step.facts).compactMap { style, facts in
        guard let marks = marker.marks(machine: machine, style: style, facts: facts) else {
          return nil
        }
        let range = { (lines: ClosedRange<Int>) in
          JSONValue.array([.number(lines.lowerBound), .number(lines.upperBound)])
        }
        return .object([
          ("style", .string(style.rawValue)), ("lines", .array(marks.ranges.map(range))),
          ("rule", marks.rule.map(range) ?? .null),
        ])
      })
  }
}
