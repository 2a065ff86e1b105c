import Foundation
import Testing

@testable import Workbench

/// Reads the sample run.
private func sample() throws -> BenchmarkResults {
  try BenchmarkResults(
    influxCSV: ComparisonFixtures.text(ComparisonFixtures.sample), path: ComparisonFixtures.sample)
}

/// The sample's header and one benchmark's median time, for small inline files.
private let miniRun = """
  test,metric,percentile,value
  m/enum/s,Events,50,1000
  m/enum/s,Time (wallclock),50,3000

  """

@Suite("Reading benchmark results")
struct ResultsParsingTests {
  @Test("every benchmark of the sample is read, in order")
  func names() throws {
    let results = try sample()
    #expect(results.names.count == 7)
    #expect(results.names.first == "turnstile/no-machine/uniform")
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

  @Test("the run script's metadata lines are read; package-benchmark's #datatype is not one")
  func metadata() throws {
    let metadata = try sample().metadata
    #expect(metadata.suiteSeconds == 61.5)
    #expect(metadata.cpu == "Example CPU 3000")
    #expect(metadata.swift == "Swift version 6.3.1 (swift-6.3.1-RELEASE)")
    #expect(metadata.os == "Debian GNU/Linux 12 (bookworm)")
    #expect(metadata.command == "scripts/benchmark")
    let bare = try BenchmarkResults(influxCSV: "#datatype tag,double\n" + miniRun, path: "inline")
    #expect(bare.metadata == RunMetadata())
    #expect(bare.value("m/enum/s", .wallClock) == 3000)
    // Without its space, still metadata rather than an annotation to skip.
    let tight = try BenchmarkResults(influxCSV: miniRun + "#cpu: Tight CPU\n", path: "inline")
    #expect(tight.metadata.cpu == "Tight CPU")
    let built = try BenchmarkResults(influxCSV: miniRun + "# build-seconds: 300\n", path: "inline")
    #expect(built.metadata.buildSeconds == 300)
  }

  @Test(
    "a malformed metadata line is an error naming the line and what is valid",
    arguments: [
      ("# just a comment", "line 4 is a comment, not a metadata line '# key: value'"),
      ("# colour: red", "line 4 has the key 'colour'; valid keys: build-seconds, suite-seconds"),
      ("# cpu:", "line 4 gives no value for 'cpu'"),
      ("# suite-seconds: soon", "line 4 gives suite-seconds 'soon', not a number of seconds"),
      ("# suite-seconds: -1", "line 4 gives suite-seconds '-1', not a number of seconds"),
      ("# build-seconds: x", "line 4 gives build-seconds 'x', not a number of seconds"),
      ("# os: a\n# os: b", "line 5 gives 'os' a second time"),
    ])
  func malformedMetadata(line: String, message: String) {
    #expect {
      try BenchmarkResults(influxCSV: miniRun + line + "\n", path: "bad.csv")
    } throws: { error in
      "\(error)".contains(message) && "\(error)".contains("bad.csv")
    }
  }

  @Test("a quoted field may hold commas and quotes")
  func quotedField() throws {
    let csv = "metric,test,percentile,value\nEvents,\"odd, \"\"name\"\"\",50.0,1000\n"
    let results = try BenchmarkResults(influxCSV: csv, path: "inline")
    #expect(results.value("odd, \"name\"", .events) == 1000)
  }

  @Test("Windows line ends and spaces around fields are read as the fields")
  func lineEnds() throws {
    let csv = miniRun.replacingOccurrences(of: "\n", with: "\r\n")
      .replacingOccurrences(of: ",", with: " , ")
    let results = try BenchmarkResults(influxCSV: csv, path: "inline")
    #expect(results.value("m/enum/s", .wallClock) == 3000)
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
      ("turnstile/enum/uniform", "turnstile", "enum", "uniform", 1, nil),
      ("turnstile/no-machine/uniform-x2", "turnstile", "no-machine", "uniform", 2, nil),
      (
        "tcp-connection/state-pattern/typical", "tcp-connection", "state-pattern", "typical", 1, nil
      ),
      ("turnstile/enum/typical-1e7", "turnstile", "enum", "typical", 1, 7),
      ("turnstile/enum/typical-1e3", "turnstile", "enum", "typical", 1, 3),
      // Not sizes the harness writes: they stay part of the stream's name.
      ("turnstile/enum/typical-1e0", "turnstile", "enum", "typical-1e0", 1, nil),
      ("turnstile/enum/typical-1e03", "turnstile", "enum", "typical-1e03", 1, nil),
      ("turnstile/enum/typical-1e+3", "turnstile", "enum", "typical-1e+3", 1, nil),
    ] as [(String, String, String, String, Int, Int?)])
  func benchmarkNames(
    text: String, machine: String, contender: String, stream: String, multiple: Int, scale: Int?
  ) throws {
    let name = try #require(BenchmarkName(text))
    #expect(name.machine == machine)
    #expect(name.contender == contender)
    #expect(name.stream == stream)
    #expect(name.multiple == multiple)
    #expect(name.scale == scale)
    #expect(name.text == text)
  }

  @Test("names the harness did not write are not benchmark names")
  func foreignNames() {
    #expect(BenchmarkName("Foundation Date()") == nil)
    #expect(BenchmarkName("a/b") == nil)
    #expect(BenchmarkName("a//c") == nil)
  }
}

