import Foundation
import Testing

@testable import Workbench

/// A counts file with the simulators' columns, as scripts/count-instructions
/// writes it: the turnstile's enum as a package on both streams, the same
/// instructions, ten times the mispredictions on the uniform stream.
private let simulatedCounts = """
  # tool: valgrind-3.19.0 --tool=callgrind --branch-sim=yes --cache-sim=yes, 20000 events a stream
  configuration,machine,contender,stream,events,instructions,conditional_branches,\
  conditional_mispredictions,indirect_branches,indirect_mispredictions,d1_misses,ll_misses
  package,turnstile,enum,typical,20000,1600000,60000,1000,20000,0,300,4
  package,turnstile,enum,uniform,20000,1600000,60000,10000,20000,2000,300,4

  """

@Suite("compare: mispredictions per event beside the instructions")
struct MispredictionCountsTests {
  @Test("the simulators' columns go into their cells, per event")
  func read() throws {
    let counts = try InstructionCounts(csv: simulatedCounts, path: "instructions.csv")
    let uniform = CostCell.Key(machine: "turnstile", stream: "uniform", contender: "enum")
    #expect(
      counts.simulated[uniform]
        == InstructionCounts.Simulated(
          branches: 4, mispredictions: 0.6, indirectMispredictions: 0.1, cacheMisses: 0.015))
    var results = CraftedResults.results(
      [
        CraftedResults.cell("turnstile/enum/typical", 6),
        CraftedResults.cell("turnstile/enum/uniform", 9),
      ], cpu: "AMD EPYC")
    results.count(counts)
    #expect(results.cells.map(\.instructionsPerEvent) == [80, 80])
    #expect(results.cells.map(\.mispredictionsPerEvent) == [0.05, 0.6])
    #expect(results.hasMispredictions)
  }

  @Test("fsm compare shows a mispred column; JSON and CSV carry the counts")
  func shown() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("instructions.csv")
    try simulatedCounts.write(toFile: path, atomically: false, encoding: .utf8)
    let run = ComparisonFixtures.runs[0]
    let result = fsm("compare", "--results", run, "--instructions", path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("and branch mispredictions per event ('mispred'"))
    #expect(
      ReportTables.row("enum", in: "turnstile, typical", of: result.output)
        == ["3.00 ns", "1.00x", "0", "80 ins", "0.050"])
    #expect(
      ReportTables.row("nested-switch", in: "turnstile, typical", of: result.output)
        == ["3.60 ns", "1.20x", "0", "-", "-"])
    let json = try Comparison.report(results: [run], instructions: path, format: .json)
    #expect(json.contains("\"mispredictionsPerEvent\" : 0.05"))
    #expect(json.contains("\"branchesPerEvent\" : 4"))
    let csv = try Comparison.report(results: [run], instructions: path, format: .csv)
    #expect(csv.contains(",mispredictions_per_event,"))
    #expect(csv.contains("turnstile,typical,enum,3.0,3.0,3.0,1.0,0.0,package,80.0,,,4.0,0.05,0.0,"))
  }

  @Test(
    "a simulated count that cannot be read names the line and the column",
    arguments: [
      ("20000,1600000,60000,-1,20000,0,300,4", "counts '-1' conditional mispredictions"),
      ("20000,1600000,60000,70000,20000,0,300,4", "has more mispredictions than branches"),
      ("20000,1600000,60000,1000,20000,0,300", "line 3 has 11 fields, not 12"),
    ])
  func malformed(row: String, message: String) {
    let text =
      simulatedCounts.split(separator: "\n").prefix(2).joined(separator: "\n")
      + "\npackage,turnstile,enum,typical,\(row)\n"
    #expect {
      try InstructionCounts(csv: text, path: "instructions.csv")
    } throws: { error in
      "\(error)".contains(message)
    }
  }
}

/// The committed cells of the checks below: the turnstile on an AMD EPYC,
/// instructions and mispredictions counted.
private let committedCells = [
  CraftedResults.cell("turnstile/enum/typical", 6.4, instructions: 80, mispredictions: 0.05),
  CraftedResults.cell("turnstile/enum/uniform", 9.8, instructions: 80, mispredictions: 0.5),
  CraftedResults.cell("turnstile/table/uniform", 30, instructions: 399, mispredictions: 1.01),
]

@Suite("compare --against: the mispredictions, exactly, like the instructions")
struct MispredictionCheckTests {
  /// The committed cells measured on a Xeon, every time doubled, the
  /// uniform enum's mispredictions `mispredictions`.
  private func xeon(mispredictions: Double = 0.5) -> ComparisonResults {
    var cells = committedCells.map { cell in
      CraftedResults.cell(
        cell.key.text, cell.nsPerEvent * 2, instructions: cell.instructionsPerEvent,
        mispredictions: cell.mispredictionsPerEvent)
    }
    cells[1].mispredictionsPerEvent = mispredictions
    return CraftedResults.results(cells, cpu: "Intel Xeon")
  }

