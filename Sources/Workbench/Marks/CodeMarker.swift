import Foundation
import StateMachines
import Synchronization

/// The lines of one style's file that handled a step.
struct CodeMarks: Sendable, Equatable {
  /// The file, as found under the marker's root.
  var path: String
  /// The lines that ran to handle it, as ranges in order: the dispatch
  /// case, the case or method or row that decided.
  var ranges: [ClosedRange<Int>]
  /// Of those, the piece that decided (the innermost case that matched,
  /// the method that answered, the first row), where the page scrolls to.
  var rule: ClosedRange<Int>?
}

/// Finds the lines of each style's file that handled a step, reading each
/// file once.
final class CodeMarker: Sendable {
  /// One style's file, parsed, with its table's rows when it has one.
  private struct Parsed: @unchecked Sendable {
    // swift-syntax's trees are immutable values, safe to share; its types
    // do not all say so.
    var path: String
    var source: StyleSource
    var rows: TableRowMarks?
  }

  /// The folder with one folder per machine.
  let root: String

  /// The files parsed so far, by `machine/style`; `nil` for one not found.
  private let parsed = Mutex<[String: Parsed?]>([:])

  /// The marks found lately, by machine, style and step: every follower of
  /// a class asks for the same step's marks.
  private let found = Mutex<[Key: CodeMarks?]>([:])

  /// What the marks of a step depend on.
  private struct Key: Hashable {
    var machine: String
    var style: Style
    var facts: StepFacts
  }

  /// The most marks `found` keeps; past it, it starts again.
  private static let foundLimit = 4096

  /// A marker reading the styles' files under `root`.
  init(root: String) {
    self.root = root
  }

  /// The path of `machine`'s file in `style` and the line ranges (from 1)
  /// that handled the step `facts`, or `nil` when the file is not there.
  func marks(machine: String, style: Style, facts: StepFacts) -> CodeMarks? {
    let key = Key(machine: machine, style: style, facts: facts)
    if let known = found.withLock({ $0[key] }) { return known }
    let marks = unmemoizedMarks(machine: machine, style: style, facts: facts)
    found.withLock { found in
      if found.count >= Self.foundLimit { found.removeAll(keepingCapacity: true) }
      found[key] = marks
    }
    return marks
  }

  /// The marks of `facts`, worked out.
  private func unmemoizedMarks(machine: String, style: Style, facts: StepFacts) -> CodeMarks? {
    guard let file = file(machine: machine, style: style) else { return nil }
    if let rows = file.rows {
      let ranges = Self.ranges(rows.lines(for: facts))
      return CodeMarks(path: file.path, ranges: ranges, rule: ranges.first)
    }
    let marks = HandlerMarks(source: file.source, facts: facts)
    return CodeMarks(path: file.path, ranges: marks.ranges, rule: marks.rule)
  }

  /// `machine`'s file in `style`, parsed once.
  private func file(machine: String, style: Style) -> Parsed? {
    let key = "\(machine)/\(style)"
    if let known = parsed.withLock({ $0[key] }) { return known }
    let file = SourceFiles.path(machine: machine, style: style.rawValue, root: root).flatMap {
      path in
      (try? String(contentsOfFile: path, encoding: .utf8)).map { text in
        let source = StyleSource(text: text, path: path)
        return Parsed(
          path: path, source: source, rows: style == .table ? TableRowMarks(source: source) : nil)
      }
    }
    parsed.withLock { $0[key] = file }
    return file
  }

  /// Sorted lines as ranges of consecutive lines.
  static func ranges(_ lines: Set<Int>) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for line in lines.sorted() {
      if let last = ranges.last, last.upperBound + 1 == line {
        ranges[ranges.count - 1] = last.lowerBound...line
      } else {
        ranges.append(line...line)
      }
    }
    return ranges
  }
}
