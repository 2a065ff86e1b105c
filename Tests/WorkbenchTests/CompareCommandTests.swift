import Foundation
import Testing

@testable import Workbench

@Suite("fsm compare")
struct CompareCommandTests {
  /// A small results file in the benchmarks' export format.
  let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/Comparison/sample.influx.csv").path

  @Test("prints the matrix of a benchmark run")
  func matrix() throws {
    let result = fsm("compare", "--results", sample)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output == (try Comparison.report(resultsPath: sample)) + "\n")
  }

  @Test("one machine's rows")
  func oneMachine() throws {
    let result = fsm("compare", "turnstile", "--results", sample)
    #expect(result.status == 0)
    #expect(
      result.output == (try Comparison.report(machine: "turnstile", resultsPath: sample)) + "\n")
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
}
