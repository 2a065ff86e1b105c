import SnapshotTesting
import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// Every diagram's DOT, pinned as a snapshot in `__Snapshots__`: the
/// described diagram of every machine, a run of each of its worked examples
/// over it, and the first of them focused on the states it touched. A change to a diagram is then a diff to review.
///
/// After an intended change, record the new snapshots and read the diff
/// before committing:
/// `SNAPSHOT_TESTING_RECORD=failed swift test --filter DiagramsTests.SnapshotTests`.
///
/// The machines are the workbench's own, whose snapshots are committed: a
/// teacher's machine from `fsm new` would otherwise fail the suite until its
/// snapshots were recorded, when its committed SVG (CommittedDiagramsTests)
/// already pins its diagram. Moving it into `Machines.workbench` brings it
/// here, and its snapshots are recorded then (CONTRIBUTING.md).
@Suite("diagram snapshots")
struct SnapshotTests {
  /// The ids of the machines whose snapshots are committed.
  static let committed = Machines.workbench.map { $0.id }

  @Test("every machine's diagram", arguments: committed)
  func described(machine: String) throws {
    let type = try #require(Machines.named(machine))
    assertSnapshot(of: type.diagram().dot, as: .lines, named: machine)
  }

  @Test(
    "the diagram in the ids, of every machine drawn in a figure's labels by default",
    arguments: committed.filter { Machines.named($0)?.defaultLabelStyle != .ids })
  func ids(machine: String) throws {
    let type = try #require(Machines.named(machine))
    assertSnapshot(of: try idsDiagram(of: type).dot, as: .lines, named: machine)
  }

  /// `M`'s diagram in the ids.
  private func idsDiagram<M: CatalogMachine>(of _: M.Type) throws -> Diagram {
    try M.diagram(labels: .ids)
  }

  @Test("every worked example drawn over its machine's diagram", arguments: committed)
  func overlays(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let runs = overlays(of: type)
    #expect(!runs.isEmpty, "\(machine) has no worked example to draw")
    for (number, dot) in zip(1..., runs) {
      assertSnapshot(of: dot, as: .lines, named: "\(machine)-example-\(number)")
    }
  }

  @Test(
    "each machine's first worked example, focused on the states it touched",
    arguments: committed)
  func focused(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let dot = try #require(overlays(of: type, focus: true).first)
    assertSnapshot(of: dot, as: .lines, named: machine)
  }

  /// The DOT of each worked example of `M`, run in the default style and
  /// drawn over the diagram, focused on what the run touched if `focus`.
  private func overlays<M: CatalogMachine>(of _: M.Type, focus: Bool = false) -> [String] {
    M.workedExamples.compactMap { example in
      guard var machine = try? M.make(.statePattern, example.configuration) else { return nil }
      let start = machine.state
      let trace = machine.run(example.events)
      return M.diagram(highlighting: TraceOverlay(start: start, trace: trace), focus: focus).dot
    }
  }
}