@Suite("Combining runs")
struct CombiningRunsTests {
  @Test("one run: its median per event, no spread")
  func oneRun() throws {
    let results = try ComparisonResults(runs: [try sample()], kind: .local)
    let key = CostCell.Key(machine: "turnstile", stream: "uniform", contender: "enum")
    let cell = try #require(results.cellsByKey[key])
    #expect(cell.nsPerEvent == 3)
    #expect(cell.nsMin == 3 && cell.nsMax == 3)
    #expect(cell.mallocsPerEvent == 0)
    #expect(!cell.isNoisy)
    #expect(results.label.runs.count == 1)
  }

  @Test("several runs: the median of the runs' medians, with the fastest and the slowest run")
  func medianOfMedians() throws {
    // Per event, the three runs measured 3.0, 3.3 and 2.9 ns.
    let cell = try #require(ComparisonFixtures.cell("enum", in: try ComparisonFixtures.combined()))
    #expect(cell.nsPerEvent == 3.0)
    #expect(cell.nsMin == 2.9)
    #expect(cell.nsMax == 3.3)
  }

  @Test("an even number of runs: the mean of the middle two")
  func evenRuns() throws {
    let results = try ResultsFiles.read(Array(ComparisonFixtures.runs.prefix(2))).results
    let cell = try #require(ComparisonFixtures.cell("enum", in: results))
    #expect(abs(cell.nsPerEvent - 3.15) < 1e-12)
  }

  @Test("mallocs per event: the most of any run")
  func worstMallocs() throws {
    let results = try ComparisonFixtures.combined()
    #expect(ComparisonFixtures.cell("state-classes", in: results)?.mallocsPerEvent == 0.52)
    #expect(ComparisonFixtures.cell("state-classes-shared", in: results)?.mallocsPerEvent == 0.001)
    #expect(ComparisonFixtures.cell("enum", in: results)?.mallocsPerEvent == 0)
  }

  @Test(
    "each cell is a multiple of enum on the same machine and stream",
    arguments: [
      ("enum", 1.0), ("nested-switch", 1.2), ("no-machine", 1 / 3.0), ("table", 4.2),
      ("state-pattern-types", 8 / 3.0),
    ])
  func ratioToEnum(contender: String, ratio: Double) throws {
    let cell = ComparisonFixtures.cell(contender, in: try ComparisonFixtures.combined())
    let measured = try #require(cell?.ratioToEnum)
    #expect(abs(measured - ratio) < 1e-12)
  }

  @Test("without enum on a machine and stream, its cells have no ratio")
  func noEnum() throws {
    let results = try ComparisonResults(runs: [try sample()], kind: .local)
    let key = CostCell.Key(machine: "security-system", stream: "typical", contender: "no-machine")
    #expect(results.cellsByKey[key]?.ratioToEnum == 0.5)
    let alone = try BenchmarkResults(
      influxCSV: miniRun.replacingOccurrences(of: "m/enum/s", with: "m/table/s"), path: "inline")
    let cell = try ComparisonResults(runs: [alone], kind: .local).cells.first
    #expect(cell?.contender == "table")
    #expect(cell?.ratioToEnum == nil)
  }

  @Test("a cell whose runs spread beyond the noise band is noisy")
  func noise() throws {
    let results = try ComparisonFixtures.combined()
    // The table's runs: 12.0, 12.6 and 20.0 ns; 20 / 12.6 is past 1.15.
    #expect(ComparisonFixtures.cell("table", in: results)?.isNoisy == true)
    #expect(ComparisonFixtures.cell("enum", in: results)?.isNoisy == false)
    #expect(NoiseBand.isSpread(median: 10, min: 8.4, max: 10))
    #expect(!NoiseBand.isSpread(median: 10, min: 8.6, max: 11.4))
  }

