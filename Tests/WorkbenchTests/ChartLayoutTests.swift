import Foundation
import StateMachines
import Testing

@testable import Workbench

/// Results made up for the layout: every machine, stream and contender
/// named, with times spread from `lowest` to `highest` ns per event.
private func madeUp(
  machines: [String], streams: [String] = ["uniform", "typical"],
  contenders: [String] = Contenders.knownOrder, lowest: Double = 1.4, highest: Double = 260,
  cpu: String? = "Example CPU 3000"
) -> ComparisonResults {
  var results = ComparisonResults(
    label: ResultsLabel(kind: .local, path: "made-up", date: "2026-01-10", host: "lab", cpu: cpu))
  let count = machines.count * streams.count * contenders.count
  for (index, (machine, (stream, contender))) in product(machines, product(streams, contenders))
    .enumerated()
  {
    // Evenly spread on the log scale, so that both ends are drawn.
    let fraction = count > 1 ? Double(index) / Double(count - 1) : 0
    let ns = lowest * pow(highest / lowest, fraction)
    results.cells.append(
      CostCell(
        machine: machine, stream: stream, contender: contender, nsPerEvent: ns, nsMin: ns,
        nsMax: ns, ratioToEnum: 1, mallocsPerEvent: 0))
  }
  return results
}

/// Every pair of `a` and `b`, `a` outermost.
private func product<A, B>(_ a: [A], _ b: [B]) -> [(A, B)] {
  a.flatMap { first in b.map { (first, $0) } }
}

/// The results the layout is checked on, by name: the committed ones, the
/// fixtures, and made-up ones that push each part of the layout.
private func results(_ name: String) throws -> ComparisonResults {
  switch name {
  // The chart draws the package-dependency cells, as `fsm compare` hands it them.
  case "committed":
    return try ResultsFiles.read([TourCommand.committedResults]).results.only(.package)
  case "three runs of one stream": return try ComparisonFixtures.combined()
  case "long names":
    return madeUp(
      machines: ["a-machine-with-a-name-far-too-long-for-any-axis-at-all", "turnstile", "автомат"],
      cpu: String(repeating: "Very Long Processor Name ", count: 8))
  case "a wide scale": return madeUp(machines: ["turnstile"], lowest: 0.000_5, highest: 5e6)
  case "three streams":
    return madeUp(machines: ["turnstile"], streams: ["uniform", "typical", "bursty"])
  case "unknown contenders":
    return madeUp(
      machines: ["turnstile"], contenders: Contenders.knownOrder + ["x", "yy", "z-z-z"])
  case "no cells": return madeUp(machines: [])
  default: throw CocoaError(.featureUnsupported)
  }
}

@Suite("The chart's layout")
struct ChartLayoutTests {
  /// The result sets every layout check runs on.
  static let cases = [
    "committed", "three runs of one stream", "long names", "a wide scale", "three streams",
    "unknown contenders", "no cells",
  ]

  @Test("no two labels overlap, and none reaches past the page", arguments: cases)
  func labelsApart(_ name: String) throws {
    let layout = ChartLayout(try results(name))
    let labels = layout.labels
    for (index, label) in labels.enumerated() {
      #expect(layout.page.contains(label.box), "\(name): '\(label.text)' leaves the page")
      for other in labels[(index + 1)...] where label.box.overlaps(other.box) {
        Issue.record("\(name): '\(label.text)' overlaps '\(other.text)'")
      }
    }
  }

  @Test("no label is drawn over a panel; the bars stay in theirs", arguments: cases)
  func panelsClear(_ name: String) throws {
    let layout = ChartLayout(try results(name))
    for panel in layout.panels {
      #expect(layout.page.contains(panel.frame), "\(name): \(panel.stream) leaves the page")
      // The bars' own labels are drawn on the panel, beside or in their bar.
      for label in layout.labels where label.role != "bar-label" && label.box.overlaps(panel.frame)
      {
        Issue.record("\(name): '\(label.text)' is over the \(panel.stream) panel")
      }
      for other in layout.panels where other != panel {
        #expect(!panel.frame.overlaps(other.frame))
      }
      let last = layout.band(
        machine: layout.machines.count - 1, contender: layout.contenders.count - 1, in: panel)
      #expect(layout.machines.isEmpty || panel.frame.contains(last))
    }
  }

