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

  /// The handler lines found so far, by `machine/style/event/state`: a
  /// machine has few events and states, and every click asks again.
  private let handlerLines = Mutex<[String: ClosedRange<Int>?]>([:])

  /// A library reading from `root`.
  init(root: String) {
    self.root = root
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

  /// Where each style handled `step`, as `{"style": ..., "from": N, "to": M}`.
  func handlers(of step: PlayedStep, machine: String) -> JSONValue {
    .array(
      Style.allCases.compactMap { style in
        guard let lines = handler(machine: machine, style: style, step: step) else { return nil }
        return .object([
          ("style", .string(style.rawValue)), ("from", .number(lines.lowerBound)),
          ("to", .number(lines.upperBound)),
        ])
      })
  }

  /// The lines of `style`'s file that handle `step`'s event in its state.
  private func handler(machine: String, style: Style, step: PlayedStep) -> ClosedRange<Int>? {
    let key = "\(machine)/\(style)/\(step.event)/\(step.from)"
    if let known = handlerLines.withLock({ $0[key] }) { return known }
    let lines = file(machine: machine, style: style).flatMap {
      HandlerLocator.lines(in: $0.lines, event: step.event, state: step.from)
    }
    handlerLines.withLock { $0[key] = lines }
    return lines
  }
}
