import Foundation
import Testing

/// `./repl --check`: it only checks, builds nothing, and says what to run
/// when the REPL's library is not built yet.
@Suite("./repl --check")
struct REPLCheckTests {
  /// Whether lldb cannot start here (status 3): `./repl` stops before the
  /// part under test, and REPLTests already fails saying what is missing.
  private static func lldbMissing(_ run: ProcessResult) -> Bool {
    run.status == 3 && !run.signaled && !run.timedOut
  }

  @Test("--check builds nothing, and exits 4 saying what to run when the library is not built")
  func checkBuildsNothing() async throws {
    let workbench = try Workbench.require()
    // A package of its own, with a WorkbenchREPL product that a build would make.
    let scratch = try Scratch(prefix: "repl-check")
    defer { scratch.remove() }
    let package = scratch.url
    let sources = package.appending(path: "Sources/StateMachines")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Unbuilt",
      products: [.library(name: "WorkbenchREPL", type: .dynamic, targets: ["StateMachines"])],
      targets: [.target(name: "StateMachines")])
    """.write(to: package.appending(path: "Package.swift"), atomically: true, encoding: .utf8)
    try "public let built = true\n".write(
      to: sources.appending(path: "Built.swift"), atomically: true, encoding: .utf8)
    let script = package.appending(path: "repl")
    try FileManager.default.copyItem(at: workbench.root.appending(path: "repl"), to: script)

    let run = try await Subprocess.run(
      script, ["--check"], environment: ["WORKBENCH_BIN_PATH": ""], timeout: .seconds(300))
    if Self.lldbMissing(run) { return }
    #expect(run.status == 4 && !run.signaled && !run.timedOut, "\(run.ending)")
    #expect(run.stderr.contains("not built yet"), "\(run.stderr)")
    #expect(run.stderr.contains("swift build --product WorkbenchREPL"), "\(run.stderr)")
    #expect(!run.stdout.contains("can start"))
    // Nothing was built: no build folder at all.
    #expect(!FileManager.default.fileExists(atPath: package.appending(path: ".build").path))
  }

  @Test("--check on a built workbench prints the lldb command, with the fork-mode setting")
  func checkPrintsTheCommand() async throws {
    let workbench = try Workbench.require()
    let run = try await Subprocess.run(
      workbench.root.appending(path: "repl"), ["--check"],
      environment: ["WORKBENCH_BIN_PATH": workbench.bin.path], timeout: .seconds(120))
    if Self.lldbMissing(run) { return }
    #expect(run.succeeded, "\(run.ending): \(run.stderr)")
    #expect(run.stdout.contains("The REPL can start"))
    #expect(run.stdout.contains("-lWorkbenchREPL"))
    #if os(Linux)
      // Without it, a busy machine interrupts lines (the top of `repl` says why).
      #expect(run.stdout.contains("target.process.follow-fork-mode\\ child"), "\(run.stdout)")
    #endif
  }
}
