import Foundation
import StateMachines
import Testing

@testable import Workbench

/// `fsm new MACHINE --from FILE.scxml`: a flat SCXML document read into the
/// model the table gives, everything the table cannot say refused with its
/// line, and the catalog's own exports read back.
@Suite("fsm new: a machine from a flat SCXML document")
struct SCXMLImportTests {
  /// The door as SCXML, the fixture beside door.table.
  static var doorSCXML: String {
    (try? String(contentsOfFile: ScaffoldTests.fixtures + "/door.scxml", encoding: .utf8)) ?? ""
  }

  /// A table's model with its rows' lines left out: the lines of a table
  /// and of a document differ.
  static func withoutLines(_ table: MachineTable) -> MachineTable {
    var table = table
    for index in table.rows.indices { table.rows[index].line = 0 }
    return table
  }

  @Test("the door's SCXML reads into the model of the door's table")
  func doorEqualsTable() throws {
    let imported = try SCXMLImporter.parse(Self.doorSCXML, id: "door", file: "door.scxml")
    // SCXML writes a state's transitions inside it, so the door's rows come
    // state by state, and it has no sample: the table, written so.
    var lines = ScaffoldTests.doorTable.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    let close = try #require(lines.firstIndex(of: "opened -- close --> closed"))
    lines.remove(at: close)
    let lock = try #require(lines.firstIndex(of: "closed -- lock(code) / bolt --> locked"))
    lines.insert("opened -- close --> closed", at: lock + 1)
    let table = lines.joined(separator: "\n").replacing(" sample 1234", with: "")
    #expect(Self.withoutLines(imported.table) == Self.withoutLines(try TableParser.parse(table)))
    #expect(imported.table.rows.map(\.line) == [6, 9, 14, 20])
    #expect(imported.table.guards.map(\.functionName) == ["codeMatches"])
    #expect(imported.conditions.map(\.expression) == ["codeMatches(_event.data.code)"])
    // The notation it was written as reads back to the same machine.
    #expect(
      Self.withoutLines(try TableParser.parse(imported.notation))
        == Self.withoutLines(imported.table))
  }

  @Test("a document is SCXML by its name or by its root element")
  func recognizesSCXML() {
    #expect(SCXMLImporter.isSCXML(path: "door.SCXML", text: ""))
    #expect(SCXMLImporter.isSCXML(path: nil, text: Self.doorSCXML))
    #expect(SCXMLImporter.isSCXML(path: "-", text: "\n<scxml xmlns='x'/>"))
    #expect(!SCXMLImporter.isSCXML(path: "door.table", text: ScaffoldTests.doorTable))
    #expect(!SCXMLImporter.isSCXML(path: nil, text: "<?xml version='1.0'?><html/>"))
  }

  /// A document around `body`: line 1 is `<scxml>`, the body starts on line 2.
  static func document(_ body: String, initial: String = "a") -> String {
    "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"\(initial)\">\n"
      + body + "\n</scxml>\n"
  }

  /// Two states that go back and forth, on lines 2 and 3.
  static let twoStates =
    "<state id=\"a\"><transition event=\"walk\" target=\"b\"/></state>\n"
    + "<state id=\"b\"><transition event=\"back\" target=\"a\"/></state>"

  @Test("several events, conditions, data and a final state")
  func readsTheFlatSubset() throws {
    let text = Self.document(
      """
      <datamodel/>
      <state id="a">
        <onexit><log label="leaving"/></onexit>
        <transition event="walk push" target="b"><send event="moved"/></transition>
        <transition event="code" cond="_event.data.pin == '1234'" target="done"/>
        <transition event="code" cond="codeValid(_event)" target="b"/>
      </state>
      <state id="b"><transition event="back" cond="_event.data.pin == '1234'" target="a"/></state>
      <final id="done"><onentry><log label="bye" expr="'!'"/></onentry></final>
      """)
    let table = try SCXMLImporter.parse(text, id: "pad", file: "pad.scxml").table
    #expect(
      table.rows.map { $0.label(in: table) } == [
        "a -- walk / moved --> b", "a -- push / moved --> b",
        "a -- code(pin) [condition 1] --> done", "a -- code(pin) [code valid] --> b",
        "b -- back(pin) [condition 1] --> a",
      ])
    #expect(table.rows.map(\.line) == [5, 5, 6, 7, 9])
    #expect(table.finalStates == ["done"])
    #expect(table.activities["a"] == .init(entry: [], exit: ["leaving"]))
    #expect(table.activities["done"] == .init(entry: ["bye"], exit: []))
    #expect(table.event("code")?.argument?.name == "pin")
    #expect(table.event("code")?.argument?.type == .string)
    #expect(table.event("walk")?.argument == nil)
    #expect(table.summary == "A machine read from pad.scxml.")
  }

  /// A document with one thing the table cannot say, its line, and words
  /// its message has.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var words: [String]
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "regions", text: document(twoStates + "\n<parallel id=\"p\"/>"), line: 4,
      words: ["cannot take <parallel>", "one state at a time"]),
    Refusal(
      name: "history",
      text: document(
        "<state id=\"a\">\n<history id=\"h\"/>\n<transition event=\"walk\" target=\"a\"/></state>"),
      line: 3, words: ["cannot take <history>"]),
    Refusal(
      name: "a nested state",
      text: document(twoStates + "\n<state id=\"c\">\n<state id=\"c1\"/></state>"), line: 5,
      words: ["nested <state> 'c1'", "in 'c'", "top-level"]),
    Refusal(
      name: "a datamodel with data",
      text: document("<datamodel>\n<data id=\"n\" expr=\"0\"/></datamodel>\n" + twoStates),
      line: 3, words: ["<datamodel> with <data>", "no extended state"]),
    Refusal(
      name: "a script", text: document(twoStates + "\n<script>var x = 1;</script>"), line: 4,
      words: ["cannot take <script>"]),
    Refusal(
      name: "an assign",
      text: document(
        "<state id=\"a\"><onentry>\n<assign location=\"x\" expr=\"1\"/></onentry>"
          + "<transition event=\"walk\" target=\"a\"/></state>"),
      line: 3, words: ["cannot take <assign>"]),
    Refusal(
      name: "an if",
      text: document(
        "<state id=\"a\"><transition event=\"walk\" target=\"a\">\n<if cond=\"true\"/>"
          + "</transition></state>"),
      line: 3, words: ["cannot take <if>", "guarded row"]),
    Refusal(
      name: "a foreach",
      text: document(
        "<state id=\"a\"><transition event=\"walk\" target=\"a\">\n"
          + "<foreach array=\"q\" item=\"i\"/></transition></state>"),
      line: 3, words: ["cannot take <foreach>"]),
    Refusal(
      name: "an invoke",
      text: document(
        "<state id=\"a\">\n<invoke src=\"x.scxml\"/><transition event=\"walk\" target=\"a\"/>"
          + "</state>"),
      line: 3, words: ["cannot take <invoke>"]),
    Refusal(
      name: "a delayed send",
      text: document(
        "<state id=\"a\"><transition event=\"walk\" target=\"a\">\n"
          + "<send event=\"tick\" delay=\"1s\"/></transition></state>"),
      line: 3, words: ["delayed <send>", "no timers"]),
    Refusal(
      name: "a targetless transition",
      text: document("<state id=\"a\">\n<transition event=\"walk\"/></state>"), line: 3,
      words: ["without a target", "internal transition", "in 'a'"]),
    Refusal(
      name: "an eventless transition",
      text: document(twoStates + "\n<state id=\"c\">\n<transition target=\"a\"/></state>"),
      line: 5, words: ["eventless transition", "in 'c'"]),
    Refusal(
      name: "a missing target",
      text: document("<state id=\"a\">\n<transition event=\"walk\" target=\"nowhere\"/></state>"),
      line: 3, words: ["'nowhere'", "not a top-level state", "the states: a"]),
    Refusal(
      name: "a target nested in another state",
      text: document(
        "<state id=\"a\">\n<transition event=\"walk\" target=\"b1\"/></state>\n"
          + "<state id=\"b\"><state id=\"b1\"/></state>"),
      line: 3, words: ["'b1'", "not a top-level state"]),
    Refusal(
      name: "a state id that is not a public id",
      text: document(
        "<state id=\"half-open\">\n<transition event=\"walk\" target=\"half-open\"/></state>",
        initial: "half-open"),
      line: 2, words: ["'half-open' is not a valid state name", "lowerCamelCase"]),
    Refusal(
      name: "an event that is not a public id",
      text: document(
        "<state id=\"a\">\n<transition event=\"error.execution\" target=\"a\"/></state>"),
      line: 3, words: ["'error.execution'", "no dots or wildcards"]),
    Refusal(
      name: "a keyword the table refuses, at the document's line",
      text: document("<state id=\"a\">\n<transition event=\"default\" target=\"a\"/></state>"),
      line: 3, words: ["'default' is a Swift keyword"]),
    Refusal(
      name: "two rows the table could never tell apart, at the document's lines",
      text: document(
        "<state id=\"a\">\n<transition event=\"walk\" target=\"a\"/>\n"
          + "<transition event=\"walk\" target=\"a\"/></state>"),
      line: 4, words: ["without a guard (line 3)"]),
    Refusal(
      name: "two arguments for one event",
      text: document(
        "<state id=\"a\">\n<transition event=\"walk\" cond=\"_event.data.x > 1\" target=\"a\">\n"
          + "<log label=\"said\" expr=\"_event.data.y\"/></transition></state>"),
      line: 4, words: ["_event.data.y", "_event.data.x (line 3)", "one argument"]),
    Refusal(
      name: "an initial state that is not a state", text: document(twoStates, initial: "c"),
      line: 1, words: ["initial state 'c'", "a, b"]),
    Refusal(
      name: "a state never entered",
      text: document(
        twoStates + "\n<state id=\"c\"><transition event=\"walk\" target=\"a\"/></state>"),
      line: 4, words: ["'c'", "never entered"]),
    Refusal(
      name: "another machine's name",
      text: "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" name=\"lift\">\n" + twoStates
        + "\n</scxml>",
      line: 1, words: ["is 'lift', not 'pad'", "fsm new lift"]),
    Refusal(
      name: "malformed XML", text: document(twoStates + "\n<state id=\"c\">\n</stat>"), line: 5,
      words: ["not well-formed XML"]),
  ]

  @Test("what the table cannot say is refused with its line", arguments: refusals)
  func refuses(_ refusal: Refusal) {
    #expect(throws: TableParser.Failure.self) {
      try SCXMLImporter.parse(refusal.text, id: "pad", file: "pad.scxml")
    }
    do {
      _ = try SCXMLImporter.parse(refusal.text, id: "pad", file: "pad.scxml")
    } catch {
      #expect(error.line == refusal.line, "\(error)")
      for words in refusal.words {
        #expect(error.message.contains(words), "\(error) does not say \(words)")
      }
    }
  }

  /// The machine's SCXML export, read back: the table, or why not.
  static func roundTrip<M: CatalogMachine>(
    _: M.Type
  ) -> Result<MachineTable, TableParser.Failure> {
    let text = SCXMLDocument<M>(configuration: M.Configuration()).text
    return Result { () throws(TableParser.Failure) in
      try SCXMLImporter.parse(text, id: M.id, file: "\(M.id).scxml").table
    }
  }

  /// Whether `table` says what `M`'s description says: states, initial
  /// state, finals, events, rows (a guard as a guard), activities, outputs.
  static func agrees<M: CatalogMachine>(_ table: MachineTable, with _: M.Type) -> [String] {
    let description = M.description
    var differences: [String] = []
    let states = description.states.map(\.rawValue)
    if Set(table.states) != Set(states) { differences.append("states \(table.states)") }
    if table.initial != description.entrances.first?.state.rawValue {
      differences.append("initial \(table.initial)")
    }
    if Set(table.finalStates) != Set(description.finalStates.map(\.rawValue)) {
      differences.append("finals \(table.finalStates)")
    }
    if Set(table.events.map(\.name)) != Set(description.events.map(\.name)) {
      differences.append("events \(table.events.map(\.name))")
    }
    let rows = table.rows.map {
      "\($0.source) \($0.event) \($0.guardLabel != nil) \($0.effect) \($0.target)"
    }
    // SCXML writes a state's transitions inside it: state by state.
    let described = description.states.flatMap { description.transitions(from: $0) }.map {
      "\($0.source.rawValue) \($0.event ?? "") \($0.guardLabel != nil || $0.argument != nil) "
        + "\($0.effect) \($0.target.rawValue)"
    }
    if rows != described { differences.append("rows \(rows) against \(described)") }
    for state in description.states {
      let activities = description.activities[state]
      let read = table.activities(of: state.rawValue)
      if read.entry != activities?.entry ?? [] || read.exit != activities?.exit ?? [] {
        differences.append("activities of \(state.rawValue)")
      }
    }
    let outputs = Set(
      description.transitions.flatMap(\.effect)
        + description.activities.values.flatMap { $0.entry + $0.exit })
    if Set(table.outputs) != outputs { differences.append("outputs \(table.outputs)") }
    return differences
  }

  /// The machines of the catalog whose export reads back cleanly; the
  /// others' exports use what the table cannot say (docs/new-machine.md).
  static let importable = ["turnstile"]

  /// Why each of the others is refused, in the words of its refusal, as
  /// docs/new-machine.md tells a teacher: the game character's regions, the
  /// ticket's argument named `state`, and everyone else's data model.
  static func refusal(of machine: String) -> String {
    switch machine {
    case "game-character": "cannot take <parallel>"
    case "ticket-workflow": "'state' is a name the generated code already uses"
    default: "cannot take <datamodel> with <data>"
    }
  }

  @Test("each machine's export reads back, or is refused for what the table cannot say")
  func exportThenImport() {
    var clean: [String] = []
    for machine in Machines.workbench {
      func check<M: CatalogMachine>(_ type: M.Type) {
        switch Self.roundTrip(type) {
        case .success(let table):
          clean.append(M.id)
          #expect(Self.agrees(table, with: type) == [], "\(M.id)")
        case .failure(let failure):
          #expect(failure.message.contains(Self.refusal(of: M.id)), "\(M.id): \(failure)")
        }
      }
      check(machine)
    }
    #expect(clean.sorted() == Self.importable)
  }

  @Test("the turnstile's export reads back as its description")
  func turnstileRoundTrip() throws {
    let table = try Self.roundTrip(Turnstile.self).get()
    #expect(Self.agrees(table, with: Turnstile.self) == [])
    #expect(table.summary == Turnstile.summary)
    #expect(table.id == "turnstile")
  }
}
