import Foundation
import StateMachines
import Testing

@testable import Workbench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files are never replaced or lost: links, devices, FIFOs and folders where
/// a diagram goes, write errors, signals, and a reader that goes away.
@Suite("files are never replaced or lost")
struct FileSafetyTests {
  /// The turnstile's diagram, as `fsm diagram turnstile` prints it.
  static let turnstileDOT = Array(fsm("diagram", "turnstile").output.utf8)

  @Test("a symbolic link is written through: the file it points to is replaced, the link stays")
  func symbolicLink() throws {
    let folder = try TemporaryFolder()
    try Data("old".utf8).write(to: URL(fileURLWithPath: folder.file("target.dot")))
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.dot"), withDestinationPath: "target.dot")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("dangling.dot"), withDestinationPath: "made.dot")
    let result = fsm("diagram", "turnstile", "--output", folder.file("link.dot"))
    #expect(result.status == 0)
    #expect(result.errors == "wrote \(folder.file("link.dot"))\n")
    #expect(fileType(folder.file("link.dot")) == S_IFLNK)
    #expect(folder.bytes(of: "target.dot") == Self.turnstileDOT)
    // A link to nothing makes the file it names, as the shell's `>` does.
    #expect(fsm("diagram", "turnstile", "--output", folder.file("dangling.dot")).status == 0)
    #expect(fileType(folder.file("dangling.dot")) == S_IFLNK)
    #expect(folder.bytes(of: "made.dot") == Self.turnstileDOT)
    #expect(folder.listing == ["dangling.dot", "link.dot", "made.dot", "target.dot"])
  }