  @Test("the same mispredictions on another processor: compared, and it agrees")
  func same() {
    let check = Reproducibility(
      now: xeon(), committed: CraftedResults.committed(committedCells))
    #expect(check.agrees)
    let text = check.render()
    #expect(
      text.contains(
        "Mispredictions per event (valgrind's branch simulator): 3 of 3 cells the same as committed."
      ))
    #expect(text.contains("3 of 3 with the same mispredictions;"))
  }

  @Test("mispredictions that differ: listed, and no agreement")
  func different() {
    let check = Reproducibility(
      now: xeon(mispredictions: 0.4999), committed: CraftedResults.committed(committedCells))
    #expect(!check.agrees)
    let text = check.render()
    #expect(
      text.split(separator: "\n").contains {
        $0.hasPrefix("turnstile/enum/uniform ") && $0.contains("0.5000")
          && $0.contains("0.4999") && $0.hasSuffix("DIFFERENT")
      })
    #expect(text.contains("2 of 3 with the same mispredictions;"))
  }

  @Test("on the same processor too, mispredictions that differ fail the check")
  func sameProcessor() {
    var now = xeon(mispredictions: 0.6)
    now.label.cpu = "AMD EPYC"
    for index in now.cells.indices {
      now.cells[index].nsPerEvent /= 2
      now.cells[index].nsMin /= 2
      now.cells[index].nsMax /= 2
    }
    let check = Reproducibility(now: now, committed: CraftedResults.committed(committedCells))
    #expect(check.rows.allSatisfy { $0.agrees })
    #expect(!check.agrees)
  }
}

@Suite("the cost model: time per event from instructions, mispredictions and mallocs")
struct CostModelTests {
  @Test("cells made by a model give its coefficients back, R² 1, every cell explained")
  func recovers() throws {
    let models = CostModel.fit(CraftedResults.results(CraftedResults.modelled(), cpu: "AMD EPYC"))
    let model = try #require(models.first)
    #expect(models.count == 1)
    #expect(zip(model.coefficients, [0.25, 6, 2, 20, 0.5]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(abs(model.rSquared - 1) < 1e-12)
    #expect(model.unexplained.isEmpty)
  }

  @Test("a cell twice what the model gives is named as unexplained, in the report too")
  func unexplained() throws {
    var cells = CraftedResults.modelled()
    cells[2].nsPerEvent *= 2
    cells[2].nsMin = cells[2].nsPerEvent
    cells[2].nsMax = cells[2].nsPerEvent
    let results = CraftedResults.results(cells, cpu: "AMD EPYC")
    let model = try #require(CostModel.fit(results).first)
    #expect(model.unexplained.map(\.cell.key.text).contains("turnstile/enum/uniform"))
    #expect(model.rSquared < 1)
    let report = ComparisonReport(
      results: results, machines: results.machines, sourcesRoot: ComparisonFixtures.sourcesRoot
    ).render()
    #expect(report.contains("Cost model: ns per event ≈ a · instructions + b · mispredictions"))
    #expect(report.contains("ns/mispred. uniform"))
    let unexplained = try #require(
      report.components(separatedBy: "Unexplained package cells, worst first:\n").last)
    #expect(
      unexplained.split(separator: "\n").dropFirst(2).first?.contains("turnstile/enum/uniform")
        == true)
  }

  @Test("one model per configuration; none without mispredictions or with too few cells")
  func configurations() {
    let both = CraftedResults.results(
      CraftedResults.modelled() + CraftedResults.modelled("own-code/"), cpu: "AMD EPYC")
    #expect(CostModel.fit(both).map(\.configuration) == [.package, .ownCode])
    let unsimulated = CraftedResults.modelled().map { cell -> CostCell in
      var cell = cell
      cell.mispredictionsPerEvent = nil
      return cell
    }
    #expect(CostModel.fit(CraftedResults.results(unsimulated, cpu: nil)).isEmpty)
    #expect(
      CostModel.fit(CraftedResults.results(Array(CraftedResults.modelled().prefix(3)), cpu: nil))
        .isEmpty)
  }

  @Test("the JSON document carries each model's coefficients, fit and predictions")
  func json() throws {
    let text = ResultsJSON.encode(
      CraftedResults.results(CraftedResults.modelled(), cpu: "AMD EPYC"))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let models = try #require(document["costModel"] as? [[String: Any]])
    let model = try #require(models.first)
    #expect(model["configuration"] as? String == "package")
    let coefficients = try #require(model["coefficients"] as? [String: Double])
    #expect(abs((coefficients["nsPerMispredictionUniform"] ?? 0) - 6) < 1e-9)
    #expect(abs((coefficients["nsPerMispredictionTypical"] ?? 0) - 2) < 1e-9)
    let cells = try #require(model["cells"] as? [[String: Any]])
    #expect(cells.count == 12)
    #expect(cells.first?["cell"] as? String == "turnstile/no-machine/typical")
    #expect(abs((cells.first?["predictedNsPerEvent"] as? Double ?? 0) - 4.25) < 1e-9)
    #expect((model["unexplained"] as? [String])?.isEmpty == true)
    // Read back, the model is computed again from the cells, not trusted.
    #expect(try ResultsJSON.decode(text, path: "results.json").cells == CraftedResults.modelled())
  }

  @Test("columns that depend on each other have no least-squares answer")
  func dependent() {
    #expect(LeastSquares.solve([[1, 2], [2, 4], [3, 6]]) == nil)
    let answer = LeastSquares.solve([[1, 0], [0, 2], [1, 1]])
    #expect(answer != nil)
  }
}
