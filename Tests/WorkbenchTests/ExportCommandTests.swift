import Foundation
import StateMachines
import Testing

@testable import Workbench

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("fsm export: SCXML 1.0 written from the descriptions")
struct ExportCommandTests {
  @Test("the turnstile's document, exactly")
  func turnstileDocument() {
    let run = fsm("export", "turnstile", "--format", "scxml")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(
      run.output == """
        <?xml version="1.0" encoding="utf-8" standalone="no"?>
        <!--
          turnstile: The coin-operated turnstile of a subway gate: two states, two events.
          Written by fsm export from the machine's description, as SCXML 1.0.
          Outputs are <log label="OUTPUT"/>, with expr for an output's data.
          An event's argument is _event.data (see docs/scxml.md).
        -->
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="turnstile" initial="locked" datamodel="null">
          <state id="locked">
            <!-- coin / unlock -> unlocked -->
            <transition event="coin" target="unlocked">
              <log label="unlock"/>
            </transition>
            <!-- pass / alarm -> locked -->
            <transition event="pass" target="locked">
              <log label="alarm"/>
            </transition>
          </state>
          <state id="unlocked">
            <!-- coin / thankYou -> unlocked -->
            <transition event="coin" target="unlocked">
              <log label="thankYou"/>
            </transition>
            <!-- pass / lock -> locked -->
            <transition event="pass" target="locked">
              <log label="lock"/>
            </transition>
          </state>
        </scxml>

        """)
  }

  @Test("the game character: a parallel of two regions, composite states, shallow history")
  func gameCharacterHierarchy() {
    let run = fsm("export", "game-character", "--format", "scxml")
    #expect(run.status == 0)
    for element in [
      #"initial="game-character" datamodel="ecmascript">"#,
      #"<parallel id="game-character">"#,
      #"<state id="movement" initial="onGround">"#,
      #"<state id="weapon" initial="unarmed">"#,
      #"<state id="onGround" initial="standing">"#,
      #"<state id="inAir" initial="jumping">"#,
      #"<history id="onGround.history" type="shallow">"#,
      #"<transition event="land" target="onGround.history"/>"#,
      #"<transition event="fire" cond="!In('diving')">"#,
      #"<transition event="pickUp" cond="_event.data.weapon === 'gun'" target="gun"/>"#,
    ] {
      #expect(run.output.contains(element), "no \(element)")
    }
    // `armed` has no initial substate, and says none.
    #expect(run.output.contains(#"<state id="armed">"#))
  }

  @Test(
    "every guard, effect and timer is written, none as an undefined function",
    arguments: Machines.ids)
  func everyMachine(_ id: String) throws {
    let run = fsm("export", id, "--format", "scxml")
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("<?xml version=\"1.0\""))
    #expect(run.output.contains(#"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0""#))
    #expect(!run.output.contains("Not expressed"), "a label without its ECMAScript")
    let document = try XMLDocument(xmlString: run.output)
    let transitions = try document.nodes(forXPath: "//*[local-name()='transition']")
    let machine = try #require(Machines.named(id))
    let labelled = guardsAndTransitions(of: machine)
    // Every transition of the description is one, with its label in a comment.
    #expect(transitions.count >= labelled.count)
    for label in labelled {
      #expect(run.output.contains("<!-- \(label)"), "\(id): no transition for \(label)")
    }
  }

  @Test("the machine options set the data the document starts with")
  func options() {
    let run = fsm(
      "export", "gumball-machine", "--format", "scxml", "--gumballs", "2", "--winner", "always")
    #expect(run.output.contains(#"<data id="count" expr="2"/>"#))
    #expect(run.output.contains(#"<data id="winnerPolicy" expr="'always'"/>"#))
    let code = fsm("export", "security-system", "--format", "scxml", "--code", "0042")
    #expect(code.output.contains(#"<data id="code" expr="'0042'"/>"#))
    let loaded = fsm("export", "record-commit", "--format", "scxml", "--loaded")
    #expect(loaded.output.contains(#"<data id="loaded" expr="true"/>"#))
  }

  @Test("--output writes the file named, and nothing else")
  func outputFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("turnstile.scxml").path
    let run = fsm("export", "turnstile", "--format", "scxml", "--output", path)
    #expect(run.status == 0)
    #expect(run.output.isEmpty)
    #expect(run.firstError == "wrote \(path)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == fsm("export", "turnstile", "--format", "scxml").output)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["turnstile.scxml"])
  }

  @Test(
    "bad input is a usage error that names the valid choices",
    arguments: [
      (
        ["export", "bogus", "--format", "scxml"],
        "Error: The value 'bogus' is invalid for '<machine>'. Please provide one of the following:"
      ),
      (
        ["export", "turnstile", "--format", "xml"],
        "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'scxml'."
      ),
      (["export", "turnstile"], "Error: give the format with --format: scxml"),
      (
        ["export", "--format", "scxml"],
        "Error: Missing expected argument '<machine>': name one of \(Machines.ids.joinedAsChoices)"
      ),
      (
        ["export", "turnstile", "--format", "scxml", "--code", "12"],
        "Error: --code goes with security-system; turnstile takes no machine options"
      ),
      (
        ["export", "gumball-machine", "--format", "scxml", "--seed", "3"],
        "Error: --seed cannot be exported: SCXML's ECMAScript draws with Math.random(), not the "
          + "workbench's seeded generator; give --winner never or always for a repeatable document, "
          + "or leave out --seed"
      ),
      (
        ["export", "security-system", "--format", "scxml", "--code", "ab"],
        "Error: the security code must be digits, as in 1234, not 'ab'"
      ),
      (
        ["export", "turnstile", "--format", "scxml", "--output", "/"],
        "Error: --output needs a file name, as in --output turnstile.svg"
      ),
      (
        ["export", "turnstile", "--format", "scxml", "--output", "/no/such/folder/t.scxml"],
        "Error: cannot write '/no/such/folder/t.scxml': the folder '/no/such/folder' does not exist"
      ),
    ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let run = fsm(arguments)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(run.firstError == message)
  }

  /// The comment each transition of `machine`'s description is written
  /// after: its label, as far as the arrow.
  private func guardsAndTransitions(of machine: any CatalogMachine.Type) -> [String] {
    labels(machine)
  }

  private func labels<M: CatalogMachine>(_: M.Type) -> [String] {
    M.description.transitions.map { transition in
      let label = M.description.label(of: transition)
      return transition.isCompletion ? "(completion)" : label
    }
  }
}
