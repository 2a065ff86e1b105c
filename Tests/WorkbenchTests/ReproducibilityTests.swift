import Foundation
import Testing

@testable import Workbench

@Suite("compare --against: does a run reproduce the committed results")
struct ReproducibilityTests {
  @Test("runs checked against their own combination agree, cell by cell, status 0")
  func agreeing() throws {
    let folder = try TemporaryFolder()
    let committed = folder.file("committed.json")
    try Comparison.report(results: ComparisonFixtures.runs, format: .json)
      .write(toFile: committed, atomically: false, encoding: .utf8)
    // One run alone: within 15% of the median of three in every cell.
    let check = try Comparison.check(results: [ComparisonFixtures.runs[0]], against: committed)
    #expect(check.agrees)
    let lines = check.text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Reproducibility: local run, \(ComparisonFixtures.runs[0])")
    #expect(
      lines.contains(
        "A cell agrees when now and committed differ by at most 15% or 0.5 ns, whichever is larger."
      ))
    #expect(lines.last == "8 of 8 cells within the noise band")
    let enumLine = try #require(lines.first { $0.hasPrefix("turnstile/enum/typical ") })
    #expect(enumLine.hasSuffix("3.00 ns   3.00 ns          1.00x  ok"))
    let result = fsm("compare", "--results", ComparisonFixtures.runs[0], "--against", committed)
    #expect(result.status == 0)
    #expect(result.output == check.text)
  }

  @Test("a cell outside the band and cells on one side only: listed, and status 1")
  func disagreeing() throws {
    let check = try Comparison.check(
      results: ComparisonFixtures.runs, against: ComparisonFixtures.committed)
    #expect(!check.agrees)
    let lines = check.text.split(separator: "\n").map(String.init)
    /// The line of the cell `name`.
    func line(_ name: String) throws -> String {
      try #require(lines.first { $0.hasPrefix(name + " ") })
    }
    // Its three runs range from 12 to 20 ns: whether it moved cannot be told.
    #expect(
      try line("turnstile/table/typical").hasSuffix(
        "9.00 ns  12.60 ns          1.40x  not judged: its runs are 1.67x apart"))
    #expect(try line("turnstile/enum/typical").hasSuffix("3.10 ns   3.00 ns          0.97x  ok"))
    #expect(try line("turnstile/enum/uniform").hasSuffix("-              -  missing from this run"))
    #expect(
      try line("turnstile/no-machine/typical").hasSuffix("missing from the committed results"))
    #expect(
      lines.last
        == "2 of 9 cells within the noise band (6 missing from one side; "
        + "1 not judged, their runs disagreeing)")
    var arguments = ["compare", "--against", ComparisonFixtures.committed]
    for run in ComparisonFixtures.runs { arguments += ["--results", run] }
    let result = fsm(arguments)
    #expect(result.status == 1)
    #expect(result.output == check.text)
    #expect(result.errors.isEmpty)
  }

  @Test("the band: 15% of the committed figure, or 0.5 ns for the smallest cells")
  func band() {
    #expect(NoiseBand.relative == 0.15 && NoiseBand.absolute == 0.5)
    #expect(NoiseBand.contains(11.49, around: 10) && NoiseBand.contains(8.51, around: 10))
    #expect(!NoiseBand.contains(11.51, around: 10) && !NoiseBand.contains(8.49, around: 10))
    // Under about 3 ns, half a nanosecond is the larger allowance.
    #expect(NoiseBand.contains(1.9, around: 1.4) && NoiseBand.contains(0.9, around: 1.4))
    #expect(!NoiseBand.contains(1.91, around: 1.4))
    #expect(!NoiseBand.contains(.infinity, around: 10))
    #expect(!NoiseBand.contains(.nan, around: 10))
    #expect(!NoiseBand.contains(10, around: .nan))
  }

  @Test("one machine, on both sides; an unknown one is a usage error")
  func oneMachine() throws {
    let check = try Comparison.check(
      machine: "security-system", results: ComparisonFixtures.runs,
      against: ComparisonFixtures.committed)
    // Neither side measured it: nothing agrees, which is no reproduction.
    #expect(!check.agrees)
    #expect(check.text.contains("0 of 0 cells within the noise band"))
    let result = fsm(
      "compare", "toaster", "--results", ComparisonFixtures.runs[0], "--against",
      ComparisonFixtures.committed)
    #expect(result.status == 64)
    #expect(result.errors.contains("unknown machine 'toaster'; valid machines: turnstile"))
  }

  @Test("committed results that cannot be read are an error, not a check")
  func unreadable() {
    let result = fsm(
      "compare", "--results", ComparisonFixtures.runs[0], "--against",
      ComparisonFixtures.malformed)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains("\(ComparisonFixtures.malformed) cannot be read: it is not valid JSON")
    )
  }
}
