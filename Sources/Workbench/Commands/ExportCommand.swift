import ArgumentParser
import StateMachines

/// `fsm export MACHINE --format scxml`: a machine as a document another
/// statechart tool reads, written from its description.
struct ExportCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a machine for other statechart tools: W3C SCXML 1.0.",
    discussion: """
      The document is written from the machine's description: its states (composite \
      states, parallel regions and shallow history for game-character), transitions \
      with their events, guards and effects, entry and exit activities, and timed \
      transitions. Outputs are <log label="OUTPUT"/>. Guards and data are ECMAScript \
      (datamodel="ecmascript"); an event's argument is _event.data (disarm:1234 is \
      disarm with _event.data.code "1234"). Time is the workbench's virtual clock: \
      wait:2 is the event wait with _event.data.seconds 2. The machine options set the \
      data the document starts with. docs/scxml.md says how the workbench's semantics \
      map to SCXML's, and scripts/scxml-round-trip runs every worked example in Qt SCXML.

      Without --output the document goes to standard output; --output writes the file \
      named, replacing it, through a temporary file renamed into place.

      Examples:
        fsm export turnstile --format scxml
        fsm export game-character --format scxml --output game-character.scxml
        fsm export gumball-machine --format scxml --gumballs 2 --winner always
      """)

  @Argument(help: "The machine to export.")
  var machine: MachineArgument

  @Option(help: "The format to write.")
  var format: ExportFormat?

  @Option(help: ArgumentHelp("The file to write, instead of standard output.", valueName: "file"))
  var output: String?

  @OptionGroup(title: "Machine options (the data the document starts with)")
  var options: MachineOptions

  func validate() throws {
    try check(machine.type)
  }

  func run(on console: inout Console) throws {
    let text = try document(machine.type)
    guard let output else {
      console.write(text)
      return
    }
    try AtomicFiles.write([AtomicFiles.File(path: output, bytes: Array(text.utf8))])
    console.printError("wrote \(output.printable)")
  }

  private func check<M: CatalogMachine>(_: M.Type) throws(ValidationError) {
    guard format != nil else {
      throw ValidationError(
        "give the format with --format: \(ExportFormat.allCases.map(\.rawValue).joinedAsChoices)")
    }
    try options.check(for: M.self)
    if options.given.contains("--seed") {
      throw ValidationError(
        "--seed cannot be exported: SCXML's ECMAScript draws with Math.random(), not the "
          + "workbench's seeded generator; give --winner never or always for a repeatable "
          + "document, or leave out --seed")
    }
    // The configuration the machine itself would refuse (`--code abc`).
    _ = try M.build(.commandLineDefault, options.configuration(for: M.self))
    if let output { try OutputPath.checkFile(output, option: "--output") }
  }

  private func document<M: CatalogMachine>(_: M.Type) throws(ValidationError) -> String {
    try check(M.self)
    return SCXMLDocument<M>(configuration: options.configuration(for: M.self)).text
  }
}
