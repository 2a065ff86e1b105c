import Diagrams
import StateMachines

/// The tour's diagrams: every machine drawn from its description into a
/// folder, and every style explored to check that it does what its diagram
/// says.
///
/// The section fails if a diagram cannot be rendered or written, or if a
/// style takes a transition the description does not draw, or misses one it
/// does.
struct DiagramsSection: TourSection {
  /// The machines drawn and observed.
  var machines: [any CatalogMachine.Type]

  /// The styles whose observed diagrams are checked.
  var styles: [Style]

  /// The folder the diagrams are written into, created if missing.
  var folder: String

  /// The formats each diagram is rendered in.
  var formats: [DiagramFormat] = [.svg, .png]

  var heading: String { "Diagrams, described and observed" }

  var name: TourSectionName { .diagrams }

  var about: String { "every machine drawn and checked" }

  func run(on console: inout Console) -> TourFindings {
    print(
      """
      Each machine's state diagram is drawn from its description and rendered by
      Graphviz in this process. Then each style is explored from the outside
      (every reachable state, every event) and the transitions it takes are
      compared with the ones drawn, guards aside.
      """, to: &console)
    print("", to: &console)
    let failure = draw(on: &console)
    print("", to: &console)
    let differing = observe(on: &console)

    let machineCount = machines.count == 1 ? "1 machine" : "\(machines.count) machines"
    let formatNames = formats.map { $0.rawValue.uppercased() }.joinedAsList(conjunction: "and")
    // The reason in the summary too: the tour repeats a failing summary on
    // standard error, where nothing is above it.
    let drawing = failure.map { "NOT drawn: \($0)" } ?? "drawn as \(formatNames) into \(folder)"
    let styleCount = styles.count == 1 ? "1 style" : "\(styles.count) styles"
    let observed =
      differing.isEmpty
      ? "observed = described in \(styleCount)"
      : "observed ≠ described: " + differing.joined(separator: "; ")
    return TourFindings(
      summary: "\(machineCount) \(drawing); \(observed)",
      passed: failure == nil && differing.isEmpty)
  }

  /// Renders every diagram in memory, then writes them all; prints where
  /// they are, or why they are not, and returns why not, if they were not.
  private func draw(on console: inout Console) -> String? {
    do {
      let files = try machines.flatMap { machine in
        let diagram = machine.diagram()
        return try formats.map { format in
          do throws(GraphvizError) {
            let path = OutputPath.join(folder, "\(machine.id).\(format)")
            return AtomicFiles.File(path: path, bytes: try diagram.render(as: format))
          } catch {
            throw RenderingError(machine: machine.id, format: format, graphviz: error)
          }
        }
      }
      try AtomicFiles.createFolder(folder)
      try AtomicFiles.write(files)
    } catch {
      print("✗ The diagrams were NOT drawn: \(error)", to: &console)
      return "\(error)"
    }
    print("Drawn into \(folder):", to: &console)
    let width = machines.map { $0.id.count }.max() ?? 0
    for machine in machines {
      let names = formats.map { "\(machine.id).\($0)".padded(to: width + 4) }
      print(("  " + names.joined(separator: "  ")).trimmingTrailingSpaces, to: &console)
    }
    print("Open the SVGs in a browser; `fsm diagram --help` draws more.", to: &console)
    return nil
  }

  /// Prints, for each machine, whether every style's observed diagram
  /// equals the described one; returns `machine in style` for each that
  /// does not.
  private func observe(on console: inout Console) -> [String] {
    let width = machines.map { $0.id.count }.max() ?? 0
    var differing: [String] = []
    for machine in machines {
      // A machine not written in a style simply lacks it (`Machine.styles`).
      let styles = self.styles.filter { machine.styles.contains($0) }
      let differences = styles.map { machine.observedDifference(style: $0) }
      let failed = zip(styles, differences).filter { !$1.isEmpty }
      let name = machine.id.padded(to: width)
      guard !failed.isEmpty else {
        let styleList = styles.map(\.rawValue).joined(separator: ", ")
        print("  ✓ \(name)   observed = described in \(styleList)", to: &console)
        continue
      }
      let styleList = failed.map(\.0.rawValue).joined(separator: ", ")
      print("  ✗ \(name)   observed ≠ described in \(styleList)", to: &console)
      for (style, difference) in failed {
        for line in difference.description.split(separator: "\n") {
          print("      \(style): \(line)", to: &console)
        }
      }
      differing.append("\(machine.id) in \(styleList)")
    }
    return differing
  }
}
