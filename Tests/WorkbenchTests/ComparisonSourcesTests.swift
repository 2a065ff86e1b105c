import Foundation
import Testing

@testable import Workbench

/// A repository root in a temporary folder, with the results files named.
private func repository(with files: [String]) throws -> TemporaryFolder {
  let root = try TemporaryFolder()
  let run = try ComparisonFixtures.text(ComparisonFixtures.runs[0])
  for file in files {
    let path = root.file(file)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    // A document as the scripts write it: labelled with its own file.
    let document = try Comparison.report(
      results: ComparisonFixtures.runs, format: .json, output: file)
    try (file.hasSuffix(".json") ? document : run).write(
      toFile: path, atomically: false, encoding: .utf8)
  }
  return root
}

@Suite("Which results compare reads, and what it calls them")
struct ComparisonSourcesTests {
  @Test(
    "without --results: the local combined run, else the local raw run, else the committed results",
    arguments: [
      (ResultsFiles.defaults, ResultsFiles.localCombined, "local run"),
      ([ResultsFiles.localRaw, ResultsFiles.committed], ResultsFiles.localRaw, "local run"),
      ([ResultsFiles.committed], ResultsFiles.committed, "committed results"),
    ])
  func defaultOrder(present: [String], chosen: String, kind: String) throws {
    let root = try repository(with: present)
    #expect(try ResultsFiles.defaultPath(root: root.path) == root.file(chosen))
    let report = try Comparison.report(root: root.path)
    #expect(report.hasPrefix("Dispatch cost per event: \(kind), \(root.file(chosen))\n"))
    let csv = try Comparison.report(format: .csv, root: root.path)
    #expect(csv.hasPrefix("# Dispatch cost per event: \(kind), \(root.file(chosen))\n"))
    let svg = try Comparison.report(format: .svg, root: root.path)
    #expect(
      svg.contains(
        "<title id=\"\(SVGChart.titleID)\">Dispatch cost per event, typical stream: \(kind) of 2026-01-10"
      ))
    // A document keeps the label it was written with; runs get one.
    let json = try ResultsJSON.decode(
      try Comparison.report(format: .json, root: root.path), path: "inline")
    #expect(json.label.kind.text == kind)
    #expect(json.label.path.hasSuffix(chosen))
  }

  @Test("the order is a run of your own before the committed one")
  func defaults() {
    #expect(
      ResultsFiles.defaults == [
        "Benchmarks/Results/results.json", "Benchmarks/Results/Current_run.influx.csv",
        "docs/benchmarks/results.json",
      ])
    #expect(TourCommand.committedResults == "docs/benchmarks/results.json")
  }

  @Test("without any, the error names the three files and the command that makes them")
  func none() throws {
    let root = try TemporaryFolder()
    #expect {
      try Comparison.report(root: root.path)
    } throws: { error in
      let message = "\(error)"
      return message.hasPrefix("No benchmark results: none of ")
        && ResultsFiles.defaults.allSatisfy { message.contains(root.file($0)) }
        && message.contains(Comparison.benchmarkCommand)
    }
  }

  @Test(
    "committed results are those in docs/benchmarks; anything else is a local run",
    arguments: [
      ("docs/benchmarks/results.json", ResultsLabel.Kind.committed),
      ("/home/me/workbench/docs/benchmarks/results.influx.csv", .committed),
      ("Benchmarks/Results/results.json", .local),
      ("results.json", .local),
      ("docs/results.json", .local),
      ("other/docs/benchmarks/old/results.json", .local),
    ])
  func kinds(path: String, kind: ResultsLabel.Kind) {
    #expect(ResultsFiles.kind(of: path) == kind)
  }

  @Test("the first line of text, JSON, CSV and SVG names whose results")
  func everyFormat() throws {
    let text = try Comparison.report(results: [ComparisonFixtures.committed])
    #expect(text.hasPrefix("Dispatch cost per event: local run, \(ComparisonFixtures.committed)\n"))
    let csv = try Comparison.report(results: [ComparisonFixtures.committed], format: .csv)
    #expect(
      csv.hasPrefix("# Dispatch cost per event: local run, \(ComparisonFixtures.committed)\n"))
    // The document keeps the label it was written with.
    let json = try Comparison.report(results: [ComparisonFixtures.committed], format: .json)
    #expect(json.contains("\"kind\" : \"committed\""))
    let svg = try Comparison.report(results: [ComparisonFixtures.committed], format: .svg)
    // Both of its streams are drawn, and the title names them.
    #expect(
      svg.contains(
        "<title id=\"\(SVGChart.titleID)\">Dispatch cost per event, uniform and typical streams: "
          + "local run of 2026-01-01"))
  }
}