  @Test("both streams are drawn, a panel each, every bar of each")
  func bothStreams() throws {
    let results = try results("committed")
    let layout = ChartLayout(results)
    #expect(layout.panels.map(\.stream) == ["uniform", "typical"])
    #expect(
      layout.panelTitles.map(\.text) == [
        "uniform stream: events drawn at random",
        "typical stream: the paths a machine usually takes",
      ])
    let svg = SVGChart(results: results).render()
    for stream in ["uniform", "typical"] {
      #expect(svg.contains("<g class=\"stream\" data-stream=\"\(stream)\">"))
      let cells = results.cells.filter { $0.stream == stream }.count
      // The loop alone, then every measured implementation each machine is
      // written in (the matrix only where it applies).
      let measured = Machines.workbench.map { machine in
        1 + machine.allImplementations.filter(Implementation.all.contains).count
      }
      #expect(cells == measured.reduce(0, +))
      #expect(
        svg.components(separatedBy: "data-stream=\"\(stream)\" data-contender=").count - 1 == cells)
    }
  }

  @Test("every machine is named left of its bars, every contender in the legend")
  func everythingNamed() throws {
    let results = try results("committed")
    let layout = ChartLayout(results)
    #expect(layout.machineLabels.map(\.text) == Machines.workbench.map { $0.id })
    #expect(layout.legend.map(\.label.text) == results.contenders.map { Contenders.title(of: $0) })
    // Every committed contender is known; a variant measured since the
    // committed run was made (table-matrix) may not be in it yet.
    #expect(Set(results.contenders).isSubset(of: Contenders.knownOrder))
    // Each name sits level with its own group of bars.
    let panel = try #require(layout.panels.first)
    for (index, label) in layout.machineLabels.enumerated() {
      let top = layout.groupTop(index, in: panel)
      let bottom = layout.band(machine: index, contender: layout.contenders.count - 1, in: panel)
        .bottom
      #expect(label.box.top >= top - ChartLayout.groupGap / 2 && label.box.bottom <= bottom + 1)
      #expect(label.box.right <= panel.frame.left)
    }
  }

  @Test("a contender some machines are not written in (table-matrix) has no bar there, a '-' row")
  func missingCells() throws {
    var results = madeUp(machines: ["turnstile", "security-system"])
    results.cells.removeAll { $0.machine == "security-system" && $0.contender == "table-matrix" }
    let svg = SVGChart(results: results).render()
    func bar(_ machine: String) -> String {
      "data-machine=\"\(machine)\" data-stream=\"typical\" data-contender=\"table-matrix\""
    }
    #expect(svg.contains(bar("turnstile")))
    #expect(!svg.contains(bar("security-system")))
    #expect(ChartLayout(results).legend.map(\.label.text).contains("table-matrix"))
    let table = CostTables(results).table("security-system", stream: "typical")
    let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("table-matrix ") })
    #expect(row.split(separator: " ").dropFirst().allSatisfy { $0 == "-" }, "\(row)")
  }

  @Test("a name too long for the axis is cut short; the bars keep it whole")
  func longName() throws {
    let results = try results("long names")
    let layout = ChartLayout(results)
    let long = "a-machine-with-a-name-far-too-long-for-any-axis-at-all"
    let index = try #require(layout.machines.firstIndex(of: long))
    let name = layout.machineLabels[index].text
    #expect(name.hasSuffix("\u{2026}") && long.hasPrefix(name.dropLast()))
    #expect(layout.machineLabels.map(\.text).contains("автомат"))
    #expect(SVGChart(results: results).render().contains("data-machine=\"\(long)\""))
  }

  @Test("on a wide scale, ticks too close to the next are left out, and the lowest stays")
  func thinnedTicks() throws {
    let layout = ChartLayout(try results("a wide scale"))
    #expect(layout.scale.powers == -4...7)
    let panel = try #require(layout.panels.first)
    let ticks = layout.ticks.filter { $0.x <= panel.frame.right }
    #expect(ticks.count > 2 && ticks.count < layout.scale.powers.count / 2)
    #expect(ticks.first?.text == "0.0001 ns")
  }

  @Test("all the text is 14 units or more; a bar 16 units thick, its label beside it")
  func readable() throws {
    let results = try results("committed")
    let layout = ChartLayout(results)
    #expect(layout.labels.allSatisfy { $0.size >= ChartLayout.textSize })
    // 16 pixels or more wherever the chart is drawn at its own width or wider.
    #expect(ChartLayout.barThickness >= 16)
    let panel = try #require(layout.panels.first)
    #expect(layout.band(machine: 0, contender: 0, in: panel).height == ChartLayout.barThickness)
  }

  @Test(
    "every bar is labelled with its contender and time, level with it, in its panel or the gutter after it",
    arguments: cases)
  func barLabels(_ name: String) throws {
    let results = try results(name)
    let layout = ChartLayout(results)
    let cells = results.cellsByKey
    var labels = layout.barLabels.makeIterator()
    for panel in layout.panels {
      for (row, machine) in layout.machines.enumerated() {
        for (position, contender) in layout.contenders.enumerated() {
          let key = CostCell.Key(machine: machine, stream: panel.stream, contender: contender)
          guard let cell = cells[key] else { continue }
          let next = labels.next()
          let label = try #require(next, "\(name): no label for \(key)")
          let whole = "\(contender) \(cell.nsPerEvent.formatted(digits: 2)) ns"
          #expect(
            label.text == whole
              || (label.text.hasSuffix("\u{2026}") && whole.hasPrefix(label.text.dropLast())),
            "\(name): \(label.text)")
          let band = layout.band(machine: row, contender: position, in: panel)
          #expect(abs(label.box.top + label.box.height / 2 - (band.top + band.height / 2)) < 2)
          // In its panel, or in the empty gutter after it, short of the
          // next panel of its row or of the page's edge.
          let following = layout.panels.filter {
            $0.frame.top == panel.frame.top && $0.frame.left > panel.frame.left
          }.map(\.frame.left).min()
          let limit = (following ?? ChartLayout.width) - ChartLayout.barLabelGap
          #expect(
            label.box.left >= panel.frame.left && label.box.right <= limit + 1e-9
              && label.box.top >= panel.frame.top
              && label.box.top + label.box.height <= panel.frame.top + panel.frame.height,
            "\(name): '\(label.text)' leaves its panel and its gutter")
          // The committed results' labels all fit whole.
          if name == "committed" { #expect(label.text == whole, "\(label.text) is cut short") }
          // Beside the bar's end, or inside the bar at its end.
          let end = layout.x(of: cell.nsPerEvent, in: panel)
          #expect(
            abs(label.box.left - end - ChartLayout.barLabelGap) < 1e-9
              || abs(label.box.right - end + ChartLayout.barLabelGap) < 1e-9)
        }
      }
    }
    #expect(labels.next() == nil)
  }

  @Test("the README's chart is the one the committed results give")
  func committedChart() throws {
    let committed = try String(contentsOfFile: "docs/benchmarks/dispatch-cost.svg", encoding: .utf8)
    #expect(
      committed == SVGChart(results: try results("committed")).render(),
      "docs/benchmarks/dispatch-cost.svg is out of date: run scripts/update-readme-results")
  }
}

