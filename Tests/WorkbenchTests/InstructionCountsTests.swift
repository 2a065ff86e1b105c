import Foundation
import Testing

@testable import Workbench

/// The counts file's first two lines.
private let head = """
  # tool: valgrind-3.19.0 --tool=callgrind, 20000 events a stream
  configuration,machine,contender,stream,events,instructions

  """

/// Counts of the turnstile's typical stream, as scripts/count-instructions
/// writes them: 80 and 12 instructions per event for enum, as a package and
/// as the app's own code.
private let counts =
  head + """
    package,turnstile,no-machine,typical,20000,300000
    package,turnstile,enum,typical,20000,1600000
    own-code,turnstile,enum,typical,20000,240000

    """

@Suite("compare --instructions: instructions per event beside the times")
struct InstructionCountsTests {
  @Test("the counts go into their cells, per event, and the label says how they were made")
  func read() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("instructions.csv")
    try counts.write(toFile: path, atomically: false, encoding: .utf8)
    let read = try InstructionCounts.read(path)
    #expect(read.tool == "valgrind-3.19.0 --tool=callgrind, 20000 events a stream")
    #expect(
      read.perEvent[
        CostCell.Key(
          machine: "turnstile", stream: "typical", contender: "enum", configuration: .ownCode)]
        == 12)
    var results = CraftedResults.results(
      [
        CraftedResults.cell("turnstile/enum/typical", 6),
        CraftedResults.cell("own-code/turnstile/enum/typical", 1.2),
        CraftedResults.cell("turnstile/table/typical", 25),
      ], cpu: "AMD EPYC")
    results.count(read)
    #expect(results.cells.map(\.instructionsPerEvent) == [80, 12, nil])
    #expect(results.label.instructions == read.tool)
    #expect(abs((results.boundary.first?.instructionShare ?? 0) - 0.85) < 1e-12)
  }

  @Test("fsm compare --instructions shows them in the matrix, and JSON and CSV carry them")
  func shown() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("instructions.csv")
    try counts.write(toFile: path, atomically: false, encoding: .utf8)
    let run = ComparisonFixtures.runs[0]
    let result = fsm("compare", "--results", run, "--instructions", path)
    #expect(result.status == 0)
    #expect(result.output.contains("Instructions counted with: valgrind-3.19.0"))
    #expect(result.output.contains("and instructions per event ('ins', counted by valgrind"))
    func row(_ contender: String) -> [String]? {
      ReportTables.row(contender, in: "turnstile, typical", of: result.output)
    }
    // Counted: no-machine and enum; the others show '-'.
    #expect(row("no-machine (lower bound)") == ["1.00 ns", "0.33x", "0", "15 ins"])
    #expect(row("enum") == ["3.00 ns", "1.00x", "0", "80 ins"])
    #expect(row("nested-switch") == ["3.60 ns", "1.20x", "0", "-"])
    let json = try Comparison.report(results: [run], instructions: path, format: .json)
    #expect(json.contains("\"instructionsPerEvent\" : 80"))
    #expect(json.contains("\"instructions\" : \"valgrind-3.19.0 --tool=callgrind"))
    let csv = try Comparison.report(results: [run], instructions: path, format: .csv)
    #expect(csv.contains("turnstile,typical,enum,3.0,3.0,3.0,1.0,0.0,package,80.0,,"))
    #expect(csv.contains("# instructions: valgrind-3.19.0"))
  }

  @Test("results without counts say so, and show no column of dashes")
  func uncounted() throws {
    let text = try Comparison.report(results: ComparisonFixtures.runs)
    #expect(
      text.contains("No instructions per event: these results were not counted with valgrind."))
    #expect(text.range(of: #"[0-9] ins"#, options: .regularExpression) == nil)
  }

  @Test(
    "a counts file that cannot be read is an error naming the line and what is valid",
    arguments: [
      ("machine,contender\n", "its first row is not the header 'configuration,machine,"),
      (
        head + "app,turnstile,enum,typical,1,1\n",
        "line 3 has the configuration 'app'; valid: package or own-code"
      ),
      (
        head + "package,turnstile,enum,typical,0,1\n",
        "line 3 counts '0' events, not a number from 1"
      ),
      (
        head + "package,turnstile,enum,typical,1,-5\n",
        "line 3 counts '-5' instructions, not a number from 0"
      ),
      (head + "package,turnstile,enum,typical,1\n", "line 3 has 5 fields, not 6"),
      (
        head + "package,turnstile,enum,typical,1,1\npackage,turnstile,enum,typical,1,1\n",
        "line 4 counts turnstile/enum/typical a second time"
      ),
      ("# colour: red\n" + head, "line 1 is not the one metadata line a counts file has"),
    ])
  func malformed(text: String, message: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("instructions.csv")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect {
      try InstructionCounts.read(path)
    } throws: { error in
      "\(error)".contains(message)
        && "\(error)".contains("The instruction counts at \(path) cannot be read")
    }
  }

  @Test("a counts file that does not exist says how to make one; an empty name is a usage error")
  func missing() {
    let result = fsm(
      "compare", "--results", ComparisonFixtures.runs[0], "--instructions", "/nonexistent/i.csv")
    #expect(result.status == 1)
    #expect(result.errors.contains("No instruction counts: there is no file at /nonexistent/i.csv"))
    #expect(result.errors.contains("scripts/count-instructions --output /nonexistent/i.csv"))
    let empty = fsm("compare", "--instructions", "")
    #expect(empty.status == 64)
    #expect(empty.errors.contains("--instructions needs a file name"))
  }
}