  @Test("the label: the files, the first run's date and host, each run's metadata")
  func label() throws {
    let label = try ComparisonFixtures.combined().label
    #expect(label.kind == .local)
    #expect(label.path == ComparisonFixtures.runs.joined(separator: ", "))
    #expect(label.date == "2026-01-10T10:00:00Z")
    #expect(label.host == "lab")
    #expect(label.cpu == "Example CPU 3000")
    #expect(label.processors == "2" && label.memory == "24")
    #expect(label.runs.map(\.suiteSeconds) == [60.5, 61, 59.5])
    #expect(label.runs.map(\.file) == ComparisonFixtures.runs)
    #expect(label.runs.allSatisfy { $0.command == "scripts/benchmark" })
  }

  @Test("runs of different hosts are not combined")
  func differentHosts() throws {
    let folder = try TemporaryFolder()
    let other = folder.file("other.influx.csv")
    try ComparisonFixtures.text(ComparisonFixtures.runs[1])
      .replacingOccurrences(of: ",lab,", with: ",elsewhere,")
      .write(toFile: other, atomically: false, encoding: .utf8)
    #expect {
      try ResultsFiles.read([ComparisonFixtures.runs[0], other])
    } throws: { error in
      "\(error)".contains("made on different hosts") && "\(error)".contains("on elsewhere")
    }
  }

  @Test("the same run given twice, or a document with runs, is refused")
  func givenTwice() {
    let run = ComparisonFixtures.runs[0]
    #expect(throws: ComparisonError.incompatibleRuns("\(run) is given twice; give each run once")) {
      try ResultsFiles.read([run, run])
    }
    #expect {
      try ResultsFiles.read([run, ComparisonFixtures.committed])
    } throws: { error in
      "\(error)".contains("is a JSON document of runs already combined; give it alone")
    }
  }

  @Test("twice the events in about twice the time passes the linearity check")
  func linearity() throws {
    let check = try #require(try ComparisonFixtures.combined().linearity.first)
    #expect(check.benchmark == "turnstile/enum/typical-x2")
    #expect(check.events == 2000 && check.baseEvents == 1000)
    #expect(abs(check.timeRatio - 2) < 1e-12)
    #expect(check.passes)
    var flat = check
    flat.timeRatio = 1.2
    #expect(!flat.passes)
    let sampled = try #require(
      try ComparisonResults(runs: [try sample()], kind: .local).linearity.first)
    #expect(abs(sampled.timeRatio - 6200.0 / 3000.0) < 1e-9)
  }

  @Test("the scale benchmarks: ns per event at each size, and the largest over the smallest")
  func scale() throws {
    let results = try ComparisonFixtures.combined()
    let row = try #require(results.scale.first)
    #expect(results.scale.count == 1)
    #expect(row.machine == "turnstile" && row.contender == "enum" && row.stream == "typical")
    #expect(row.points.map(\.size) == ["1e3", "1e5", "1e7"])
    #expect(row.points.map(\.events) == [1_000, 100_000, 10_000_000])
    let times = row.points.map(\.nsPerEvent)
    #expect(zip(times, [3.0, 3.1, 3.3]).allSatisfy { abs($0 - $1) < 1e-12 })
    #expect(abs((row.ratio ?? 0) - 1.1) < 1e-12)
    // The sizes are not streams of the matrix.
    #expect(results.streams == ["typical"])
  }

  @Test("contenders in the report's order, the lower bound first, unknown ones last")
  func order() throws {
    #expect(
      try ComparisonFixtures.combined().contenders == [
        "no-machine", "nested-switch", "enum", "state-pattern", "state-pattern-types",
        "state-classes", "state-classes-shared", "table",
      ])
    #expect(
      Contenders.ordered(["zeta", "table", "alpha", "no-machine"])
        == ["no-machine", "table", "alpha", "zeta"])
    let sampled = try ComparisonResults(runs: [try sample()], kind: .local)
    #expect(sampled.machines == ["security-system", "turnstile"])
    #expect(sampled.streams == ["uniform", "typical"])
  }
}

@Suite("Targets")
struct TargetsTests {
  @Test(
    "nested-switch and enum within 1.3x of each other, either way",
    arguments: [(1.29, false), (1.31, true), (0.77, false), (0.76, true), (1.0, false)])
  func switches(ratio: Double, missed: Bool) {
    #expect(Targets(contenders: []).missesTime("nested-switch", ratio: ratio) == missed)
  }

