import Foundation

extension ExecutableTests {
  /// Runs `fsm` with `arguments`, reading `standardInput` (a file handle or
  /// a pipe), in `directory`, with `environment` added to this process's
  /// (whose `FSM_ROOT`, if any, is left out);
  /// one still running after `deadline` seconds is killed and reported with
  /// status -1, so that a hang fails the test instead of stalling the suite.
  ///
  /// Standard output and standard error go to files, so that nothing has to
  /// read them while the process runs.
  static func run(
    _ arguments: [String], standardInput: Any, directory: String? = nil,
    environment: [String: String] = [:], deadline: Double = 60
  ) throws -> Run {
    let folder = try TemporaryFolder()
    for name in ["out", "err"] { try Data().write(to: URL(fileURLWithPath: folder.file(name))) }
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var inherited = ProcessInfo.processInfo.environment
    inherited["FSM_ROOT"] = nil
    process.environment = inherited.merging(environment) { $1 }
    process.standardInput = standardInput
    process.standardOutput = FileHandle(forWritingAtPath: folder.file("out"))
    process.standardError = FileHandle(forWritingAtPath: folder.file("err"))
    try process.run()
    let end = Date().addingTimeInterval(deadline)
    while process.isRunning && Date() < end { usleep(10_000) }
    let hung = process.isRunning
    if hung { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let output = folder.bytes(of: "out") ?? []
    let errors = folder.bytes(of: "err") ?? []
    return Run(
      status: hung ? -1 : process.terminationStatus,
      output: String(decoding: output, as: UTF8.self),
      errors: hung
        ? "fsm was still running after \(deadline) seconds"
        : String(decoding: errors, as: UTF8.self))
  }
}