  @Test(
    "a character device is written to, never replaced; a full one fails with a message",
    .enabled(if: geteuid() == 0, "only root may make a device"))
  func characterDevice() throws {
    let folder = try TemporaryFolder()
    // Copies of /dev/null (1, 3) and /dev/full (1, 7), so the real ones are never at risk.
    let null = folder.file("null.dot")
    let full = folder.file("full.dot")
    try #require(mknod(null, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 3)) == 0)
    try #require(mknod(full, S_IFCHR | 0o666, deviceNumber(major: 1, minor: 7)) == 0)

    let written = try ExecutableTests.run(["diagram", "turnstile", "--output", null])
    #expect(written.status == 0)
    #expect(written.errors == "wrote \(null)\n")
    #expect(fileType(null) == S_IFCHR)

    let failed = try ExecutableTests.run(["diagram", "turnstile", "--output", full])
    #expect(failed.status == 1)
    #expect(
      failed.errors
        == "Error: could not write '\(full)': No space left on device; nothing was written\n")
    #expect(fileType(full) == S_IFCHR)
    #expect(folder.listing == ["full.dot", "null.dot"])
  }

  @Test("/dev/null takes a diagram in any format, as the README says; a folder is still refused")
  func devNull() {
    for arguments in [
      ["diagram", "turnstile", "--output", "/dev/null"],
      ["diagram", "turnstile", "--format", "png", "--output", "/dev/null"],
      ["run", "turnstile", "coin", "--diagram", "/dev/null"],
    ] {
      let result = fsm(arguments)
      #expect(result.status == 0, "\(arguments): \(result.errors)")
      #expect(result.errors.hasSuffix("wrote /dev/null\n"), "\(arguments)")
    }
    #expect(FileManager.default.fileExists(atPath: "/dev/null"))
    let folder = fsm("diagram", "turnstile", "--output", "/dev")
    #expect(folder.status == 64)
    #expect(folder.firstError.hasPrefix("Error: '/dev' is a folder"))
  }

  @Test("a FIFO is written to, never replaced")
  func fifo() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("pipe.dot")
    try #require(mkfifo(path, 0o600) == 0)
    // A reader that is there before fsm opens the FIFO, so that neither waits.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let run = try ExecutableTests.run(["diagram", "turnstile", "--format", "dot", "--output", path])
    #expect(run.status == 0)
    #expect(fileType(path) == S_IFIFO)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = read(reader, &buffer, buffer.count), count > 0 {
      received += buffer[..<count]
    }
    #expect(received == Self.turnstileDOT)
  }

  @Test("a folder where a tour diagram goes is refused, and no other diagram is written")
  func tourAllOrNothing() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      atPath: folder.file("security-system.png/inside"), withIntermediateDirectories: true)
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    let findings = DiagramsSection(
      machines: [Turnstile.self, SecuritySystem.self], styles: [.enum], folder: folder.path
    ).run(on: &console)
    #expect(!findings.passed)
    #expect(
      capture.output.contains(
        "✗ The diagrams were NOT drawn: could not write '\(folder.file("security-system.png"))': "
          + "it is a folder; nothing was written\n"))
    #expect(folder.listing == ["security-system.png"])
  }

  @Test("diagram --all writes every file or none: one that cannot be written stops them all")
  func diagramAllOrNothing() throws {
    let folder = try TemporaryFolder()
    let unwritable = try UnwritableFolder()
    // The link's target is in a folder nobody may write into.
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("turnstile.dot"), withDestinationPath: unwritable.path + "/turnstile.dot")
    let result = fsm("diagram", "--all", "--output-dir", folder.path)
    #expect(result.status == 1)
    #expect(
      result.errors
        == "Error: could not write '\(folder.file("turnstile.dot"))': Permission denied; "
        + "nothing was written\n")
    #expect(folder.listing == ["turnstile.dot"])
    #expect(fileType(folder.file("turnstile.dot")) == S_IFLNK)
  }

  @Test("a failed write to standard output exits with 1 and says why")
  func fullStandardOutput() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let run = try Self.start(["diagram", "turnstile"], output: full)
    let errors = run.errors.fileHandleForReading.readDataToEndOfFile()
    run.process.waitUntilExit()
    #expect(run.process.terminationStatus == 1)
    #expect(
      String(decoding: errors, as: UTF8.self)
        == "Error: could not write to standard output: No space left on device\n")
  }

  @Test(
    "piped into head, fsm ends quietly by SIGPIPE, as cat does, whatever SIGPIPE's disposition",
    arguments: ["trap - PIPE", "trap '' PIPE"])
  func pipedIntoHead(disposition: String) throws {
    let folder = try TemporaryFolder()
    // Far more than a pipe holds, so that fsm is still writing when head is
    // gone; the shell, because it answers each line as it reads it.
    let input = String(repeating: "coin\npass\n", count: 5_000)
    try Data(input.utf8).write(to: URL(fileURLWithPath: folder.file("input")))
    let script = """
      \(disposition)
      { "$0" shell turnstile <"$FOLDER/input" 2>"$FOLDER/errors"; echo $? >"$FOLDER/status"; } \\
        | head -1
      """
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", script, try ExecutableTests.executable().path]
    shell.environment = ProcessInfo.processInfo.environment.merging(["FOLDER": folder.path]) {
      $1
    }
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    let firstLine = output.fileHandleForReading.readDataToEndOfFile()
    shell.waitUntilExit()
    #expect(
      String(decoding: firstLine, as: UTF8.self)
        == fsm("shell", "turnstile", input: ["coin"]).output)
    #expect(folder.bytes(of: "status") == Array("141\n".utf8))
    #expect(folder.bytes(of: "errors") == [])
  }

  @Test(
    "SIGINT or SIGTERM while the files are written removes the temporary files",
    arguments: [SIGINT, SIGTERM])
  func signalRemovesTemporaries(signal: Int32) throws {
    let folder = try TemporaryFolder()
    let run = try Self.start(
      ["diagram", "--all", "--output-dir", folder.path],
      environment: ["FSM_TEST_HOLD_BEFORE_RENAME": "1"])
    // Waits for fsm to say that its temporary files are all there.
    var errors = Data()
    while errors.range(of: Data("holding".utf8)) == nil {
      let more = run.errors.fileHandleForReading.availableData
      if more.isEmpty { break }
      errors += more
    }
    #expect(folder.listing.count == Machines.all.count, "the temporary files, before the signal")
    kill(run.process.processIdentifier, signal)
    run.process.waitUntilExit()
    #expect(run.process.terminationReason == .uncaughtSignal)
    #expect(run.process.terminationStatus == signal)
    #expect(folder.listing == [])
  }

  /// Starts `fsm` with `arguments`, standard output into `output` (by
  /// default a pipe nobody reads), standard error into the returned pipe.
  static func start(
    _ arguments: [String], output: FileHandle? = nil, environment: [String: String] = [:]
  ) throws -> (process: Process, errors: Pipe) {
    let process = Process()
    process.executableURL = try ExecutableTests.executable()
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output ?? Pipe()
    process.standardError = errors
    try process.run()
    return (process, errors)
  }
}

/// The type of what is at `path`, links not followed: `S_IFREG`, `S_IFLNK`, ...
private func fileType(_ path: String) -> mode_t? {
  var status = stat()
  guard lstat(path, &status) == 0 else { return nil }
  return status.st_mode & S_IFMT
}

/// Linux's number for a device, as `makedev` computes it for small numbers.
private func deviceNumber(major: UInt64, minor: UInt64) -> dev_t {
  dev_t(major << 8 | minor)
}