  @Test(
    "the recommended State pattern within 3x, state-classes-shared within 5x, table within 4x",
    arguments: [
      ("state-pattern-types", 2.9, false), ("state-pattern-types", 3.1, true),
      ("state-classes-shared", 4.9, false), ("state-classes-shared", 5.1, true),
      ("table", 3.9, false), ("table", 4.1, true), ("state-classes", 50, false),
      ("enum", 50, false), ("no-machine", 0.1, false),
    ])
  func ratios(contender: String, ratio: Double, missed: Bool) {
    let targets = Targets(contenders: ["state-pattern", "state-pattern-types"])
    #expect(targets.missesTime(contender, ratio: ratio) == missed)
    // The plain pattern is not held to a target beside the variant.
    #expect(!targets.missesTime("state-pattern", ratio: 10))
  }

  @Test(
    "a measured table-matrix: below enum on the uniform stream only, near the loop on the turnstile"
  )
  func matrix() {
    let targets = Targets(contenders: ["enum", "table-matrix"])
    #expect(targets.missesTime("table-matrix", ratio: 1.01, on: "uniform"))
    #expect(!targets.missesTime("table-matrix", ratio: 0.99, on: "uniform"))
    #expect(!targets.missesTime("table-matrix", ratio: 3, on: "typical"))
    let bound = targets.lowerBounds.first { $0.contender == "table-matrix" }
    #expect(bound?.text.contains("the turnstile's uniform stream") == true)
    func cell(_ name: String, _ ns: Double) -> CostCell { CraftedResults.cell(name, ns) }
    #expect(
      bound?.isMissed(by: cell("own-code/turnstile/table-matrix/uniform", 1.6), bound: 1) == true)
    #expect(
      bound?.isMissed(by: cell("own-code/turnstile/table-matrix/uniform", 1.4), bound: 1) == false)
    #expect(
      bound?.isMissed(by: cell("own-code/turnstile/table-matrix/typical", 9), bound: 1) == false)
    #expect(bound?.isMissed(by: cell("turnstile/table-matrix/uniform", 9), bound: 1) == false)
    // Not measured: no target said for it.
    #expect(
      Targets(contenders: ["enum"]).lines(ownCode: true).allSatisfy { !$0.contains("matrix") })
  }

  @Test("without the variant, the plain State pattern is the recommended one")
  func fallback() {
    let targets = Targets(contenders: ["enum", "state-pattern"])
    #expect(targets.missesTime("state-pattern", ratio: 3.1))
    #expect(Contenders.recommended(among: ["state-pattern"]) == "state-pattern")
    #expect(
      Contenders.recommended(among: ["state-pattern", "state-pattern-types"])
        == Contenders.recommended)
    #expect(Contenders.recommended == "state-pattern-types")
  }

  @Test("0 mallocs per event for every contender but the textbook state classes")
  func mallocs() {
    let targets = Targets(contenders: [])
    for contender in Contenders.knownOrder where contender != "state-classes" {
      #expect(targets.missesMallocs(contender, mallocs: 0.001))
      #expect(!targets.missesMallocs(contender, mallocs: 0))
    }
    #expect(!targets.missesMallocs("state-classes", mallocs: 1))
  }

  @Test("the report marks misses with '!' and spread cells with '~'")
  func marks() throws {
    let report = try Comparison.report(
      results: ComparisonFixtures.runs, sourcesRoot: ComparisonFixtures.sourcesRoot)
    func row(_ contender: String) -> [String]? {
      ReportTables.row(contender, in: "turnstile, typical", of: report)
    }
    #expect(row("table") == ["12.60 ns~", "4.20x!", "0"])
    #expect(row("state-classes-shared") == ["14.50 ns", "4.83x", "0.001!"])
    #expect(row("state-classes") == ["30.00 ns", "10.00x", "0.520"])
    #expect(row("nested-switch") == ["3.60 ns", "1.20x", "0"])
    #expect(row("state-pattern-types") == ["8.00 ns", "2.67x", "0"])
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
    let root = ComparisonFixtures.sourcesRoot
    let path = try #require(SourceFiles.path(machine: "tiny-machine", style: "enum", root: root))
    #expect(path.hasSuffix("TinyMachine/TinyMachine+Enum.swift"))
    let size = try #require(
      SourceFiles.codeSize(machine: "tiny-machine", style: "enum", root: root))
    #expect(size == CodeSize(lines: 10, types: 2, switches: 1))
    #expect(
      SourceFiles.codeSize(machine: "tiny-machine", style: "nested-switch", root: root)
        == CodeSize(lines: 0, types: 0, switches: 0))
    #expect(SourceFiles.path(machine: "tiny-machine", style: "state-pattern", root: root) == nil)
  }
}

