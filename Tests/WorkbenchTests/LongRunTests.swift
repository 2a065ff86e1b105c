import Foundation
import StateMachines
import Testing

@testable import Workbench

@Suite("long runs: --events-from, and events handed to ArgumentParser in few arguments")
struct LongRunTests {
  /// The turnstile's trace for `coin pass pass`.
  static let trace = text(
    "coin   locked   -> unlocked   fired     unlock",
    "pass   unlocked -> locked     fired     lock",
    "pass   locked   -> locked     fired     alarm")

  @Test("run --events-from FILE: one event a line or several a line, blank lines ignored")
  func fromFile() throws {
    let folder = try TemporaryFolder()
    try Data("coin\r\n\n  pass\tpass  \n".utf8).write(to: URL(fileURLWithPath: folder.file("e")))
    let result = fsm("run", "turnstile", "--events-from", folder.file("e"))
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output == Self.trace)
  }

  @Test("run --events-from - reads standard input, to its end")
  func fromStandardInput() {
    let result = fsm(
      "run", "--events-from", "-", "--json", "turnstile", input: ["coin pass", "", "pass"])
    #expect(result.status == 0)
    #expect(result.output == fsm("run", "turnstile", "--json", "coin", "pass", "pass").output)
  }

  @Test("a bad event anywhere in the file stops the run before it starts")
  func badEvent() {
    let result = fsm("run", "turnstile", "--events-from", "-", input: ["coin", "pass dance"])
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(result.firstError == "Error: unknown event 'dance'; valid events: coin, pass")
  }

  @Test("a file that cannot be read is a usage error that says why")
  func unreadable() throws {
    let folder = try TemporaryFolder()
    let result = fsm("run", "turnstile", "--events-from", folder.path)
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: '\(folder.path)' given to --events-from is a folder: give a file of events, "
        + "or - for standard input")
  }

  @Test("diagram --events-from draws what --events draws")
  func diagram() throws {
    let folder = try TemporaryFolder()
    try Data("arm breach\nreset:1234\n".utf8).write(to: URL(fileURLWithPath: folder.file("e")))
    let fromFile = fsm("diagram", "security-system", "--events-from", folder.file("e"))
    let fromInput = fsm(
      "diagram", "security-system", "--events-from", "-", input: ["arm breach reset:1234"])
    let inline = fsm("diagram", "security-system", "--events", "arm", "breach", "reset:1234")
    #expect(fromFile.status == 0)
    #expect(fromFile.output == inline.output)
    #expect(fromInput.output == inline.output)
    #expect(inline.output.contains("a run of 3 events"))
  }

  @Test("diagram --events-from refuses what --events refuses, and a bad event in it")
  func diagramRefusals() {
    let cases: [([String], String)] = [
      (
        ["diagram", "turnstile", "--events", "coin", "--events-from", "-"],
        "Error: give the events with --events or with --events-from, not both"
      ),
      (
        ["diagram", "turnstile", "--observed", "--events-from", "-"],
        "Error: --observed draws what the code does, --events-from draws one run: "
          + "choose one of them"
      ),
      (
        ["diagram", "--all", "--output-dir", ".", "--events-from", "-"],
        "Error: --events-from draws a run of one machine: name the machine, not --all"
      ),
      (
        ["diagram", "turnstile", "--events-from", "-"],
        "Error: unknown event 'dance'; valid events: coin, pass"
      ),
    ]
    for (arguments, message) in cases {
      let result = fsm(arguments, input: ["coin dance"])
      #expect(result.status == 64, "\(arguments)")
      #expect(result.output.isEmpty, "\(arguments)")
      #expect(result.firstError == message)
    }
  }

  @Test("100,000 events on the command line, from standard input, and drawn")
  func hundredThousand() {
    let events = (0..<100_000).map { $0 % 2 == 0 ? "coin" : "pass" }
    let inline = fsm(["run", "turnstile"] + events)
    #expect(inline.status == 0)
    #expect(inline.lines.count == events.count)
    #expect(inline.lines.last == "pass   unlocked -> locked     fired     lock")
    let piped = fsm("run", "turnstile", "--events-from", "-", input: events)
    #expect(piped.output == inline.output)
    let drawn = fsm(["diagram", "turnstile", "--events"] + events)
    #expect(drawn.status == 0)
    #expect(drawn.output.contains("a run of 100000 events"))
  }

  @Test("ArgumentParser sees a few arguments however many events there are")
  func fewArguments() throws {
    let events = (0..<100_000).map { $0 % 3 == 0 ? "pass" : "coin" }
    let arguments = ["run", "--style", "enum", "turnstile"] + events + ["--json"]
    let joined = EventRuns.join(arguments)
    #expect(joined.count == 6)
    #expect(Array(joined.prefix(4)) == ["run", "--style", "enum", "turnstile"])
    #expect(joined.last == "--json")
    let command = try #require(try FSM.parseAsRoot(joined) as? RunCommand)
    #expect(EventRuns.split(command.events) == events)
    #expect(command.style == .enum)
    #expect(command.json)

    let drawn = EventRuns.join(
      ["diagram", "turnstile", "--events"] + events + ["--style", "enum"])
    #expect(drawn.count == 6)
    #expect(EventRuns.split([drawn[3]]) == events)
  }

  @Test("what cannot be joined is left as it is")
  func notJoined() {
    let afterTerminator = ["run", "turnstile", "--", "coin", "pass", "pass"]
    #expect(EventRuns.join(afterTerminator) == afterTerminator)
    let withNUL = ["run", "turnstile", "coin", "pass", "pass", "send:\u{0}"]
    #expect(EventRuns.join(withNUL) == withNUL)
    let other = ["describe", "turnstile", "coin", "pass", "pass"]
    #expect(EventRuns.join(other) == other)
    // Only the values of --events are events in a diagram.
    let diagram = ["diagram", "turnstile", "extra", "more", "--events", "coin", "pass"]
    #expect(EventRuns.join(diagram) == Array(diagram.prefix(5)) + ["coin\u{0}pass"])
  }
}
