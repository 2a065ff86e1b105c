import Foundation
import StateMachines
import SwiftSyntax
import Testing

@testable import Workbench

/// The class view's code marks against LLVM's coverage of the same steps:
/// `scripts/coverage-oracle` runs every worked example of the docs and
/// seeded random runs through an instrumented `fsm`, one prefix at a time,
/// and records which code regions each step ran in each style's file
/// (`Fixtures/coverage-oracle.json`; CI regenerates it with `--check`).
///
/// For every step of every run, in every style but the table (a table's
/// rows are data: no row's code runs per event), the check is:
/// - every case and method marked ran;
/// - every case of a `switch` that names an event, and every method named
///   after an event, that ran is marked.
/// The context's own plumbing (carrying out a decision, entry and exit
/// activities, the id accessors) runs too, and is neither marked nor
/// claimed.
@Suite("fsm serve: the code marks agree with LLVM's coverage")
struct CoverageOracleTests {
  /// One run of the oracle.
  struct Run: Decodable {
    var machine: String
    var options: [String]
    var events: [String]
    var from: String
    var steps: [Step]
  }

  /// One step: the start lines of the regions it ran, by style.
  struct Step: Decodable {
    var event: String
    var ran: [String: [Int]]
  }

  /// The oracle's file.
  struct Oracle: Decodable {
    var sources: [String: String]
    var runs: [Run]
  }

  /// The committed oracle.
  static func oracle() throws -> Oracle {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/coverage-oracle.json")
    return try JSONDecoder().decode(Oracle.self, from: Data(contentsOf: url))
  }

  @Test("the oracle was made from the styles' files as they are now")
  func oracleIsCurrent() throws {
    let oracle = try Self.oracle()
    #expect(oracle.sources.count >= 50)
    for (path, digest) in oracle.sources {
      let now = try sha256(of: URL(fileURLWithPath: path, relativeTo: root).path)
      #expect(
        now == digest,
        "\(path) changed since the oracle was made: run scripts/coverage-oracle and commit it")
    }
  }

  @Test("every step marks the cases and methods that ran, and only those")
  func marksAgreeWithCoverage() throws {
    let oracle = try Self.oracle()
    var checked = 0
    var exact: [String: (steps: Int, exact: Int)] = [:]
    var parsed: [String: Units] = [:]
    for run in oracle.runs {
      let machine = try #require(Machines.named(run.machine))
      for style in machine.styles where style != .table {
        let transcript = fsm(
          ["run", run.machine, "--style", style.rawValue, "--json", "--handlers"] + run.options
            + run.events)
        try #require(transcript.status == 0, "\(run.from): \(transcript.errors)")
        let lines = transcript.lines
        try #require(lines.count == run.steps.count, "\(run.from) \(style)")
        for (index, (line, step)) in zip(lines, run.steps).enumerated() {
          let json = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
          let handled = try #require(json["handled"] as? [String: Any])
          let path = try #require(handled["file"] as? String)
          let marked = try #require(handled["lines"] as? [[Int]]).map { $0[0]...$0[1] }
          let units = try parsed[path] ?? Units.of(path, root: root)
          parsed[path] = units
          let ran = Set(step.ran[style.rawValue] ?? [])
          let problems = units.disagreements(marked: marked, ran: ran, event: step.event)
          let key = "\(run.machine) \(style)"
          exact[key, default: (0, 0)].steps += 1
          if problems.isEmpty { exact[key, default: (0, 0)].exact += 1 }
          #expect(
            problems.isEmpty,
            "\(run.from), step \(index + 1) (\(step.event)), \(style): \(problems.joined(separator: "; "))"
          )
          checked += 1
        }
      }
    }
    #expect(checked > 500)
    let report = exact.sorted { $0.key < $1.key }.map {
      "\($0.key): \($0.value.exact)/\($0.value.steps)"
    }
    print("exact marks per machine and style:\n" + report.joined(separator: "\n"))
  }

  /// The SHA-256 of a file, as `sha256sum` prints it (Foundation on Linux
  /// has no digest of its own).
  private func sha256(of path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).prefix { $0 != " " }.description
  }

  /// The workbench's checkout.
  private var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}

/// The cases and methods of one style's file, each with the lines that are
/// its own (not a case or method inside it).
struct Units {
  /// One case or method.
  struct Unit {
    var lines: ClosedRange<Int>
    var own: Set<Int>
    var name: String
    /// Whether the oracle claims it: a case of a `switch` that names an
    /// event, or a method named after one.
    var claimedFor: (String) -> Bool
  }

  var units: [Unit]

  /// The units of the file at `path`, parsed once per test.
  static func of(_ path: String, root: URL) throws -> Units {
    let text = try String(contentsOf: URL(fileURLWithPath: path, relativeTo: root), encoding: .utf8)
    let source = StyleSource(text: text, path: path)
    let collector = UnitCollector(source: source)
    collector.walk(source.tree)
    var units = collector.units
    for index in units.indices {
      var own = Set(units[index].lines)
      for other in units
      where other.lines != units[index].lines
        && units[index].lines.contains(other.lines.lowerBound)
        && units[index].lines.contains(other.lines.upperBound)
      {
        own.subtract(other.lines)
      }
      // A unit's first line is its own even when a nested one starts on
      // it (`case .jump: switch movement {`).
      own.insert(units[index].lines.lowerBound)
      units[index].own = own
    }
    return Units(units: units)
  }

  /// What is wrong with `marked` for a step that ran the regions starting
  /// on `ran`: a marked unit that did not run, a claimed one that ran and
  /// is not marked.
  func disagreements(marked: [ClosedRange<Int>], ran: Set<Int>, event: String) -> [String] {
    let markedLines = Set(marked.flatMap { $0 })
    var problems: [String] = []
    let eventName = String(event.prefix { $0 != ":" })
    for unit in units {
      let didRun = !unit.own.isDisjoint(with: ran)
      let isMarked =
        markedLines.contains(unit.lines.lowerBound)
        && markedLines.isSuperset(of: unit.own.intersection(ran))
      let wholly = markedLines.isSuperset(of: unit.lines)
      if wholly && !didRun {
        problems.append("\(unit.name) at \(unit.lines) is marked and did not run")
      }
      if didRun && unit.claimedFor(eventName) && !isMarked {
        problems.append("\(unit.name) at \(unit.lines) ran and is not marked")
      }
    }
    return problems
  }
}

/// Collects a file's cases and methods.
private final class UnitCollector: SyntaxVisitor {
  let source: StyleSource
  var units: [Units.Unit] = []

  init(source: StyleSource) {
    self.source = source
    super.init(viewMode: .sourceAccurate)
  }

  /// Whether each case the walk is inside is claimed, innermost last.
  private var open: [Bool] = []

  override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
    // Claimed: a case of a `switch` on the event (`switch event`,
    // `switch (self, event)`), or one inside such a case.
    let subject = node.parent?.parent?.as(SwitchExprSyntax.self)?.subject
    let onEvent =
      subject?.tokens(viewMode: .sourceAccurate).contains { $0.text == "event" } ?? false
    let claimed = onEvent || open.contains(true)
    units.append(
      .init(
        lines: source.lines(of: node), own: [], name: "case \(node.label.trimmedDescription)",
        claimedFor: { _ in claimed }))
    open.append(claimed)
    return .visitChildren
  }

  override func visitPost(_ node: SwitchCaseSyntax) {
    open.removeLast()
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.body != nil else { return .visitChildren }
    let name = node.name.text
    units.append(
      .init(
        lines: source.lines(of: node), own: [], name: "func \(name)",
        claimedFor: { event in name == event }))
    return .visitChildren
  }
}
