import ArgumentParser
import Diagrams
import StateMachines

/// `fsm run MACHINE [EVENT ...]`: runs events through a machine and prints
/// the trace, one line per event.
struct RunCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run events through a machine and print the trace, one line per event.",
    discussion: """
      An event is written NAME or NAME:ARGUMENT, as in disarm:1234; \
      'fsm describe MACHINE' lists them. Every event is read before the first one runs. \
      With --diagram FILE, the run is also drawn over the machine's diagram, as \
      'fsm diagram MACHINE --events ...' draws it, in the format of the file's extension.
      """)

  @Argument(help: "The machine to run.")
  var machine: MachineArgument

  @Option(help: "The style of the implementation.")
  var style = Style.commandLineDefault

  @Flag(help: "Print one JSON object per event instead of a line of text.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Also draw the run into this file: a .dot, .svg, .png or .pdf.", valueName: "file"))
  var diagram: String?

  @OptionGroup(title: "Machine options")
  var options: MachineOptions

  @Argument(help: "The events, as NAME or NAME:ARGUMENT.")
  var events: [String] = []

  /// Checks the events and the configuration, so that a usage error is
  /// reported before any event runs.
  func validate() throws {
    try check(machine.type)
  }

  func run(on console: inout Console) throws {
    try run(machine.type, on: &console)
  }

  private func check<M: CatalogMachine>(_: M.Type) throws {
    _ = try M.parseEvents(events)
    _ = try M.build(style, options.configuration(for: M.self))
    if let diagram {
      _ = try DiagramFormat.of(file: diagram, option: "--diagram")
      try OutputPath.checkFile(diagram, option: "--diagram")
    }
  }

  private func run<M: CatalogMachine>(_: M.Type, on console: inout Console) throws {
    let events = try M.parseEvents(events)
    var machine = try M.build(style, options.configuration(for: M.self))
    let text = TraceText(M.self, events: events)
    let start = machine.state
    var trace: [TraceStep<M.State, M.Event, M.Output>] = []
    for event in events {
      let step = machine.step(event)
      print(json ? JSONTrace.line(step) : text.line(step), to: &console)
      trace.append(step)
    }
    if let diagram {
      try draw(M.diagram(highlighting: TraceOverlay(start: start, trace: trace)), to: diagram)
      console.printError("wrote \(diagram)")
    }
  }

  /// Renders the run's diagram in the format of `path`'s extension and
  /// writes it there, all or nothing.
  private func draw(_ overlay: Diagram, to path: String) throws {
    let format = try DiagramFormat.of(file: path, option: "--diagram")
    do {
      try AtomicFiles.write([AtomicFiles.File(path: path, bytes: try overlay.render(as: format))])
    } catch let error as GraphvizError {
      throw RenderingError(machine: machine.type.id, format: format, graphviz: error)
    }
  }
}