@Suite("Text widths")
struct TextWidthTests {
  @Test("Helvetica's widths, a whole em outside ASCII, bold wider")
  func widths() {
    #expect(abs(TextWidth.of("enum", size: 1) - 2.501) < 1e-9)
    #expect(abs(TextWidth.of("1000 ns", size: 10) - 35.58) < 1e-9)
    #expect(TextWidth.of("я", size: 10) == 10)
    #expect(TextWidth.of("enum", size: 14, bold: true) > TextWidth.of("enum", size: 14))
  }

  @Test("lines no wider than asked, every word kept in order; a long word broken")
  func wrapping() {
    let text = "Dispatch cost per event, uniform and typical streams: committed results"
    let lines = TextWidth.lines(text, width: 200, size: 14)
    #expect(lines.count > 1)
    #expect(lines.allSatisfy { TextWidth.of($0, size: 14) <= 200 })
    #expect(lines.joined(separator: " ") == text)
    let long = String(repeating: "w", count: 100)
    #expect(
      TextWidth.lines(long, width: 100, size: 14).allSatisfy { TextWidth.of($0, size: 14) <= 100 })
    #expect(TextWidth.lines(long, width: 100, size: 14).joined() == long)
  }

  @Test("cut short to fit, with an ellipsis; left whole when it fits")
  func truncation() {
    let cut = TextWidth.truncated("gumball-machine", width: 60, size: 14)
    #expect(cut.hasSuffix("\u{2026}") && TextWidth.of(cut, size: 14) <= 60)
    #expect(TextWidth.truncated("enum", width: 60, size: 14) == "enum")
  }
}
