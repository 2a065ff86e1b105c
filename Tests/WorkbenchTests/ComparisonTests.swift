import Foundation
import Testing

@testable import Workbench

/// The folder of this file's fixtures, found from the file's own path so that
/// the tests need no bundled resources.
private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/Comparison").path

/// The committed sample results: a hand-made influx export in the shape
/// package-benchmark writes.
private let samplePath = fixtures + "/sample.influx.csv"

/// The sample's fixture sources.
private let sourcesRoot = fixtures + "/Sources"

/// Reads the sample results.
private func sample() throws -> BenchmarkResults {
  try BenchmarkResults(
    influxCSV: String(contentsOfFile: samplePath, encoding: .utf8), path: samplePath)
}

@Suite("Reading benchmark results")
struct ResultsParsingTests {
  @Test("every benchmark of the sample is read, in order")
  func names() throws {
    let results = try sample()
    #expect(results.names.count == 7)
    #expect(results.names.first == "turnstile/floor/uniform")
    #expect(results.names.last == "security-system/enum/typical")
  }

  @Test("percentiles are read per benchmark and metric")
  func percentiles() throws {
    let results = try sample()
    #expect(results.value("turnstile/enum/uniform", .wallClock) == 3000)
    #expect(results.value("turnstile/enum/uniform", .wallClock, percentile: 100) == 30000)
    #expect(results.value("turnstile/enum/uniform", .events) == 1000)
    #expect(results.value("turnstile/state-pattern/uniform", .mallocs, percentile: 100) == 2)
    #expect(results.value("turnstile/enum/uniform", .events, percentile: 42) == nil)
  }

  @Test("the host of the run is read from the first row")
  func host() throws {
    let host = try #require(try sample().host)
    #expect(host.name == "classroom")
    #expect(host.processors == "2")
    #expect(host.time == "2025-01-15T10:00:00Z")
  }

  @Test("a quoted field may hold commas")
  func quotedField() throws {
    let csv = """
      metric,test,percentile,value
      Events,"odd, name",50.0,1000
      """
    let results = try BenchmarkResults(influxCSV: csv, path: "inline")
    #expect(results.value("odd, name", .events) == 1000)
  }

  @Test("a header without the needed columns is an error that names the column")
  func missingColumn() {
    #expect {
      try BenchmarkResults(influxCSV: "metric,test\nEvents,x\n", path: "bad.csv")
    } throws: { error in
      "\(error)".contains("no column 'percentile'") && "\(error)".contains("bad.csv")
    }
  }

  @Test(
    "benchmark names",
    arguments: [
      ("turnstile/enum/uniform", "turnstile", "enum", "uniform", 1),
      ("turnstile/floor/uniform-x2", "turnstile", "floor", "uniform", 2),
      ("tcp-connection/state-pattern/typical", "tcp-connection", "state-pattern", "typical", 1),
    ])
  func benchmarkNames(
    text: String, machine: String, contender: String, stream: String, multiple: Int
  ) throws {
    let name = try #require(BenchmarkName(text))
    #expect(name.machine == machine)
    #expect(name.contender == contender)
    #expect(name.stream == stream)
    #expect(name.multiple == multiple)
    #expect(name.text == text)
  }

  @Test("names the harness did not write are not benchmark names")
  func foreignNames() {
    #expect(BenchmarkName("Foundation Date()") == nil)
    #expect(BenchmarkName("a/b") == nil)
    #expect(BenchmarkName("a//c") == nil)
  }
}

@Suite("The cost matrix")
struct CostMatrixTests {
  @Test("time per event is the median time of an iteration over its events")
  func timePerEvent() throws {
    let matrix = CostMatrix(results: try sample())
    let cost = try #require(matrix.cost("turnstile", "uniform", "enum"))
    #expect(cost.nanosecondsPerEvent == 3)
    #expect(cost.mallocsPerEvent == 0)
  }

