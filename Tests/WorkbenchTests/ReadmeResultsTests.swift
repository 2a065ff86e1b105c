import Foundation
import Testing

@testable import Workbench

@Suite("README results")
struct ReadmeResultsTests {
  @Test("the README's matrix is the one the committed results give")
  func matrixMatchesTheCommittedRun() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- results:begin -->\n```text\n"))
    let end = try #require(readme.range(of: "\n```\n<!-- results:end -->"))
    let quoted = String(readme[begin.upperBound..<end.lowerBound])
    // Relative paths, as the README and the tour name them: tests run from
    // the package root.
    var matrix = try Comparison.report(results: [TourCommand.committedResults])
    while matrix.hasSuffix("\n") { matrix.removeLast() }
    #expect(quoted == matrix, "README.md quotes another matrix: run scripts/update-readme-results")
  }
}
