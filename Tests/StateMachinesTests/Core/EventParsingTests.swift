import ConformanceSupport
import StateMachines
import Testing
import Workbench

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

  @Test(
    "a table row's event kind is one of the events the machine reads, and back",
    arguments: Machines.ids)
  func kindsAreTheEventNames(machine id: String) throws {
    let machine = try #require(Machines.named(id))
    let kinds = kindNames(of: machine)
    let signatures = signatureNames(of: machine)
    let samplesMatch = sampleKindsMatchNames(of: machine)
    #expect(kinds == signatures, "\(id): kinds and signatures differ")
    #expect(samplesMatch, "\(id): an event's kind is not its name")
  }

  /// The raw values of `M`'s event kinds, in declaration order.
  private func kindNames<M: CatalogMachine>(of _: M.Type) -> [String] {
    M.Event.Kind.allCases.map(\.rawValue)
  }

  /// The names `M`'s events are read by, in the order `fsm describe` lists them.
  private func signatureNames<M: CatalogMachine>(of _: M.Type) -> [String] {
    M.Event.signatures.map(\.name)
  }

  /// Whether every sample event's kind is the name it is written with.
  private func sampleKindsMatchNames<M: CatalogMachine>(of _: M.Type) -> Bool {
    M.sampleConfigurations.allSatisfy { configuration in
      M.sampleEvents(for: configuration).allSatisfy { event in
        (try? M.Event.parse(event.description))?.kind == event.kind
          && event.description.hasPrefix(event.kind.rawValue)
      }
    }
  }
}
