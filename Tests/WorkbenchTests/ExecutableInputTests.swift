import Foundation
import Testing

/// The built `fsm` reading `--events-from -`, or the shell's lines, from what
/// a shell connects to its standard input: endless input, a folder, a
/// producer that never stops.
@Suite("the fsm executable: --events-from - from endless or odd standard input")
struct ExecutableInputTests {
  @Test("a line that never ends (< /dev/zero) is refused once past 16 MiB")
  func devZero() throws {
    let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
    let run = try ExecutableTests.run(
      ["run", "turnstile", "--events-from", "-"], standardInput: zero)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "Error: a line of standard input is longer than 16777216 bytes (16 MiB), the most "
          + "--events-from reads in one line: give the events on several lines\n"))
  }

  @Test("a folder on standard input (< /) is refused, not taken for no events")
  func folder() throws {
    let root = try #require(FileHandle(forReadingAtPath: "/"))
    let run = try ExecutableTests.run(
      ["run", "turnstile", "--events-from", "-"], standardInput: root)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "Error: cannot read events from standard input: it is a folder; give a file of "
          + "events, as in < events.txt, or pipe them in\n"))
  }

  @Test("a folder on the shell's standard input (fsm shell < /) is refused, not an empty session")
  func folderToTheShell() throws {
    let root = try #require(FileHandle(forReadingAtPath: "/"))
    let run = try ExecutableTests.run(["shell", "turnstile"], standardInput: root)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "Error: cannot read the shell's lines from standard input: it is a folder; type them "
          + "at a terminal, give a file of lines, as in < session.txt, or pipe them in\n"))
  }

  @Test("yes bogus | fsm run turnstile --events-from -: refused at once, input not drained")
  func endlessProducer() throws {
    let yes = Process()
    yes.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
    yes.arguments = ["bogus"]
    let pipe = Pipe()
    yes.standardOutput = pipe
    try yes.run()
    defer {
      // SIGKILL, not `terminate()`: the test runner's threads may block
      // SIGTERM, and a child inherits that.
      kill(yes.processIdentifier, SIGKILL)
      yes.waitUntilExit()
    }
    let run = try ExecutableTests.run(
      ["run", "turnstile", "--events-from", "-"], standardInput: pipe.fileHandleForReading)
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: unknown event 'bogus'; valid events: coin, pass\n"))
  }
}
