import Foundation
import Testing

/// The checkout these tests were built from, found from this file.
private let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path

/// The lines of `text` from the first that starts with `prefix` on.
private func lines(of text: String, from prefix: String) -> [Substring] {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  return Array(lines.drop { !$0.hasPrefix(prefix) })
}

/// The built `fsm` run from a folder outside the checkout: it finds the
/// sources, the results and the revisions all the same.
@Suite("the fsm executable, run from another folder")
struct ElsewhereTests {
  @Test("compare reads the committed results and measures the sources")
  func compare() throws {
    let folder = try TemporaryFolder()
    let run = try ExecutableTests.run(
      ["compare"], standardInput: FileHandle.nullDevice, directory: folder.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.hasPrefix(
        "Dispatch cost per event: committed results, \(checkout)/docs/benchmarks/results.json\n"))
    let here = try ExecutableTests.run(
      ["compare"], standardInput: FileHandle.nullDevice, directory: checkout)
    let sizes = lines(of: run.output, from: "code (lines/types/switches)")
    #expect(sizes.count > 9)
    #expect(sizes == lines(of: here.output, from: "code (lines/types/switches)"))
  }

  @Test("change-cost reads the revisions")
  func changeCost() throws {
    let folder = try TemporaryFolder()
    let run = try ExecutableTests.run(
      ["change-cost"], standardInput: FileHandle.nullDevice, directory: folder.path)
    #expect(run.status == 0, "\(run.errors)")
    let here = try ExecutableTests.run(
      ["change-cost"], standardInput: FileHandle.nullDevice, directory: checkout)
    #expect(run.output == here.output)
  }

  @Test("the tour finds the committed results")
  func tour() throws {
    let folder = try TemporaryFolder()
    let run = try ExecutableTests.run(
      ["tour"], standardInput: FileHandle.nullDevice, directory: folder.path)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.isEmpty)
    #expect(
      run.output.contains(
        "  ✓ benchmark matrix read from \(checkout)/docs/benchmarks/results.json\n"))
  }

  @Test("FSM_ROOT names the checkout; one that holds no workbench is an error that says so")
  func environment() throws {
    let folder = try TemporaryFolder()
    let named = try ExecutableTests.run(
      ["compare"], standardInput: FileHandle.nullDevice, directory: "/",
      environment: ["FSM_ROOT": checkout])
    #expect(named.status == 0, "\(named.errors)")
    let wrong = try ExecutableTests.run(
      ["compare"], standardInput: FileHandle.nullDevice, directory: checkout,
      environment: ["FSM_ROOT": folder.path])
    #expect(wrong.status == 1)
    #expect(wrong.output.isEmpty)
    #expect(
      wrong.errors
        == "Error: cannot find the workbench: FSM_ROOT is '\(folder.path)', which holds no "
        + "Package.swift and Sources/StateMachines; set FSM_ROOT to a checkout of the "
        + "workbench, or unset it\n")
  }
}
