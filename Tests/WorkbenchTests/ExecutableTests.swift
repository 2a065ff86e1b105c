import Foundation
import Testing

/// The built `fsm` executable, run as a subprocess: the real entry point, the
/// real exit status, the real standard streams.
@Suite("the fsm executable")
struct ExecutableTests {
  /// What a run of the executable printed, and how it ended.
  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  /// `fsm`, next to the test bundle in the build folder.
  static func executable() throws -> URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    var folder = testBinary.deletingLastPathComponent()
    // On Darwin the tests run inside `Package.xctest/Contents/MacOS`.
    while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
      folder = folder.deletingLastPathComponent()
    }
    let fsm = folder.appendingPathComponent("fsm")
    guard FileManager.default.isExecutableFile(atPath: fsm.path) else {
      throw MissingExecutable(path: fsm.path)
    }
    return fsm
  }

  /// The tests found no `fsm` to run: a failure, not a reason to skip.
  struct MissingExecutable: Error, CustomStringConvertible {
    var path: String

    var description: String {
      "the fsm executable is missing at \(path); build it with `swift build` first"
    }
  }

  /// Runs `fsm` with `arguments`, writing `input` to its standard input.
  static func run(_ arguments: [String], input: String = "") throws -> Run {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  @Test("a good run prints the JSON trace and exits with 0")
  func goodRun() throws {
    let run = try Self.run(["run", "security-system", "--json", "arm", "breach", "reset:1234"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output
        == """
        {"event": "arm", "from": "disarmed", "to": "armed", "fired": true, "outputs": ["systemArmed"]}
        {"event": "breach", "from": "armed", "to": "alarm", "fired": true, "outputs": ["alarmSounded"]}
        {"event": "reset:1234", "from": "alarm", "to": "disarmed", "fired": true, "outputs": ["codeAccepted", "alarmStopped", "systemDisarmed"]}

        """)
  }

  @Test("a usage error goes to standard error with status 64 and nothing on standard output")
  func usageError() throws {
    let run = try Self.run(["run", "turnstile", "coin", "coin:5"])
    #expect(run.status == 64)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("Error: event 'coin' takes no argument, but was given '5'\n"))
  }

  @Test("an unknown machine names the machines")
  func unknownMachine() throws {
    let run = try Self.run(["describe", "toaster"])
    #expect(run.status == 64)
    #expect(run.output == "")
    #expect(run.errors.hasPrefix("Error: The value 'toaster' is invalid for '<machine>'."))
    // ArgumentParser quotes a few choices in a line and lists more, one a line.
    #expect(run.errors.contains("'turnstile'") || run.errors.contains("  - turnstile\n"))
  }

  @Test("a diagram rendered by the real executable: a PNG file, its path on standard error")
  func diagram() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("turnstile.png")
    let run = try Self.run(["diagram", "turnstile", "--output", path])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(run.errors == "wrote \(path)\n")
    #expect(folder.listing == ["turnstile.png"])
    let png = try #require(folder.bytes(of: "turnstile.png"))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  @Test("lines piped into the shell: no prompts, just the steps and the replies")
  func pipedShell() throws {
    let run = try Self.run(
      ["shell", "turnstile"], input: "coin\n\npass\nstyle enum\nstate\ndance\ncoin")
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output
        == """
        coin   locked   -> unlocked   fired     unlock
        pass   unlocked -> locked     fired     lock
        switched from state-pattern to enum: replayed 2 events, the trace is identical; in locked
        locked (enum, 2 events so far)
        unknown event 'dance'; valid events: coin, pass (type help for the events and the shell's commands)
        coin   locked   -> unlocked   fired     unlock

        """)
  }

  @Test("a line longer than the limit is skipped, and memory stays bounded while it is read")
  func endlessLine() throws {
    // One line of 17 MiB with no break until the end: the old reader kept it
    // whole (a line that never ends, `< /dev/zero`, grew without bound).
    let long = String(repeating: "a", count: (17 << 20))
    let run = try Self.run(["shell", "turnstile"], input: long + "\ncoin\n")
    #expect(run.status == 0)
    #expect(
      run.output
        == """
        a line of more than 16777216 bytes was skipped: type one event or command a line
        coin   locked   -> unlocked   fired     unlock

        """)
  }
}