  @Test(
    "each style is a multiple of its machine's floor on the same stream",
    arguments: [("nested-switch", 1.25), ("enum", 1.5), ("state-pattern", 4.0)])
  func ratioToFloor(style: String, ratio: Double) throws {
    let matrix = CostMatrix(results: try sample())
    #expect(matrix.cost("turnstile", "uniform", style)?.ratioToFloor == ratio)
  }

  @Test("the floor has no ratio of its own, and a missing floor gives none")
  func noRatio() throws {
    let matrix = CostMatrix(results: try sample())
    #expect(matrix.cost("turnstile", "uniform", "floor")?.ratioToFloor == nil)
    #expect(matrix.cost("security-system", "typical", "enum")?.ratioToFloor == 2)
    #expect(matrix.cost("security-system", "uniform", "enum") == nil)
  }

  @Test("a wide spread of the iterations' times marks the median as noisy")
  func noise() throws {
    let csv = """
      metric,test,percentile,value
      Events,m/enum/s,50.0,1000
      Time(wallclock),m/enum/s,25.0,1000
      Time(wallclock),m/enum/s,50.0,1100
      Time(wallclock),m/enum/s,75.0,1500
      Events,m/floor/s,50.0,1000
      Time(wallclock),m/floor/s,25.0,990
      Time(wallclock),m/floor/s,50.0,1000
      Time(wallclock),m/floor/s,75.0,1010
      """
    let matrix = CostMatrix(results: try BenchmarkResults(influxCSV: csv, path: "inline"))
    let style = try #require(matrix.cost("m", "s", "enum"))
    #expect(abs(style.spread - 500.0 / 1100.0) < 1e-9)
    #expect(style.isNoisy)
    #expect(matrix.cost("m", "s", "floor")?.isNoisy == false)
  }

  @Test("mallocs per event: the median iteration, and the worst")
  func mallocs() throws {
    let matrix = CostMatrix(results: try sample())
    #expect(matrix.cost("security-system", "typical", "enum")?.mallocsPerEvent == 0.01)
    let statePattern = try #require(matrix.cost("turnstile", "uniform", "state-pattern"))
    #expect(statePattern.mallocsPerEvent == 0)
    #expect(statePattern.worstMallocsPerEvent == 0.002)
  }

  @Test("rows, columns and streams come in the workbench's order")
  func order() throws {
    let matrix = CostMatrix(results: try sample())
    #expect(matrix.machines == ["security-system", "turnstile"])
    #expect(matrix.contenders == ["floor", "nested-switch", "enum", "state-pattern"])
    #expect(matrix.streams == ["uniform", "typical"])
  }

  @Test("twice the events in about twice the time passes the linearity check")
  func linearity() throws {
    let check = try #require(CostMatrix(results: try sample()).linearity.first)
    #expect(check.name.text == "turnstile/enum/uniform-x2")
    #expect(check.events == 2000 && check.baseEvents == 1000)
    #expect(abs(check.timeRatio - 6200.0 / 3000.0) < 1e-9)
    #expect(check.passes)
    var flat = check
    flat.timeRatio = 1.2
    #expect(!flat.passes)
  }

  @Test("targets: 1.5x for nested-switch and enum, 3x for state-pattern, none for the floor")
  func targets() {
    #expect(CostMatrix.ratioTarget(for: "nested-switch") == 1.5)
    #expect(CostMatrix.ratioTarget(for: "enum") == 1.5)
    #expect(CostMatrix.ratioTarget(for: "state-pattern") == 3)
    #expect(CostMatrix.ratioTarget(for: "floor") == nil)
  }
}

