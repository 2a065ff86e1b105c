import Foundation
import StateMachines
import Synchronization

/// The machines' sources as the class view shows them: read once from the
/// workbench's `Sources/StateMachines` (found as `fsm compare` finds them),
/// lexed, and kept.
final class SourceLibrary: Sendable {
  /// One implementation's file of one machine.
  struct File: Sendable {
    /// The path, from where the server runs.
    var path: String
    /// The lines, lexed.
    var lines: [SourceLexer.Line]
  }

  /// The folder with one folder per machine.
  let root: String

  /// The files read so far, by `machine/implementation`; `nil` for one not
  /// found.
  private let files = Mutex<[String: File?]>([:])

  /// Finds the lines that handled each step.
  private let marker: CodeMarker

  /// A library reading from `root`.
  init(root: String) {
    self.root = root
    marker = CodeMarker(root: root)
  }

  /// The file of `machine` in `style` as written, if it exists.
  func file(machine: String, style: Style) -> File? {
    file(machine: machine, implementation: Implementation(style))
  }

  /// The file of `machine` in `implementation`, if it exists: found by its
  /// suffix, so the shared state classes read the state classes' file.
  func file(machine: String, implementation: Implementation) -> File? {
    let key = "\(machine)/\(implementation)"
    if let cached = files.withLock({ $0[key] }) { return cached }
    let suffix = implementation.fileSuffix
    let file = SourceFiles.path(machine: machine, style: suffix, root: root).flatMap {
      path in
      (try? String(contentsOfFile: path, encoding: .utf8)).map {
        File(path: path, lines: SourceLexer($0).lines)
      }
    }
    files.withLock { $0[key] = file }
    return file
  }

  /// Where each implementation handled `step`, as `{"style": ID, "lines":
  /// [[N, M], ...], "rule": [N, M]}` (`ID` the implementation's, as
  /// `table-matrix`): the ranges marked, and the piece that decided
  /// (`null`, and no lines, for a table with no row for the event).
  func handlers(of step: PlayedStep, machine: String) -> JSONValue {
    .array(
      zip(step.implementations, step.facts).compactMap { implementation, facts in
        guard
          let marks = marker.marks(machine: machine, implementation: implementation, facts: facts)
        else { return nil }
        let range = { (lines: ClosedRange<Int>) in
          JSONValue.array([.number(lines.lowerBound), .number(lines.upperBound)])
        }
        return .object([
          ("style", .string(implementation.description)),
          ("lines", .array(marks.ranges.map(range))),
          ("rule", marks.rule.map(range) ?? .null),
        ])
      })
  }
}
