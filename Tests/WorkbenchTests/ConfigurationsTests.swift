import Foundation
import Testing

@testable import Workbench

/// A run of the turnstile's typical stream in both configurations, as an
/// influx export in `folder`: the package's enum at 6 ns, the app's own at
/// `ownEnum`.
private func twoConfigurations(in folder: TemporaryFolder, ownEnum: Double = 1.2) throws -> String {
  let path = folder.file("run.influx.csv")
  try CraftedResults.influx([
    ("turnstile/no-machine/typical", 1.4),
    ("turnstile/nested-switch/typical", 6.6),
    ("turnstile/enum/typical", 6),
    ("own-code/turnstile/nested-switch/typical", 1.5),
    ("own-code/turnstile/enum/typical", ownEnum),
    ("own-code/turnstile/enum/typical-x2", ownEnum * 2),
  ]).write(toFile: path, atomically: false, encoding: .utf8)
  return path
}

@Suite("compare: two configurations, as a package dependency and as the app's own code")
struct ConfigurationsTests {
  @Test(
    "an own-code benchmark names its configuration first; a package name has none",
    arguments: [
      ("own-code/turnstile/enum/typical", CostCell.Configuration.ownCode, "turnstile", 1),
      ("own-code/turnstile/enum/uniform-x2", .ownCode, "turnstile", 2),
      ("turnstile/enum/typical", .package, "turnstile", 1),
    ])
  func names(text: String, configuration: CostCell.Configuration, machine: String, multiple: Int)
    throws
  {
    let name = try #require(BenchmarkName(text))
    #expect(name.configuration == configuration)
    #expect(name.machine == machine)
    #expect(name.multiple == multiple)
    #expect(name.text == text)
  }

  @Test(
    "a prefix that is no configuration, or the package's own, is not a benchmark name",
    arguments: [
      "package/turnstile/enum/typical", "toaster/turnstile/enum/typical",
      "own-code/turnstile//typical", "own-code/a/b/c/d",
    ])
  func foreignPrefixes(text: String) {
    #expect(BenchmarkName(text) == nil)
  }

