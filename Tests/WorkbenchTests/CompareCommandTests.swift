import Foundation
import Testing

@testable import Workbench

@Suite("fsm compare")
struct CompareCommandTests {
  /// A small run in the benchmarks' export format.
  let sample = ComparisonFixtures.sample

  /// `--results` for each of the three runs.
  let runs = ComparisonFixtures.runs.flatMap { ["--results", $0] }

  @Test("prints the matrix of a benchmark run")
  func matrix() throws {
    let result = fsm("compare", "--results", sample)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output == (try Comparison.report(results: [sample])))
  }

  @Test("one machine's rows")
  func oneMachine() throws {
    let result = fsm("compare", "turnstile", "--results", sample)
    #expect(result.status == 0)
    #expect(result.output == (try Comparison.report(machine: "turnstile", results: [sample])))
  }

  @Test("--results repeated combines the runs", arguments: ComparisonFormat.allCases)
  func severalRuns(format: ComparisonFormat) throws {
    let result = fsm(["compare", "--format", format.rawValue] + runs)
    #expect(result.status == 0)
    #expect(
      result.output
        == (try Comparison.report(results: ComparisonFixtures.runs, format: format)))
  }

  @Test("--output writes the chosen format to the file, and says so on standard error")
  func output() throws {
    let folder = try TemporaryFolder()
    for format in ComparisonFormat.allCases {
      let path = folder.file("results.\(format)")
      let result = fsm(["compare", "--format", format.rawValue, "--output", path] + runs)
      #expect(result.status == 0)
      #expect(result.output.isEmpty)
      #expect(result.errors == "wrote \(path)\n")
      let written = try String(contentsOfFile: path, encoding: .utf8)
      #expect(
        written
          == (try Comparison.report(results: ComparisonFixtures.runs, format: format, output: path))
      )
    }
    // Nothing but the files: no temporary file is left beside them.
    #expect(folder.listing == ["results.csv", "results.json", "results.svg", "results.text"])
  }

  @Test("a JSON document written with --output reads back as itself")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("results.json")
    #expect(fsm(["compare", "--format", "json", "--output", path] + runs).status == 0)
    let again = fsm("compare", "--results", path, "--format", "json")
    #expect(again.status == 0)
    #expect(again.output == (try String(contentsOfFile: path, encoding: .utf8)))
    // And shows the same report as the runs, but for where it was read from.
    let report = fsm("compare", "--results", path)
    #expect(report.lines.first == "Dispatch cost per event: local run, \(path)")
    let fromRuns = try Comparison.report(results: ComparisonFixtures.runs)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(report.lines.dropFirst()) == Array(fromRuns.dropFirst().dropLast()))
  }

  @Test("--output refuses a folder, and a file in a folder that does not exist")
  func outputProblems() throws {
    let folder = try TemporaryFolder()
    let intoFolder = fsm(["compare", "--output", folder.path] + runs)
    #expect(intoFolder.status == 64)
    #expect(
      intoFolder.errors.contains(
        "'\(folder.path)' is a folder; give --output a file name, as in --output"))
    let missing = fsm(["compare", "--output", folder.file("no/such/file.svg")] + runs)
    #expect(missing.status == 64)
    #expect(missing.errors.contains("the folder '\(folder.file("no/such"))' does not exist"))
    #expect(folder.listing.isEmpty)
  }

  @Test("an unknown format is a usage error naming the four")
  func unknownFormat() {
    let result = fsm("compare", "--format", "pdf", "--results", sample)
    #expect(result.status == 64)
    #expect(result.errors.contains("'pdf'"))
    #expect(result.errors.contains("'text', 'json', 'csv'") && result.errors.contains("'svg'"))
  }

  @Test("--against prints text only, and needs a file")
  func againstOptions() {
    let json = fsm("compare", "--format", "json", "--against", ComparisonFixtures.committed)
    #expect(json.status == 64)
    #expect(json.errors.contains("--against prints text; leave out --format json"))
    let empty = fsm("compare", "--against", "")
    #expect(empty.status == 64)
    #expect(
      empty.errors.contains(
        "--against needs a file name, as in --against docs/benchmarks/results.json"))
  }

  @Test("--brief is the text report's: with --against or another format it is a usage error")
  func briefOptions() {
    let json = fsm("compare", "--brief", "--format", "json", "--results", sample)
    #expect(json.status == 64)
    #expect(json.errors.contains("--brief shortens the text report; leave out --format json"))
    let svg = fsm("compare", "--brief", "--output", "chart.svg", "--results", sample)
    #expect(svg.status == 64)
    #expect(svg.errors.contains("end the --output file name in .txt, or leave out --brief"))
    let check = fsm("compare", "--brief", "--against", ComparisonFixtures.committed)
    #expect(check.status == 64)
    #expect(check.errors.contains("--against prints a check: choose one"))
  }

  @Test("--brief: the cost tables, without the targets, checks and code size")
  func brief() throws {
    let result = fsm("compare", "turnstile", "--brief", "--results", sample)
    #expect(result.status == 0)
    let full = try Comparison.report(machine: "turnstile", results: [sample])
    #expect(
      result.output
        == (try Comparison.report(machine: "turnstile", results: [sample], brief: true)))
    for section in ["Targets (a '!' marks a miss)", "Linearity:", "Static cost:"] {
      #expect(full.contains(section))
      #expect(!result.output.contains(section), "\(section)")
    }
    // The same tables as the full report.
    func table(in report: String) -> String? {
      report.components(separatedBy: "\n\n").first { $0.hasPrefix("turnstile, uniform") }?
        .trimmingCharacters(in: .newlines)
    }
    #expect(table(in: result.output) != nil)
    #expect(table(in: result.output) == table(in: full))
  }

  @Test("a malformed metadata line is an error naming the line and the valid keys")
  func malformedMetadata() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("run.influx.csv")
    try (ComparisonFixtures.text(ComparisonFixtures.runs[0]) + "# colour: blue\n")
      .write(toFile: path, atomically: false, encoding: .utf8)
    let result = fsm("compare", "--results", path)
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "cannot be read: line 44 has the key 'colour'; valid keys: build-seconds, suite-seconds, "
          + "cpu, swift, os or command"))
  }

  @Test("says clearly when there are no results yet, and how to make them")
  func noResults() throws {
    let folder = try TemporaryFolder()
    let result = fsm("compare", "--results", folder.file("none.csv"))
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("No benchmark results yet"))
    #expect(result.errors.contains(Comparison.benchmarkCommand))
  }

  @Test("an unknown machine is a usage error naming the valid ones")
  func unknownMachine() {
    let result = fsm("compare", "elevator", "--results", sample)
    #expect(result.status == 64)
    #expect(result.errors.contains("unknown machine 'elevator'; valid machines: "))
  }

  @Test("--output's extension must be one of the formats': c.png is refused, nothing written")
  func outputExtension() throws {
    let folder = try TemporaryFolder()
    let png = fsm(["compare", "--output", folder.file("c.png")] + runs)
    #expect(png.status == 64)
    #expect(png.output.isEmpty)
    #expect(
      png.firstError
        == "Error: cannot tell what to write to '\(folder.file("c.png"))' from its extension: "
        + "end the --output file name in .txt, .json, .csv or .svg, or leave the extension out")
    let mismatch = fsm(["compare", "--format", "csv", "--output", folder.file("c.svg")] + runs)
    #expect(mismatch.status == 64)
    #expect(
      mismatch.firstError
        == "Error: --format csv disagrees with the extension of '\(folder.file("c.svg"))' (svg): "
        + "end the file name in .csv, or leave out --format")
    let text = fsm(["compare", "--format", "text", "--output", folder.file("c.pdf")] + runs)
    #expect(text.status == 64)
    #expect(folder.listing.isEmpty)
  }

  @Test("without --format, --output's extension chooses the format")
  func formatFromExtension() throws {
    let folder = try TemporaryFolder()
    for (name, format) in [
      ("c.svg", ComparisonFormat.svg), ("c.json", .json), ("c.csv", .csv), ("c.txt", .text),
      ("c", .text),
    ] {
      let path = folder.file(name)
      let result = fsm(["compare", "--output", path] + runs)
      #expect(result.status == 0, "\(name)")
      let written = try String(contentsOfFile: path, encoding: .utf8)
      #expect(
        written
          == (try Comparison.report(results: ComparisonFixtures.runs, format: format, output: path)),
        "\(name)")
    }
  }

  @Test("the help names the script that makes the runs and the check")
  func help() {
    let result = fsm("compare", "--help")
    #expect(result.output.contains("scripts/benchmark"))
    #expect(result.output.contains("scripts/benchmark --check"))
    #expect(result.output.contains("--format <format>"))
  }
}