@Suite("Code size: the static cost of a file")
struct CodeSizeTests {
  @Test("comments, blank lines and strings do not count")
  func tinySource() {
    let source = """
      // A comment line.
      /* A block comment with a struct in it,
         /* nested */ still a comment */
      enum Light {

        case on, off  // a trailing comment
        static let text = "a switch in a string"
        static let more = \"""
          enum in a multi-line string
          \"""
        func toggled() -> Light {
          switch self { case .on: .off; case .off: .on }
        }
      }
      """
    let size = CodeSize(source: source)
    #expect(size.lines == 10)
    #expect(size.types == 1)
    #expect(size.switches == 1)
  }

  @Test("keywords used as names are not declarations")
  func keywordsAsNames() {
    let source = """
      struct Styles {
        let style = Style.enum
        let `enum` = 1
        class func make() {}
        func pick() { _ = #"raw "switch" string"# }
      }
      """
    let size = CodeSize(source: source)
    #expect(size.types == 1)
    #expect(size.switches == 0)
    #expect(size.lines == 6)
  }

  @Test("the file of a machine in a style is found by its id, and measured")
  func fixtureFile() throws {
    let path = try #require(
      SourceFiles.path(machine: "tiny-machine", style: "enum", root: sourcesRoot))
    #expect(path.hasSuffix("TinyMachine/TinyMachine+Enum.swift"))
    let size = try #require(
      SourceFiles.codeSize(machine: "tiny-machine", style: "enum", root: sourcesRoot))
    #expect(size == CodeSize(lines: 10, types: 2, switches: 1))
    #expect(
      SourceFiles.codeSize(machine: "tiny-machine", style: "nested-switch", root: sourcesRoot)
        == CodeSize(lines: 0, types: 0, switches: 0))
    #expect(
      SourceFiles.path(machine: "tiny-machine", style: "state-pattern", root: sourcesRoot) == nil)
  }
}

@Suite("The comparison report")
struct ComparisonReportTests {
  @Test("without results, the report says so and gives the command to produce them")
  func noResults() {
    let missing = fixtures + "/no-such-results.csv"
    #expect(throws: ComparisonError.noResults(path: missing)) {
      try Comparison.report(resultsPath: missing, sourcesRoot: sourcesRoot)
    }
    let message = ComparisonError.noResults(path: missing).description
    #expect(message.hasPrefix("No benchmark results yet"))
    #expect(message.contains(missing))
    #expect(message.contains(Comparison.benchmarkCommand))
    #expect(Comparison.benchmarkCommand.contains("--format influx --path Results"))
  }

  @Test("the report shows each stream's matrix, the checks and the static cost")
  func fullReport() throws {
    let report = try Comparison.report(resultsPath: samplePath, sourcesRoot: sourcesRoot)
    #expect(report.contains("uniform stream"))
    #expect(report.contains("typical stream"))
    #expect(report.contains("3.00 ns   1.50x   0"))
    #expect(report.contains("8.00 ns   4.00x!  0 (worst 0.002)"))
    #expect(report.contains("5.00 ns   2.00x!  0.010!"))
    #expect(report.contains("turnstile/enum/uniform-x2: 2000 events take 2.07x"))
    #expect(report.contains("classroom"))
  }

  @Test("one machine's report has only its rows")
  func oneMachine() throws {
    let report = try Comparison.report(
      machine: "security-system", resultsPath: samplePath, sourcesRoot: sourcesRoot)
    #expect(report.contains("security-system"))
    #expect(!report.contains("turnstile"))
  }

  @Test("an unknown machine is an error that names the valid ones")
  func unknownMachine() {
    #expect {
      try Comparison.report(machine: "toaster", resultsPath: samplePath, sourcesRoot: sourcesRoot)
    } throws: { error in
      "\(error)".contains("unknown machine 'toaster'") && "\(error)".contains("turnstile")
    }
  }

  @Test("a file that is not an influx export is reported as unreadable")
  func malformed() {
    #expect {
      try Comparison.report(
        resultsPath: fixtures + "/Sources/TinyMachine/TinyMachine+Enum.swift",
        sourcesRoot: sourcesRoot)
    } throws: { error in
      "\(error)".contains("cannot be read")
    }
  }
}
