import StateMachines
import Testing

@testable import Workbench

@Suite("fsm tour: the diagrams section")
struct TourDiagramsTests {
  /// Runs `section` on a captured console.
  private func run(_ section: DiagramsSection) -> (findings: TourFindings, lines: [String]) {
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    let findings = section.run(on: &console)
    return (findings, capture.lines)
  }

  @Test("the diagrams are drawn into the folder, which it names, and every style checks out")
  func drawn() throws {
    let folder = try TemporaryFolder()
    let target = folder.file("tour/diagrams")
    let (findings, lines) = run(
      DiagramsSection(
        machines: [Turnstile.self, SecuritySystem.self], styles: Style.allCases, folder: target))
    #expect(findings.passed)
    #expect(
      findings.summary
        == "2 machines drawn as SVG and PNG into \(target); observed = described in 5 styles")
    #expect(
      lines == [
        "Each machine's state diagram is drawn from its description and rendered by",
        "Graphviz in this process. Then each style is explored from the outside",
        "(every reachable state, every event) and the transitions it takes are",
        "compared with the ones drawn, guards aside.",
        "",
        "Drawn into \(target):",
        "  turnstile.svg        turnstile.png",
        "  security-system.svg  security-system.png",
        "Open the SVGs in a browser; `fsm diagram --help` draws more.",
        "",
        "  ✓ turnstile         observed = described in nested-switch, enum, state-pattern, state-classes, table",
        "  ✓ security-system   observed = described in nested-switch, enum, state-pattern, state-classes, table",
      ])
    #expect(
      TemporaryFolder.listing(of: target) == [
        "security-system.png", "security-system.svg", "turnstile.png", "turnstile.svg",
      ])
  }

  @Test("a style that does not do what the diagram says fails the section, style by style")
  func observedDiffers() throws {
    let folder = try TemporaryFolder()
    let (findings, lines) = run(
      DiagramsSection(
        machines: [LopsidedTurnstile.self, Turnstile.self], styles: Style.allCases,
        folder: folder.path))
    #expect(!findings.passed)
    #expect(
      findings.summary
        == "2 machines drawn as SVG and PNG into \(folder.path); "
        + "observed ≠ described: lopsided-turnstile in nested-switch, enum")
    let start = try #require(lines.firstIndex { $0.hasPrefix("  ✗") })
    #expect(
      lines[start...] == [
        "  ✗ lopsided-turnstile   observed ≠ described in nested-switch, enum",
        "      nested-switch: described but never taken: locked --coin--> unlocked",
        "      nested-switch: described but never taken: locked --pass--> locked",
        "      nested-switch: described but never taken: unlocked --coin--> unlocked",
        "      nested-switch: described but never taken: unlocked --pass--> locked",
        "      enum: described but never taken: unlocked --coin--> unlocked",
        "  ✓ turnstile            observed = described in nested-switch, enum, state-pattern, state-classes, table",
      ])
  }

  @Test("a machine not written in every style is observed in the styles it is written in")
  func fewerStyles() throws {
    let folder = try TemporaryFolder()
    let (findings, lines) = run(
      DiagramsSection(
        machines: [TwoStyleTurnstile.self], styles: Style.allCases, folder: folder.path))
    #expect(findings.passed, "\(lines)")
    #expect(lines.last == "  ✓ two-style-turnstile   observed = described in enum, table")
  }

  @Test("a folder that cannot be made fails the section and writes nothing")
  func unwritable() throws {
    let unwritable = try UnwritableFolder()
    let before = unwritable.listing
    let target = unwritable.path + "/diagrams"
    let (findings, lines) = run(
      DiagramsSection(machines: [Turnstile.self], styles: [.enum], folder: target))
    #expect(!findings.passed)
    #expect(
      findings.summary.hasPrefix("1 machine NOT drawn: could not create the folder '\(target)': "))
    #expect(findings.summary.hasSuffix("; observed = described in 1 style"))
    #expect(
      lines.contains {
        $0.hasPrefix("✗ The diagrams were NOT drawn: could not create the folder '\(target)': ")
      })
    #expect(unwritable.listing == before)
  }

  @Test("the tour exits with status 1 when its diagrams cannot be drawn")
  func tourFails() throws {
    let unwritable = try UnwritableFolder()
    let result = fsm("tour", "--diagrams", unwritable.path + "/diagrams")
    #expect(result.status == 1)
    #expect(result.lines.contains { $0.hasPrefix("  ✗ \(Machines.all.count) machines NOT drawn") })
    // The failure is on standard error too, for a script that keeps only that.
    #expect(result.errors.hasPrefix("Error: the tour found a problem:\n"))
    #expect(result.errors.contains("\n  ✗ \(Machines.all.count) machines NOT drawn"))
  }
}
