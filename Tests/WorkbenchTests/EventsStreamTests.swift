import Foundation
import Testing

@testable import Workbench

/// Standard input that repeats `line` up to `times` times, counting the
/// lines it was asked for: how far `fsm` read before it stopped.
private final class RepeatedInput {
  let line: String
  let times: Int
  var reads = 0

  init(_ line: String, times: Int) {
    self.line = line
    self.times = times
  }

  /// Runs `fsm` in-process with `arguments`, reading this input.
  func fsm(_ arguments: String...) -> Transcript {
    let capture = Capture()
    var console = Console(
      readLine: { [self] in
        guard reads < times else { return nil }
        reads += 1
        return line
      }, isInteractive: false, output: { capture.output += $0 },
      errorOutput: { capture.errors += $0 })
    let status = FSM.execute(arguments, console: &console)
    return Transcript(status: status, output: capture.output, errors: capture.errors)
  }
}

@Suite("--events-from: read as a stream, checked as it is read, bounded")
struct EventsStreamTests {
  @Test(
    "a bad event stops the reading at once, as `yes bogus | fsm run turnstile --events-from -`",
    arguments: [["run", "turnstile"], ["diagram", "turnstile"]])
  func badEventAtOnce(command: [String]) {
    let input = RepeatedInput("bogus", times: 100_000)
    let result = input.fsm(command[0], command[1], "--events-from", "-")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.firstError == "Error: unknown event 'bogus'; valid events: coin, pass")
    #expect(input.reads <= 2, "read \(input.reads) lines after the first bad event")
  }

  @Test("a bad event after good ones: nothing runs, and nothing more is read")
  func badEventAfterGoodOnes() {
    let capture = Capture()
    var lines = ["coin", "pass", "coin dance"][...]
    var reads = 0
    var console = Console(
      readLine: {
        // Good events after the bad one, a thousand, as if they went on.
        guard reads < 1_000 else { return nil }
        reads += 1
        return lines.popFirst() ?? "coin"
      }, isInteractive: false, output: { capture.output += $0 },
      errorOutput: { capture.errors += $0 })
    let status = FSM.execute(["run", "turnstile", "--events-from", "-"], console: &console)
    #expect(status == 64)
    #expect(capture.output.isEmpty)
    #expect(capture.errors.hasPrefix("Error: unknown event 'dance'; valid events: coin, pass\n"))
    #expect(reads == 3)
  }

  @Test("more than a million events is refused, naming the bound, before any runs")
  func tooManyEvents() {
    let thousand = Array(repeating: "coin", count: 1_000).joined(separator: " ")
    let input = RepeatedInput(thousand, times: 1_001)
    let result = input.fsm("run", "turnstile", "--events-from", "-")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.firstError
        == "Error: standard input holds more than 1000000 events, the most --events-from "
        + "reads: split them into several runs")
  }

  @Test("more than 64 MiB in all is refused, naming the bound, before any runs")
  func tooManyBytes() {
    let megabyte = String(repeating: " ", count: 1 << 20) + "coin"
    let input = RepeatedInput(megabyte, times: 65)
    let result = input.fsm("run", "turnstile", "--events-from", "-")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.firstError
        == "Error: standard input is longer than 67108864 bytes (64 MiB), the most "
        + "--events-from reads: split the events into several runs")
    #expect(input.reads == 64)
  }

  @Test("a line longer than 16 MiB is refused, naming the bound")
  func longLine() {
    let input = RepeatedInput(String(repeating: "a", count: (16 << 20) + 1), times: 1)
    let result = input.fsm("run", "turnstile", "--events-from", "-")
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: a line of standard input is longer than 16777216 bytes (16 MiB), the most "
        + "--events-from reads in one line: give the events on several lines")
  }

  @Test("process substitution, as in --events-from <(grep coin log): a pipe is read")
  func processSubstitution() throws {
    for command in [["run", "turnstile"], ["diagram", "turnstile"]] {
      let pipe = Pipe()
      pipe.fileHandleForWriting.write(Data("coin pass\npass\n".utf8))
      try pipe.fileHandleForWriting.close()
      let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
      let result = fsm(command + ["--events-from", path])
      #expect(result.status == 0, "\(command): \(result.errors)")
      #expect(result.errors.isEmpty)
      let inline = command[0] == "run" ? command : command + ["--events"]
      let expected = fsm(inline + ["coin", "pass", "pass"])
      #expect(result.output == expected.output)
      try pipe.fileHandleForReading.close()
    }
  }

  @Test("a named pipe (mkfifo) is read as it is written")
  func namedPipe() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("events")
    #expect(mkfifo(path, 0o600) == 0)
    let writer = Thread {
      // Opening blocks until fsm opens the other end.
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.write(Data("coin\npass\npass\n".utf8))
      try? handle.close()
    }
    writer.start()
    let result = fsm("run", "turnstile", "--events-from", path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output == LongRunTests.trace)
  }

  @Test("a device that never ends a line is refused, not read forever")
  func endlessDevice() {
    let result = fsm("run", "turnstile", "--events-from", "/dev/zero")
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: a line of '/dev/zero' is longer than 16777216 bytes (16 MiB), the most "
        + "--events-from reads in one line: give the events on several lines")
  }
}
