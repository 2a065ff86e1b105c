import Foundation
import StateMachines
import Synchronization

/// The lines of one implementation's file that handled a step.
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

/// Finds the lines of each implementation's file that handled a step,
/// reading each file once.
final class CodeMarker: Sendable {
  /// One implementation's file, parsed, with its table's rows when it has
  /// one.
  private struct Parsed: @unchecked Sendable {
    // swift-syntax's trees are immutable values, safe to share; its types
    // do not all say so.
    var path: String
    var source: StyleSource
    var rows: TableRowMarks?
    var matrix: MatrixMarks?
  }

  /// The folder with one folder per machine.
  let root: String

  /// The files parsed so far, by `machine/implementation`; `nil` for one
  /// not found.
  private let parsed = Mutex<[String: Parsed?]>([:])

  /// The marks found lately, by machine, implementation and step: every
  /// follower of a class asks for the same step's marks.
  private let found = Mutex<[Key: CodeMarks?]>([:])

  /// What the marks of a step depend on.
  private struct Key: Hashable {
    var machine: String
    var implementation: Implementation
    var facts: StepFacts
  }

  /// The most marks `found` keeps; past it, it starts again.
  private static let foundLimit = 4096

  /// A marker reading the implementations' files under `root`.
  init(root: String) {
    self.root = root
  }

  /// The path of `machine`'s file in `style` as written and the line
  /// ranges (from 1) that handled the step `facts`, or `nil` when the file
  /// is not there.
  func marks(machine: String, style: Style, facts: StepFacts) -> CodeMarks? {
    marks(machine: machine, implementation: Implementation(style), facts: facts)
  }

  /// The path of `machine`'s file in `implementation` and the line ranges
  /// (from 1) that handled the step `facts`, or `nil` when the file is not
  /// there.
  func marks(machine: String, implementation: Implementation, facts: StepFacts) -> CodeMarks? {
    let key = Key(machine: machine, implementation: implementation, facts: facts)
    if let known = found.withLock({ $0[key] }) { return known }
    let marks = unmemoizedMarks(machine: machine, implementation: implementation, facts: facts)
    found.withLock { found in
      if found.count >= Self.foundLimit { found.removeAll(keepingCapacity: true) }
      found[key] = marks
    }
    return marks
  }

  /// The marks of `facts`, worked out.
  private func unmemoizedMarks(
    machine: String, implementation: Implementation, facts: StepFacts
  ) -> CodeMarks? {
    guard let file = file(machine: machine, implementation: implementation) else { return nil }
    if let matrix = file.matrix {
      let marks = matrix.marks(for: facts)
      return CodeMarks(path: file.path, ranges: marks.ranges, rule: marks.rule)
    }
    if let rows = file.rows {
      let ranges = Self.ranges(rows.lines(for: facts))
      return CodeMarks(path: file.path, ranges: ranges, rule: ranges.first)
    }
    let marks = HandlerMarks(source: file.source, facts: facts)
    return CodeMarks(path: file.path, ranges: marks.ranges, rule: marks.rule)
  }

  /// `machine`'s file in `implementation`, parsed once: found by its file
  /// suffix (the shared state classes are the state classes' file). A
  /// table's rows and a matrix's cells are data, read for what they are;
  /// every other implementation is code, read by `HandlerMarks`.
  private func file(machine: String, implementation: Implementation) -> Parsed? {
    let key = "\(machine)/\(implementation)"
    if let known = parsed.withLock({ $0[key] }) { return known }
    let suffix = implementation.fileSuffix
    let file = SourceFiles.path(machine: machine, style: suffix, root: root).flatMap {
      path in
      (try? String(contentsOfFile: path, encoding: .utf8)).map { text in
        let source = StyleSource(text: text, path: path)
        let matrix = implementation.variant == .matrix
        return Parsed(
          path: path, source: source,
          rows: implementation == Implementation(.table) ? TableRowMarks(source: source) : nil,
          matrix: matrix ? MatrixMarks(source: source) : nil)
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
