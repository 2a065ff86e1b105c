import StateMachines
import Testing

@testable import Workbench

@Suite("JSON and text formatting of trace steps")
struct FormattingTests {
  typealias Step = TraceStep<Turnstile.State, Turnstile.Event, Turnstile.Output>

  @Test("JSON strings escape quotes, backslashes and control characters")
  func escaping() {
    #expect(JSONTrace.string(#"he said "hi""#) == #""he said \"hi\"""#)
    #expect(JSONTrace.string(#"C:\path"#) == #""C:\\path""#)
    #expect(
      JSONTrace.string("line\nbreak\ttab\r\u{0}\u{1F}")
        == #""line\u000Abreak\u0009tab\u000D\u0000\u001F""#)
    #expect(JSONTrace.string("del\u{7F} csi\u{9B}") == #""del\u007F csi\u009B""#)
    #expect(JSONTrace.string("café ☕️ 🚇 /") == "\"café ☕️ 🚇 /\"")
    #expect(JSONTrace.string("") == #""""#)
  }

  @Test("text escapes what a terminal would not show as itself, and nothing else")
  func printable() {
    #expect("disarm:1234".printable == "disarm:1234")
    #expect("café ☕️ 🚇 👩‍👩‍👧 \\ '".printable == "café ☕️ 🚇 👩‍👩‍👧 \\ '")
    #expect("a\u{1B}[2Jb".printable == #"a\u{1B}[2Jb"#)
    #expect("\u{0}\t\n\r\u{7F}\u{85}\u{9B}".printable == #"\u{0}\u{9}\u{A}\u{D}\u{7F}\u{85}\u{9B}"#)
    #expect("left\u{202E}right\u{2028}\u{FEFF}".printable == #"left\u{202E}right\u{2028}\u{FEFF}"#)
    #expect("one\ntwo\u{1B}".printableLines == "one\n" + #"two\u{1B}"#)
  }

  @Test("JSON arrays")
  func arrays() {
    #expect(JSONTrace.array([]) == "[]")
    #expect(JSONTrace.array(["a", "b\"c"]) == #"["a", "b\"c"]"#)
  }

  @Test("a step through a transient state lists it in via, after the outputs")
  func via() {
    let step = Step(
      event: .coin, from: .locked, to: .locked, fired: true, via: [.unlocked],
      outputs: [.unlock, .lock])
    #expect(
      JSONTrace.line(step)
        == #"{"event": "coin", "from": "locked", "to": "locked", "fired": true, "outputs": ["unlock", "lock"], "via": ["unlocked"]}"#
    )
    #expect(
      TraceText(Turnstile.self).line(step)
        == "coin   locked   -> locked (via unlocked)   fired     unlock, lock")
  }

  @Test("a rejected step has an escaped error and no outputs")
  func rejected() {
    let step = Step(
      event: .pass, from: .locked, to: .locked, fired: false, outputs: [],
      error: "no \"pass\" here\\")
    #expect(
      JSONTrace.line(step)
        == #"{"event": "pass", "from": "locked", "to": "locked", "fired": false, "outputs": [], "error": "no \"pass\" here\\"}"#
    )
    #expect(
      TraceText(Turnstile.self).line(step)
        == #"pass   locked   -> locked     rejected: no "pass" here\"#)
  }

  @Test("the text columns fit the machine's longest usage and state")
  func columns() {
    let step = TraceStep<SecuritySystem.State, SecuritySystem.Event, SecuritySystem.Output>(
      event: .arm, from: .disarmed, to: .armed, fired: true, outputs: [.systemArmed])
    #expect(
      TraceText(SecuritySystem.self).line(step)
        == "arm           disarmed    -> armed         fired     systemArmed")
    let long = SecuritySystem.Event.disarm(code: "12345678901234")  // 21 characters
    #expect(
      TraceText(SecuritySystem.self, events: [long]).line(step)
        == "arm" + String(repeating: " ", count: 18)
        + "   disarmed    -> armed         fired     systemArmed")
  }

  @Test("an event whose argument is a state id is as wide as its longest id, so the shell lines up")
  func stateArgumentColumns() {
    typealias Step = TraceStep<
      TicketWorkflow.State, TicketWorkflow.Event, TicketWorkflow.Output
    >
    let text = TraceText(TicketWorkflow.self)
    #expect(
      text.line(
        Step(event: .moveTo(.inProgress), from: .open, to: .inProgress, fired: true, outputs: []))
        == "moveTo:inProgress   open       -> inProgress   fired")
    #expect(
      text.line(Step(event: .moveTo(.open), from: .inProgress, to: .open, fired: true, outputs: []))
        == "moveTo:open         inProgress -> open         fired")
  }
}
