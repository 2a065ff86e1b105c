import Foundation
import StateMachines
import Testing

@testable import Diagrams

/// Writes every diagram to a folder for a person to look at:
/// `DIAGRAMS_PREVIEW_DIR=/tmp/diagrams swift test --filter Preview`.
///
/// Looking is the only test of whether a diagram reads well; this makes it
/// one command. Without the variable the suite is skipped.
@Suite(
  "Preview",
  .enabled(if: ProcessInfo.processInfo.environment["DIAGRAMS_PREVIEW_DIR"] != nil))
struct PreviewTests {
  /// Where the files go.
  let folder = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["DIAGRAMS_PREVIEW_DIR"] ?? "/tmp/diagrams")

  @Test("described, observed and run diagrams of every machine")
  func writeAll() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for machine in Machines.all {
      try write(machine.diagram(), as: machine.id)
      try write(machine.observedDiagram(style: .statePattern), as: "\(machine.id)-observed")
      try write(machine.sampleRun(), as: "\(machine.id)-run")
    }
    try write(Kiosk.diagram(), as: "kiosk")
  }

  /// Writes `diagram` as PNG, SVG and DOT.
  private func write(_ diagram: Diagram, as name: String) throws {
    for format in [DiagramFormat.png, .svg, .dot] {
      let url = folder.appendingPathComponent("\(name).\(format)")
      try Data(try diagram.render(as: format)).write(to: url)
    }
  }
}

extension Machine {
  /// The machine's worked examples played one after another on one
  /// machine, drawn as a run.
  static func sampleRun() throws -> Diagram {
    var machine = try make(.statePattern, Configuration())
    let start = machine.state
    let trace = machine.run(workedExamples.flatMap(\.events))
    return diagram(highlighting: TraceOverlay(start: start, trace: trace))
  }
}