  @Test("each configuration's cells are multiples of its own enum; the loop alone is one cell")
  func ratios() throws {
    let folder = try TemporaryFolder()
    let results = try ResultsFiles.read([try twoConfigurations(in: folder)]).results
    #expect(results.configurations == [.package, .ownCode])
    let cells = results.cellsByKey
    let own = CostCell.Key(
      machine: "turnstile", stream: "typical", contender: "nested-switch",
      configuration: .ownCode)
    #expect(try #require(cells[own]?.ratioToEnum) == 1.25)
    let package = try #require(
      cells[CostCell.Key(machine: "turnstile", stream: "typical", contender: "nested-switch")]?
        .ratioToEnum)
    #expect(abs(package - 1.1) < 1e-12)
    #expect(results.cells.filter { $0.contender == "no-machine" }.count == 1)
    // The package's cells first, each configuration in the contenders' order.
    #expect(
      results.cells.map(\.key.text) == [
        "turnstile/no-machine/typical", "turnstile/nested-switch/typical",
        "turnstile/enum/typical", "own-code/turnstile/nested-switch/typical",
        "own-code/turnstile/enum/typical",
      ])
    #expect(results.linearity.map(\.benchmark) == ["own-code/turnstile/enum/typical-x2"])
    #expect(results.linearity.first?.machine == "turnstile")
  }

  @Test("the boundary's share: 1 - own code / package, per contender measured both ways")
  func boundary() throws {
    let folder = try TemporaryFolder()
    let results = try ResultsFiles.read([try twoConfigurations(in: folder)]).results
    let shares = Dictionary(uniqueKeysWithValues: results.boundary.map { ($0.contender, $0) })
    #expect(Set(shares.keys) == ["nested-switch", "enum"])
    #expect(abs((shares["enum"]?.timeShare ?? 0) - 0.8) < 1e-12)
    #expect(abs((shares["nested-switch"]?.timeShare ?? 0) - (1 - 1.5 / 6.6)) < 1e-12)
    #expect(shares["enum"]?.instructionShare == nil)  // Not counted.
  }

  @Test("the whole report: each machine's tables, as one machine's report prints them")
  func report() throws {
    let folder = try TemporaryFolder()
    let run = try twoConfigurations(in: folder)
    let text = try Comparison.report(results: [run])
    #expect(text.contains("Two configurations of each implementation: as a package dependency"))
    func table(_ report: String) -> String? {
      report.components(separatedBy: "\n\n").first { $0.hasPrefix("turnstile, typical") }
    }
    #expect(table(text) != nil)
    #expect(table(text) == table(try Comparison.report(machine: "turnstile", results: [run])))
    // The machines the run did not measure, named once.
    #expect(
      text.contains(
        "Not measured in these results (scripts/benchmark measures every machine):\n"
          + "  security-system\n  gumball-machine\n"))
    #expect(!text.contains("security-system, typical"))
  }

  @Test("a machine the results did not measure: named, and nothing said of cells it has none of")
  func unmeasuredMachine() throws {
    let folder = try TemporaryFolder()
    let text = try Comparison.report(
      machine: "security-system", results: [try twoConfigurations(in: folder)])
    #expect(
      text.contains(
        "Not measured in these results (scripts/benchmark measures every machine):\n"
          + "  security-system\n"))
    #expect(text.hasPrefix("Dispatch cost per event: "))
    for legend in ["Each cell:", "One configuration", "Two configurations", "Targets"] {
      #expect(!text.contains(legend), "\(legend)")
    }
  }

  @Test("one machine: contenders down, a column per configuration's figures, the boundary's share")
  func oneMachine() throws {
    let folder = try TemporaryFolder()
    let text = try Comparison.report(
      machine: "turnstile", results: [try twoConfigurations(in: folder)])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = try #require(lines.firstIndex { $0.hasPrefix("turnstile, typical") })
    #expect(
      lines[header].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        == "turnstile, typical package x enum mallocs own code x enum mallocs boundary")
    func row(_ contender: String) -> [String]? {
      ReportTables.row(contender, in: "turnstile, typical", of: text)
    }
    // The loop alone: the package's time in both, a multiple of each enum.
    #expect(lines[header + 2].hasPrefix("no-machine (lower bound)"))
    #expect(row("no-machine (lower bound)") == ["1.40 ns", "0.23x", "0", "1.40 ns", "1.17x", "0"])
    #expect(row("nested-switch") == ["6.60 ns", "1.10x", "0", "1.50 ns", "1.25x", "0", "77%"])
    #expect(row("enum") == ["6.00 ns", "1.00x", "0", "1.20 ns", "1.00x", "0", "80%"])
    // No matrix with a column per contender.
    #expect(!lines.contains { $0.hasPrefix("typical, package") })
    #expect(text.contains("The boundary column: the share of each implementation's time"))
  }

  @Test("the report fits 120 columns: whole, and for every machine of the committed results")
  func reportWidth() throws {
    let committed = try WorkbenchRoot.locate() + "/" + ResultsFiles.committed
    let machines = try ResultsFiles.read([committed]).results.machines
    #expect(machines.count > 1)
    for machine in [nil] + machines {
      for brief in [false, true] {
        let text = try Comparison.report(machine: machine, results: [committed], brief: brief)
        let wide = text.split(separator: "\n").filter { $0.count > 120 }
        #expect(wide.isEmpty, "\(machine ?? "all"): \(wide.joined(separator: "\n"))")
      }
    }
  }

  @Test("own-code enum within 1.5x of the loop alone on the turnstile: a '!' after its time")
  func lowerBoundTarget() throws {
    let folder = try TemporaryFolder()
    let target = "  enum as the app's own code within 1.5x of no-machine on the turnstile"
    let met = try Comparison.report(results: [try twoConfigurations(in: folder)])
    #expect(met.contains(target))
    #expect(
      ReportTables.row("enum", in: "turnstile, typical", of: met)
        == ["6.00 ns", "1.00x", "0", "1.20 ns", "1.00x", "0", "80%"])
    #expect(!met.contains("ns!"))
    // 2.5 ns against 1.4: 1.79 times the loop alone.
    let missed = try Comparison.report(
      results: [try twoConfigurations(in: folder, ownEnum: 2.5)])
    #expect(
      ReportTables.row("enum", in: "turnstile, typical", of: missed)?.dropFirst(3).first
        == "2.50 ns!")
    // Only the app's own enum is held to it, not the package's.
    #expect(missed.components(separatedBy: "ns!").count == 2)
    // Without the app's own code, there is no such target.
    #expect(
      !(try Comparison.report(results: ComparisonFixtures.runs)).contains("as the app's own code"))
  }

  @Test("JSON: each cell's configuration and the boundary's shares; it reads back unchanged")
  func json() throws {
    let folder = try TemporaryFolder()
    let run = try twoConfigurations(in: folder)
    let text = try Comparison.report(results: [run], format: .json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let cells = try #require(object["cells"] as? [[String: Any]])
    #expect(
      cells.compactMap { $0["configuration"] as? String }.filter { $0 == "own-code" }.count == 2)
    let boundary = try #require(object["boundary"] as? [[String: Any]])
    #expect(boundary.compactMap { $0["contender"] as? String } == ["nested-switch", "enum"])
    let path = folder.file("results.json")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try Comparison.report(results: [path], format: .json) == text)
  }

  @Test("CSV: the configuration, and the boundary's share on both rows of a pair")
  func csv() throws {
    let folder = try TemporaryFolder()
    let text = try Comparison.report(results: [try twoConfigurations(in: folder)], format: .csv)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("turnstile,typical,enum,") }
    #expect(rows.count == 2)
    // The boundary's time share, then its instruction share (none counted).
    let shares = ComparisonCSV.header.firstIndex(of: "boundary_time_share") ?? 0
    #expect(
      rows.allSatisfy {
        Array($0.split(separator: ",", omittingEmptySubsequences: false)[shares...].prefix(2))
          == ["0.8", ""]
      })
    #expect(
      rows.contains { $0.contains(",own-code,") } && rows.contains { $0.contains(",package,") })
  }

  @Test("the chart draws the package's cells only, as before there were two")
  func chart() throws {
    let folder = try TemporaryFolder()
    let svg = try Comparison.report(results: [try twoConfigurations(in: folder)], format: .svg)
    #expect(svg.components(separatedBy: "class=\"bar\"").count - 1 == 3)
  }

  @Test("a configuration that is none of the known ones is refused, naming them")
  func unknownConfiguration() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("results.json")
    let text = try Comparison.report(results: [try twoConfigurations(in: folder)], format: .json)
      .replacingOccurrences(of: "\"own-code\"", with: "\"app\"")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect {
      try Comparison.report(results: [path])
    } throws: { error in
      "\(error)".contains(
        "'cells[3].configuration' has a value it cannot have; valid: package, own-code")
    }
  }
}