@Suite("The comparison report")
struct ComparisonReportTests {
  /// The report of the three runs.
  private func report(machine: String? = nil) throws -> String {
    try Comparison.report(
      machine: machine, results: ComparisonFixtures.runs,
      sourcesRoot: ComparisonFixtures.sourcesRoot)
  }

  @Test("the report opens with whose results, the runs, the machine and the command")
  func label() throws {
    let lines = try report().split(separator: "\n").map(String.init)
    let paths = ComparisonFixtures.runs.joined(separator: ", ")
    let expected: [String] = [
      "Dispatch cost per event: local run, \(paths)",
      "3 runs combined, exported from 2026-01-10T10:00:00Z to 2026-01-10T10:10:00Z",
      "The suite took 60.5 s, 61.0 s, 59.5 s",
      "Machine: lab, Example CPU 3000 (x86_64), 2 processors, 24 GB of memory",
      "System: Debian GNU/Linux 12 (bookworm), Swift version 6.3.1 (swift-6.3.1-RELEASE)",
      "Command: scripts/benchmark",
    ]
    #expect(Array(lines.prefix(6)) == expected)
  }

  @Test("the targets come before the tables; the lower bound is named as such, no floor")
  func targetsAndLowerBound() throws {
    let report = try report()
    let targets = try #require(report.range(of: "Targets (a '!' marks a miss):"))
    let matrix = try #require(report.range(of: "\nturnstile, typical "))
    #expect(targets.lowerBound < matrix.lowerBound)
    #expect(
      report.contains("state-pattern-types within 3x of enum (the recommended State pattern)"))
    #expect(report.contains("nested-switch within 1.3x of enum, either way"))
    #expect(report.contains("no-machine (lower bound)"))
    #expect(report.contains("15% or 0.5 ns, whichever is larger: run again"))
    #expect(!report.lowercased().contains("floor"))
  }

  @Test("the linearity, scale and code size sections follow the tables")
  func sections() throws {
    let report = try report()
    #expect(report.contains("  turnstile/enum/typical-x2: 2000 events take 2.00x the time of 1000"))
    #expect(report.contains("scale (enum, typical stream)"))
    #expect(report.contains("1e7/1e3"))
    #expect(report.contains("Static cost: lines with code"))
    // The scale table's row: under its header and rule.
    let lines = report.split(separator: "\n")
    let header = try #require(lines.firstIndex { $0.hasPrefix("scale (enum, typical stream)") })
    #expect(lines[header + 2].hasPrefix("turnstile "))
    #expect(lines[header + 2].hasSuffix("3.00 ns   3.10 ns   3.30 ns      1.10"))
  }

  @Test("without results, the report says so and gives the command to produce them")
  func noResults() {
    let missing = ComparisonFixtures.folder + "/no-such-results.csv"
    #expect(throws: ComparisonError.noResults(path: missing)) {
      try Comparison.report(results: [missing])
    }
    let message = ComparisonError.noResults(path: missing).description
    #expect(message.hasPrefix("No benchmark results yet"))
    #expect(message.contains(missing))
    #expect(message.contains(Comparison.benchmarkCommand))
    #expect(Comparison.benchmarkCommand == "scripts/benchmark")
  }

  @Test("one machine's report has only its rows")
  func oneMachine() throws {
    let report = try Comparison.report(
      machine: "security-system", results: [ComparisonFixtures.sample],
      sourcesRoot: ComparisonFixtures.sourcesRoot)
    #expect(report.contains("security-system"))
    #expect(!report.contains("turnstile"))
  }

  @Test("an unknown machine is an error that names the valid ones")
  func unknownMachine() {
    #expect {
      try report(machine: "toaster")
    } throws: { error in
      "\(error)".contains("unknown machine 'toaster'") && "\(error)".contains("turnstile")
    }
  }

  @Test("a file that is not an influx export is reported as unreadable")
  func malformed() {
    #expect {
      try Comparison.report(
        results: [ComparisonFixtures.sourcesRoot + "/TinyMachine/TinyMachine+Enum.swift"])
    } throws: { error in
      "\(error)".contains("cannot be read")
    }
  }
}
