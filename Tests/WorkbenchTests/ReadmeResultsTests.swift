import Foundation
import Testing

@testable import Workbench

@Suite("README results")
struct ReadmeResultsTests {
  @Test("the results' guide quotes the matrix the committed results give")
  func matrixMatchesTheCommittedRun() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(contentsOf: root.appending(path: "docs/results.md"), encoding: .utf8)
    let begin = try #require(guide.range(of: "<!-- results:begin -->\n```text\n"))
    let end = try #require(guide.range(of: "\n```\n<!-- results:end -->"))
    let quoted = String(guide[begin.upperBound..<end.lowerBound])
    // Relative paths, as the guide and the tour name them: tests run from
    // the package root.
    var matrix = try Comparison.report(results: [TourCommand.committedResults])
    while matrix.hasSuffix("\n") { matrix.removeLast() }
    #expect(
      quoted == matrix, "docs/results.md quotes another matrix: run scripts/update-readme-results")
  }
}
