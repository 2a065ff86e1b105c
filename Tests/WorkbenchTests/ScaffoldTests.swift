import Foundation
import Testing

@testable import Workbench

/// `fsm new`: the table read into its model, each mistake refused with its
/// line, the door's files as committed under Fixtures/Scaffold/door, and
/// nothing ever written over a machine that exists.
@Suite("fsm new: a machine from a teacher's table")
struct ScaffoldTests {
  /// The fixtures of the door, found from this file.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appending(path: "Fixtures/Scaffold/door").path

  /// The door's table, as docs/new-machine.md shows it.
  static var doorTable: String {
    (try? String(contentsOfFile: fixtures + "/door.table", encoding: .utf8)) ?? ""
  }

  @Test("the door's table reads into its model")
  func doorModel() throws {
    let table = try TableParser.parse(Self.doorTable)
    #expect(table.id == "door")
    #expect(table.typeName == "Door")
    #expect(table.summary == "A door that can be locked with a code.")
    #expect(table.initial == "closed")
    #expect(table.states == ["closed", "opened", "locked"])
    #expect(table.events.map(\.name) == ["open", "close", "lock", "unlock"])
    #expect(table.event("unlock")?.argument == .init(name: "code", type: .string, sample: "1234"))
    #expect(table.event("lock")?.argument == table.event("unlock")?.argument)
    #expect(table.event("open")?.argument == nil)
    #expect(table.outputs == ["swing", "bolt", "unbolt", "lockLight"])
    #expect(table.activities["locked"] == .init(entry: ["lockLight"], exit: []))
    #expect(
      table.rows.map { $0.label(in: table) } == [
        "closed -- open / swing --> opened",
        "opened -- close --> closed",
        "closed -- lock(code) / bolt --> locked",
        "locked -- unlock(code) [code matches] / unbolt --> closed",
      ])
    #expect(table.rows.map(\.line) == [5, 6, 7, 8])
    #expect(table.guards.map(\.functionName) == ["codeMatches"])
  }

  /// A table with one mistake, the line it is on, and words its message has.
  struct Mistake: Sendable, CustomTestStringConvertible {
    var name: String
    var table: String
    var line: Int
    var words: [String]
    var testDescription: String { name }
  }

  static let head = "machine door: A door.\ninitial closed\n"

  static let mistakes: [Mistake] = [
    Mistake(
      name: "a row without its target", table: head + "closed -- open / swing\n", line: 3,
      words: ["no `-->`", "state -- event [guard] / output, output --> target"]),
    Mistake(
      name: "a row without its event", table: head + "closed -- / swing --> opened\n", line: 3,
      words: ["no event"]),
    Mistake(
      name: "an initial state no row names",
      table: "machine door: A door.\ninitial shut\nclosed -- open --> opened\n"
        + "opened -- close --> closed\n",
      line: 2, words: ["unknown initial state 'shut'", "closed, opened"]),
    Mistake(
      name: "a target no row leaves",
      table: head + "closed -- open --> opend\nopened -- close --> closed\n", line: 3,
      words: ["'opend' has no row out of it", "closed, opened", "final opend"]),
    Mistake(
      name: "an event used with another argument",
      table: head + "event unlock(code: String)\nclosed -- unlock(pin) --> opened\n"
        + "opened -- close --> closed\n",
      line: 4, words: ["the argument 'code' (line 3)", "calls it 'pin'", "unlock(code)"]),
    Mistake(
      name: "an event used without its argument",
      table: head + "event unlock(code: String)\nclosed -- unlock --> opened\n"
        + "opened -- close --> closed\n",
      line: 4, words: ["has an argument (line 3)", "unlock(code)"]),
    Mistake(
      name: "an argument on an undeclared event",
      table: head + "closed -- unlock(code) --> opened\nopened -- close --> closed\n", line: 3,
      words: ["no event declares", "event unlock(code: String)"]),
    Mistake(
      name: "two rows for one state and event without guards",
      table: head + "closed -- open --> opened\nclosed -- open --> closed\n"
        + "opened -- close --> closed\n",
      line: 4, words: ["without a guard (line 3)", "never"]),
    Mistake(
      name: "a machine id that is not a public id", table: "machine Door: A door.\n", line: 1,
      words: ["'Door' is not a valid machine id", "garage-door"]),
    Mistake(
      name: "a state that is a Swift keyword",
      table: head + "closed -- open --> default\ndefault -- close --> closed\n", line: 3,
      words: ["'default' is a Swift keyword"]),
    Mistake(
      name: "a state that is not a Swift identifier",
      table: head + "closed -- open --> half-open\nhalf-open -- close --> closed\n", line: 3,
      words: ["'half-open' is not a valid state name", "lowerCamelCase"]),
    Mistake(
      name: "an unknown argument type",
      table: head + "event floor(number: Double)\nclosed -- floor(number) --> closed\n", line: 3,
      words: ["unknown argument type 'Double'", "String, Int"]),
    Mistake(
      name: "a line that is none of the forms", table: head + "closed opens\n", line: 3,
      words: ["cannot read 'closed opens'", "initial STATE"]),
    Mistake(
      name: "a state no row reaches",
      table: head + "closed -- open --> closed\nlost -- open --> closed\n", line: 4,
      words: ["'lost' cannot be reached", "'closed'"]),
  ]

  @Test("a mistake is refused with its line and what is wrong", arguments: mistakes)
  func refusesMistake(_ mistake: Mistake) {
    #expect(throws: TableParser.Failure.self) { try TableParser.parse(mistake.table) }
    do {
      _ = try TableParser.parse(mistake.table)
    } catch {
      #expect(error.line == mistake.line, "\(error)")
      for words in mistake.words {
        #expect(error.message.contains(words), "\(error) does not say \(words)")
      }
    }
  }

  @Test("the door's files are the committed fixtures")
  func doorFiles() throws {
    let scaffold = Scaffold(table: try TableParser.parse(Self.doorTable), source: Self.doorTable)
    for file in scaffold.files {
      let expected = try String(
        contentsOfFile: Self.fixtures + "/" + file.path, encoding: .utf8)
      #expect(file.text == expected, "\(file.path) differs from its fixture")
    }
    #expect(scaffold.unwrittenGuards.map(\.name) == ["codeMatches"])
  }

  /// The two lists as the checkout writes them, cut down to two machines,
  /// so that the test does not depend on the machines the checkout holds.
  static let lists = [
    Scaffold.catalog: """
    extension Machines {
      public static let added: [any CatalogMachine.Type] = [
        Turnstile.self,
      ]
    }
    """,
    Scaffold.benchmarked: """
    public func visitBenchmarkedMachines(_ visitor: some MachineVisitor) {
      visitor.visit(SecuritySystem.self)
      visitor.visit(Turnstile.self)
    }
    """,
  ]

  @Test("the line goes at the end of each list of the checkout, and only it is added")
  func insertsIntoTheCheckoutsLists() throws {
    for (path, line) in [
      (Scaffold.catalog, "    Zz9.self,"), (Scaffold.benchmarked, "  visitor.visit(Zz9.self)"),
    ] {
      let text = try String(contentsOfFile: WorkbenchRoot.builtFrom + "/" + path, encoding: .utf8)
      let changed = try Scaffold.inserting(line, into: text, of: path)
      var lines = changed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      // The catalog's only machine has no comma after it (`commas`).
      let index = try #require(lines.firstIndex { $0 == line || $0 + "," == line }, "\(path)")
      #expect(lines[index + 1] == (path == Scaffold.catalog ? "  ]" : "}"), "\(path)")
      lines.remove(at: index)
      // Nothing else changed, but the comma after the machine before it.
      let comma = { (text: String) in text.replacingOccurrences(of: ",\n  ]", with: "\n  ]") }
      #expect(comma(lines.joined(separator: "\n")) == comma(text), "\(path)")
    }
  }

  @Test("the checkout's list of added machines imports the module their types are in")
  func catalogImportsTheMachines() throws {
    // Each file imports for itself: without it, the first machine's line
    // does not compile (cannot find 'Door' in scope).
    let text = try String(
      contentsOfFile: WorkbenchRoot.builtFrom + "/" + Scaffold.catalog, encoding: .utf8)
    #expect(text.split(separator: "\n").contains("import StateMachines"))
  }

  @Test(
    "the catalog's list stays as swift format writes it: one machine, no comma; more, a comma each")
  func commas() throws {
    let list = { (machines: [String]) in
      (["  public static let added: [any CatalogMachine.Type] = [", "    // `Door.self`"]
        + machines + ["  ]", "}"]).joined(separator: "\n")
    }
    let one = try Scaffold.inserting("    Door.self,", into: list([]), of: Scaffold.catalog)
    #expect(one == list(["    Door.self"]))
    let two = try Scaffold.inserting("    Gate.self,", into: one, of: Scaffold.catalog)
    #expect(two == list(["    Door.self,", "    Gate.self,"]))
    let three = try Scaffold.inserting("    Hatch.self,", into: two, of: Scaffold.catalog)
    #expect(three == list(["    Door.self,", "    Gate.self,", "    Hatch.self,"]))
    let commented = list(["    Door.self  // the door"])
    #expect(
      try Scaffold.inserting("    Gate.self,", into: commented, of: Scaffold.catalog)
        == list(["    Door.self,  // the door", "    Gate.self,"]))
  }

  @Test("fsm new writes the machine and its two lines, then refuses to write it again")
  func writesThenRefuses() throws {
    let folder = try TemporaryFolder()
    let root = folder.path
    for (relative, text) in Self.lists {
      let target = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    }
    let table = try TableParser.parse(Self.doorTable)
    let scaffold = Scaffold(table: table, source: Self.doorTable)
    try scaffold.write(in: root, catalogIDs: ["turnstile"])
    for file in scaffold.files {
      #expect(FileManager.default.contents(atPath: root + "/" + file.path) == Data(file.text.utf8))
    }
    let catalog = try String(contentsOfFile: root + "/" + Scaffold.catalog, encoding: .utf8)
    #expect(catalog.contains("    Turnstile.self,\n    Door.self,\n  ]"))
    let benchmarked = try String(contentsOfFile: root + "/" + Scaffold.benchmarked, encoding: .utf8)
    #expect(benchmarked.contains("  visitor.visit(Turnstile.self)\n  visitor.visit(Door.self)\n}"))

    // Again: the folder is there, so nothing is written, not even the lines.
    #expect(throws: Scaffold.Refusal.self) {
      try scaffold.write(in: root, catalogIDs: ["turnstile"])
    }
    let again = try String(contentsOfFile: root + "/" + Scaffold.catalog, encoding: .utf8)
    #expect(again == catalog)
  }

  @Test("a list's comment, or a machine whose name ends with the new one's, does not stop it")
  func namesOnlyInCode() throws {
    // The catalog's list shows the line to add in a comment: `Door.self,`.
    let comment = "    // `fsm new` adds each machine's line here: `Door.self,`."
    let folder = try TemporaryFolder()
    let root = folder.path
    for (relative, text) in Self.lists {
      let target = root + "/" + relative
      try FileManager.default.createDirectory(
        atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let listed =
        relative == Scaffold.catalog
        ? text.replacingOccurrences(
          of: "    Turnstile.self,", with: comment + "\n    GarageDoor.self, // Door.self")
        : text.replacingOccurrences(
          of: "  visitor.visit(Turnstile.self)", with: "  visitor.visit(GarageDoor.self)")
      try Data(listed.utf8).write(to: URL(fileURLWithPath: target))
    }
    let scaffold = Scaffold(table: try TableParser.parse(Self.doorTable), source: Self.doorTable)
    try scaffold.write(in: root, catalogIDs: ["garage-door"])
    let catalog = try String(contentsOfFile: root + "/" + Scaffold.catalog, encoding: .utf8)
    #expect(catalog.contains("    GarageDoor.self, // Door.self\n    Door.self,\n  ]"))

    #expect(!Scaffold.names("Door", in: comment))
    #expect(!Scaffold.names("Door", in: "  visitor.visit(GarageDoor.self)"))
    #expect(Scaffold.names("Door", in: "    StateMachines.Door.self,"))
    #expect(Scaffold.names("Door", in: "    Door.self,"))
    #expect(Scaffold.names("Door", in: "  visitor.visit(Door.self)  // the door"))
  }

  @Test("a machine of the catalog is refused before anything is written")
  func refusesCatalogMachine() throws {
    let folder = try TemporaryFolder()
    let table = try TableParser.parse(
      "machine turnstile: Again.\ninitial locked\nlocked -- coin --> locked\n")
    let scaffold = Scaffold(table: table, source: "")
    #expect(throws: Scaffold.Refusal.self) {
      try scaffold.write(in: folder.path, catalogIDs: Machines.ids)
    }
    #expect(folder.listing.isEmpty)
  }

  @Test("an existing file in the way is refused before anything is written")
  func refusesFileInTheWay() throws {
    let folder = try TemporaryFolder()
    let page = folder.path + "/docs/machines/door.md"
    try FileManager.default.createDirectory(
      atPath: folder.path + "/docs/machines", withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: page))
    let scaffold = Scaffold(table: try TableParser.parse(Self.doorTable), source: "")
    #expect(throws: Scaffold.Refusal.self) {
      try scaffold.write(in: folder.path, catalogIDs: [])
    }
    #expect(folder.listing == ["docs"])
    #expect(FileManager.default.contents(atPath: page) == Data("mine".utf8))
  }
}
