import ConformanceSupport
import StateMachines
import Testing

@Suite("Reading events from text")
struct EventParsingTests {
  @Test func plainEvent() throws {
    #expect(try SecuritySystem.Event.parse("arm") == .arm)
  }

  @Test func eventWithCode() throws {
    #expect(try SecuritySystem.Event.parse("disarm:0042") == .disarm(code: "0042"))
  }

  @Test func writtenBackAsRead() throws {
    for text in ["arm", "disarm:1234", "reset:0000", "breach", "panic"] {
      #expect(try SecuritySystem.Event.parse(text).description == text)
    }
  }

  @Test func unknownEventNamesTheValidOnes() {
    #expect(throws: EventSyntaxError("unknown event 'jump'; valid events: coin, pass")) {
      try Turnstile.Event.parse("jump")
    }
  }

  @Test func unknownEventShowsHowToWriteEachOne() {
    let valid = "arm, disarm:CODE, breach, panic, reset:CODE"
    #expect(throws: EventSyntaxError("unknown event 'disarmed'; valid events: \(valid)")) {
      try SecuritySystem.Event.parse("disarmed")
    }
  }

  @Test func missingArgument() {
    #expect(throws: EventSyntaxError("event 'disarm' needs a code: write disarm:CODE")) {
      try SecuritySystem.Event.parse("disarm")
    }
  }

  @Test func emptyArgumentIsMissing() {
    #expect(throws: EventSyntaxError.self) { try SecuritySystem.Event.parse("disarm:") }
  }

  @Test func malformedCode() {
    #expect(
      throws: EventSyntaxError(
        "'12a4' is not a valid code for 'disarm': expected digits, as in 1234")
    ) {
      try SecuritySystem.Event.parse("disarm:12a4")
    }
  }

  @Test func argumentToAnEventThatTakesNone() {
    #expect(throws: EventSyntaxError("event 'coin' takes no argument, but was given '5'")) {
      try Turnstile.Event.parse("coin:5")
    }
  }

  @Test func namesAreCaseSensitive() {
    #expect(throws: EventSyntaxError.self) { try Turnstile.Event.parse("Coin") }
  }

  @Test func signaturesShowTheirUsage() {
    #expect(
      SecuritySystem.Event.signatures.map(\.usage) == [
        "arm", "disarm:CODE", "breach", "panic", "reset:CODE",
      ])
  }
}
