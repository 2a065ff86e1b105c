import Foundation
import Testing

@testable import Workbench

/// A checkout in a folder whose name has a space, with the fixture results
/// at `file` (none when `nil`).
private func checkout(results file: String?) throws -> (folder: TemporaryFolder, root: String) {
  let folder = try TemporaryFolder()
  let root = folder.file("class room")
  try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
  if let file {
    let path = root + "/" + file
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: ComparisonFixtures.committed, toPath: path)
  }
  return (folder, root)
}

@Suite("The /costs page")
struct CostsPageTests {
  @Test("the committed results: the chart, the commands to rerun them here, the matrix")
  func committed() throws {
    let (folder, root) = try checkout(results: ResultsFiles.committed)
    let page = Pages.costs(root: root)
    #expect(page.contains("Dispatch cost per event: committed results, \(root)/docs/benchmarks"))
    // As wide as the window (the stylesheet) and as tall as that makes it:
    // no height of its own, which would shrink its bars.
    #expect(page.contains("<figure class=\"chart\" id=\"costs-chart\"><svg xmlns="))
    #expect(!page.contains("max-height"))
    #expect(!page.contains("<?xml"))
    #expect(page.contains("<section id=\"rerun\">"))
    #expect(page.contains("These are the results committed with the workbench"))
    // The folder quoted for the shell, as HTML.
    #expect(page.contains(escaped("cd '\(root)'") + "\nscripts/benchmark  "))
    #expect(page.contains("\nscripts/benchmark --check  "))
    #expect(
      page.contains("reload this page: it shows your run, labelled \u{201C}local run\u{201D}"))
    // The rerun comes before the matrix, where it is seen.
    let rerun = try #require(page.range(of: "id=\"rerun\""))
    let matrix = try #require(page.range(of: "<pre class=\"matrix\">"))
    #expect(rerun.lowerBound < matrix.lowerBound)
    _ = folder
  }

  @Test("a local run: said to be yours, and how to see the committed results again")
  func local() throws {
    let (folder, root) = try checkout(results: ResultsFiles.localCombined)
    let page = Pages.costs(root: root)
    #expect(page.contains("Dispatch cost per event: local run, \(root)/Benchmarks/Results"))
    #expect(page.contains("These are a run of your own"))
    #expect(page.contains("move the folder Benchmarks/Results aside"))
    _ = folder
  }

  @Test("no results: the error, and still the commands that make them")
  func none() throws {
    let (folder, root) = try checkout(results: nil)
    let page = Pages.costs(root: root)
    #expect(page.contains("No results: "))
    #expect(page.contains("To measure this machine") && page.contains("scripts/benchmark"))
    #expect(!page.contains("<svg"))
    _ = folder
  }
}
