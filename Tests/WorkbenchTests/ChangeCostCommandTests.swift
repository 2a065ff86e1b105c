import Foundation
import Testing

@testable import Workbench

@Suite("fsm change-cost")
struct ChangeCostCommandTests {
  @Test("prints the measured table of lesson 6")
  func table() throws {
    let result = fsm("change-cost")
    let root = try #require(
      ChangeCost.repositoryRoot(
        from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
    #expect(result.status == 0)
    #expect(result.output == (try ChangeCost.table(repositoryRoot: root)) + "\n")
  }

  @Test("shows one style's change place by place")
  func diff() {
    let result = fsm("change-cost", "--diff", "enum", "--from", "1")
    #expect(result.status == 0)
    #expect(result.lines.first?.hasPrefix("enum, revision 1 → 2") == true)
  }

  @Test("a revision no change starts from is a usage error")
  func noSuchChange() {
    let result = fsm("change-cost", "--diff", "enum", "--from", "9")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.errors.contains("9"))
  }
}
