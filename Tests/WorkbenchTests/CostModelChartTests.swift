import Foundation
import Testing

@testable import Workbench

/// Both configurations' cells made by the known model (twelve each), on an
/// AMD EPYC, with `change` applied to the cells first.
private func crafted(_ change: (inout [CostCell]) -> Void = { _ in }) -> ComparisonResults {
  var cells = CraftedResults.modelled() + CraftedResults.modelled("own-code/")
  change(&cells)
  return CraftedResults.results(cells, cpu: "AMD EPYC")
}

/// `cells[index]` measured `factor` times as long, its runs agreeing.
private func slow(_ cells: inout [CostCell], _ index: Int, by factor: Double) {
  cells[index].nsPerEvent *= factor
  cells[index].nsMin = cells[index].nsPerEvent
  cells[index].nsMax = cells[index].nsPerEvent
}

/// How many times `part` occurs in `text`.
private func count(_ part: String, in text: String) -> Int {
  text.components(separatedBy: part).count - 1
}

@Suite("compare --chart model: measured against the cost model's prediction")
struct CostModelChartTests {
  @Test("one panel per configuration, the diagonal and the band in each, a dot per cell")
  func panels() throws {
    let results = crafted()
    let svg = try #require(CostModelChart(results: results)).render()
    #expect(count("<g class=\"model\" data-configuration=", in: svg) == 2)
    #expect(svg.contains("<g class=\"model\" data-configuration=\"package\">"))
    #expect(svg.contains("<g class=\"model\" data-configuration=\"own-code\">"))
    #expect(count("class=\"diagonal\"", in: svg) == 2)
    #expect(count("class=\"noise-band\"", in: svg) == 2)
    #expect(count("<circle class=\"dot\"", in: svg) == results.cells.count)
    for cell in results.cells {
      let name = cell.key.text
      #expect(
        svg.contains("<circle class=\"dot\" data-cell=\"\(name)\""), "no dot for \(name)")
      #expect(svg.contains("<title>\(name): measured "), "no title naming \(name)")
    }
    // Every cell made by the model: nothing ringed, nothing named.
    #expect(!svg.contains("class=\"ring\""))
    #expect(!svg.contains("class=\"cell-name\""))
    #expect(svg.contains("aria-labelledby=\"cost-model-title cost-model-description\""))
    #expect(svg.contains("<desc id=\"cost-model-description\">Scatter plots"))
    #expect(svg.contains("package: R² 1.000, 0 of 12 cells unexplained"))
    // The coefficients, wrapped to the panel's width.
    #expect(svg.contains("0.250 ns/instruction, 6.00 ns/misprediction (uniform)"))
    #expect(svg.contains("20.00 ns/malloc, 0.500 ns/event"))
  }

  @Test("a cell the model does not explain is ringed and named")
  func unexplained() throws {
    let results = crafted { slow(&$0, 2, by: 2) }
    let svg = try #require(CostModelChart(results: results)).render()
    let name = "turnstile/enum/uniform"
    #expect(svg.contains("<circle class=\"ring\" data-cell=\"\(name)\""))
    // Pulled by that cell, the fit may leave another one out too: every
    // cell it does not explain is ringed and named, and no other.
    let models = CostModel.fit(results)
    let unexplained = models.flatMap(\.unexplained).map(\.cell.key.text)
    #expect(unexplained.contains(name))
    #expect(count("class=\"ring\"", in: svg) == unexplained.count)
    let layout = CostModelLayout(results, models: models)
    #expect(Set(layout.cellNames.map(\.text)) == Set(unexplained))
    #expect(svg.contains(">\(name)</text>"))
    #expect(svg.contains("outside the noise band)</title>"))
  }

  @Test("at most eight named per panel, the worst, clear of each other and inside the plot")
  func worstNamed() throws {
    // Every other cell of the package off the model, more and more.
    let results = crafted { cells in
      for index in stride(from: 0, to: 12, by: 2) {
        slow(&cells, index, by: 1.6 + 0.3 * Double(index))
      }
      for index in stride(from: 1, to: 12, by: 2) {
        slow(&cells, index, by: 1 / (1.5 + 0.2 * Double(index)))
      }
    }
    let models = CostModel.fit(results)
    let package = try #require(models.first)
    try #require(package.unexplained.count > CostModelLayout.namedCells)
    let layout = CostModelLayout(results, models: models)
    let panel = try #require(layout.panels.first)
    let names = layout.names(in: panel)
    #expect(names.count == CostModelLayout.namedCells)
    let misses = package.unexplained.map { abs(log10($0.ratio)) }.sorted(by: >)
    #expect(
      CostModelLayout.named(package).map { abs(log10($0.ratio)) }
        == Array(misses.prefix(CostModelLayout.namedCells)))
    for name in names {
      #expect(panel.namesArea.contains(name.box), "\(name.text) leaves its plot")
    }
  }

  @Test(
    "no two labels overlap, and every one is on the page",
    arguments: [false, true])
  func labelsApart(unexplained: Bool) throws {
    let results = crafted { cells in
      guard unexplained else { return }
      for index in [0, 2, 5, 9, 14, 20] { slow(&cells, index, by: 2.5) }
    }
    let layout = CostModelLayout(results, models: CostModel.fit(results))
    #expect(layout.cellNames.isEmpty == !unexplained)
    let labels = layout.labels
    for (index, label) in labels.enumerated() {
      #expect(layout.page.contains(label.box), "'\(label.text)' leaves the page")
      for other in labels[(index + 1)...] where label.box.overlaps(other.box) {
        Issue.record("'\(label.text)' overlaps '\(other.text)'")
      }
    }
    // Text no smaller than the bar chart's.
    #expect(labels.allSatisfy { $0.size >= ChartLayout.textSize })
  }

  @Test("the same results give the same bytes")
  func deterministic() throws {
    let first = try #require(CostModelChart(results: crafted { slow(&$0, 3, by: 3) })).render()
    let second = try #require(CostModelChart(results: crafted { slow(&$0, 3, by: 3) })).render()
    #expect(first == second)
    #expect(first.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(first.hasSuffix("</svg>\n"))
  }

  @Test("fsm compare --format svg --chart model draws it from a results file, the same each time")
  func command() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("results.json")
    try ResultsJSON.encode(crafted { slow(&$0, 2, by: 2) })
      .write(toFile: path, atomically: false, encoding: .utf8)
    let run = fsm("compare", "--results", path, "--format", "svg", "--chart", "model")
    #expect(run.status == 0, "\(run.errors)")
    let read = try ResultsFiles.read([path]).results
    #expect(run.output == (try #require(CostModelChart(results: read)).render()))
    #expect(
      fsm("compare", "--results", path, "--format", "svg", "--chart", "model").output == run.output)
    // --chart costs is the bar chart, as without --chart.
    let bars = fsm("compare", "--results", path, "--format", "svg", "--chart", "costs")
    #expect(bars.output == fsm("compare", "--results", path, "--format", "svg").output)
    #expect(bars.output.contains("class=\"bar\""))
  }

  @Test("--chart model on results without mispredictions says how to simulate them")
  func noMispredictions() {
    let run = fsm(
      "compare", "--results", ComparisonFixtures.sample, "--format", "svg", "--chart", "model")
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains("the results have no simulated branch mispredictions"))
    #expect(run.errors.contains("scripts/count-instructions --output "))
    #expect(run.errors.contains("fsm compare --instructions "))
    #expect(run.errors.contains(Comparison.benchmarkCommand))
  }

  @Test(
    "--chart with another format than svg is a usage error naming the fix",
    arguments: [
      (["--format", "text"], "--chart chooses the SVG chart; use --format svg, not --format text"),
      (["--format", "json"], "use --format svg, not --format json, or leave out --chart"),
      ([], "--chart chooses the SVG chart; add --format svg, or leave out --chart"),
      (["--output", "model.csv"], "end the --output file name in .svg, or leave out --chart"),
      (["--against", "docs/benchmarks/results.json"], "--against prints a check: choose one"),
    ])
  func usage(arguments: [String], message: String) {
    let run = fsm(
      ["compare", "--results", ComparisonFixtures.sample, "--chart", "model"] + arguments)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(run.errors.contains(message), "\(run.errors)")
  }

  @Test("--chart names the charts it knows")
  func unknownChart() {
    let run = fsm("compare", "--format", "svg", "--chart", "pie")
    #expect(run.status == 64)
    #expect(run.errors.contains("Please provide one of 'costs' and 'model'"), "\(run.errors)")
  }
}
