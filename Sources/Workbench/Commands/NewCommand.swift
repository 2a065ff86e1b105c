import ArgumentParser
import Foundation

/// `fsm new MACHINE`: a new machine of the workbench, written from the
/// transition table a teacher types (docs/new-machine.md).
struct NewCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "new",
    abstract: "Write a new machine from its transition table, in every style.",
    discussion: """
      Reads the table (docs/new-machine.md) from --from, or from standard input, and writes \
      the machine's vocabulary, its six style files, its conformance in the catalog \
      (Sources/Workbench/Catalog/Added/Door+Catalog.swift for the door), its scenarios, its \
      benchmark, its page in docs/machines, and its line in the catalog and in the \
      benchmarks' list. Refuses, writing nothing, a table with a mistake (naming its line) \
      and a machine that exists.

      A file ending in .scxml, or text whose root element is <scxml>, is read as a flat \
      SCXML document instead (docs/new-machine.md, "From SCXML"): top-level <state> and \
      <final>, <transition event cond target>, <send event> and <log label> as outputs. \
      Anything the table cannot say (parallel, history, nested states, a datamodel with \
      data, script, assign, if, foreach, invoke, delayed sends, targetless transitions) is \
      refused, naming its line.

      Examples:
        fsm new door --from door.table
        fsm new door --from door.scxml
      """)

  @Argument(help: "The new machine's id, as the table's machine line names it.")
  var machine: String

  @Option(
    help: ArgumentHelp(
      "The table (or SCXML document) to read; standard input when left out or -.",
      valueName: "file"))
  var from: String?

  /// The most of a table that is read: far more than a table needs.
  static let sizeLimit = 1 << 20

  func run(on console: inout Console) throws {
    let (source, name) = try readTable()
    let table: MachineTable
    var notation = source
    var conditions: [(label: String, expression: String)] = []
    do {
      if SCXMLImporter.isSCXML(path: from, text: source) {
        let file = from.map { ($0 as NSString).lastPathComponent } ?? "standard input"
        let imported = try SCXMLImporter.parse(source, id: machine, file: file)
        (table, notation, conditions) = (imported.table, imported.notation, imported.conditions)
      } else {
        table = try TableParser.parse(source)
      }
    } catch {
      throw ValidationError("\(name), \(error)")
    }
    guard table.id == machine else {
      throw ValidationError(
        "the table's machine line names '\(table.id)', not '\(machine)': write "
          + "fsm new \(table.id), or change the table")
    }
    let root = try WorkbenchRoot.locate()
    let scaffold = Scaffold(table: table, source: notation)
    try scaffold.write(in: root, catalogIDs: Machines.ids)
    report(scaffold, conditions: conditions, on: &console)
  }

  /// The table's text, and what a message calls it.
  private func readTable() throws -> (String, String) {
    guard let from, from != "-" else {
      var lines: [String] = []
      var size = 0
      while let line = StandardInput.readLine() {
        size += line.utf8.count + 1
        guard size <= Self.sizeLimit else {
          throw ValidationError("the table on standard input is longer than 1 MiB")
        }
        lines.append(line)
      }
      return (lines.joined(separator: "\n"), "standard input")
    }
    guard let data = FileManager.default.contents(atPath: from) else {
      throw ValidationError("cannot read the table '\(from.printable)'")
    }
    guard data.count <= Self.sizeLimit, let text = String(data: data, encoding: .utf8) else {
      throw ValidationError("'\(from.printable)' is not a table: UTF-8 text of at most 1 MiB")
    }
    return (text, from.printable)
  }

  /// What was written, and what to do next.
  private func report(
    _ scaffold: Scaffold, conditions: [(label: String, expression: String)],
    on console: inout Console
  ) {
    let table = scaffold.table
    print("Wrote the machine \(table.id) (\(scaffold.files.count) files):", to: &console)
    for file in scaffold.files { print("  \(file.path)", to: &console) }
    print("Added its line to:", to: &console)
    for insertion in scaffold.insertions {
      print("  \(insertion.path): \(insertion.line.drop { $0 == " " })", to: &console)
    }
    print("", to: &console)
    print("Next:", to: &console)
    var step = 1
    let vocabulary = scaffold.files[0].path
    let guards = scaffold.unwrittenGuards
    if !guards.isEmpty {
      print("  \(step). Write the guards, each once; every style calls them:", to: &console)
      for guardInfo in guards {
        print(
          "       \(vocabulary):\(guardInfo.line): \(guardInfo.name), [\(guardInfo.label)]",
          to: &console)
        if let condition = conditions.first(where: { $0.label == guardInfo.label }) {
          print("         the SCXML cond was: \(condition.expression.printable)", to: &console)
        }
      }
      step += 1
    }
    let commands = [
      "swift build",
      "swift test --filter StateMachinesTests",
      "swift run fsm run \(table.id) --json "
        + (Walks(table).episode ?? Walks(table).example(for: table.rows[0])).map {
          table.commandLine(of: $0)
        }.joined(separator: " "),
      "swift run fsm diagram \(table.id) --format svg --output docs/diagrams/\(table.id).svg",
    ]
    for command in commands {
      print("  \(step). \(command)", to: &console)
      step += 1
    }
    print(
      "  \(step). To make it one of the workbench's own machines (its rows in the READMEs "
        + "and the API documentation, its lessons): CONTRIBUTING.md, \"Adding a machine\".",
      to: &console)
  }
}
