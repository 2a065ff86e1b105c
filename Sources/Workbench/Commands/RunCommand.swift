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
      Long runs read their events with --events-from FILE, or - for standard input: one \
      event a line, or several separated by spaces; a file, a pipe or a FIFO is read as it \
      comes, each event checked as it is read, up to \(EventWords.eventLimit) events, \
      64 MiB in all and 16 MiB a line. With --diagram FILE, the run is also \
      drawn over the machine's diagram, as 'fsm diagram MACHINE --events ...' draws it, in \
      the format of the file's extension.
      """)

  @Argument(help: "The machine to run.")
  var machine: MachineArgument

  @Option(help: "The style of the implementation.")
  var style = Style.commandLineDefault

  @Flag(help: "Print one JSON object per event instead of a line of text.")
  var json = false

  @Flag(
    help: """
      Also give, for each event, the lines of the style's file that handled it: the case that \
      matched, the method that answered, the rows that fired (the class view marks the same).
      """)
  var handlers = false

  @Option(
    help: ArgumentHelp(
      "Also draw the run into this file: a .dot, .svg, .png or .pdf.", valueName: "file"))
  var diagram: String?

  @Option(
    help: ArgumentHelp(
      "Read the events from this file (a pipe or a FIFO too), or from standard input for -, "
        + "instead of the command line: at most \(EventWords.eventLimit) events and 64 MiB.",
      valueName: "file"))
  var eventsFrom: String?

  @OptionGroup(title: "Machine options")
  var options: MachineOptions

  @Argument(help: "The events, as NAME or NAME:ARGUMENT.")
  var events: [String] = []

  /// Checks the events and the configuration, so that a usage error is
  /// reported before any event runs; the events of `--events-from` are
  /// checked when they are read, still before the first one runs.
  func validate() throws {
    if eventsFrom != nil && !events.isEmpty {
      throw ValidationError(
        "give the events on the command line or with --events-from, not both")
    }
    try check(machine.type)
  }

  func run(on console: inout Console) throws {
    try run(machine.type, on: &console)
  }

  private func check<M: CatalogMachine>(_: M.Type) throws {
    try options.check(for: M.self)
    _ = try M.parseEvents(EventRuns.split(events))
    _ = try M.build(style, options.configuration(for: M.self))
    if let diagram {
      _ = try DiagramFormat.of(file: diagram, option: "--diagram")
      try OutputPath.checkFile(diagram, option: "--diagram")
    }
  }

  private func run<M: CatalogMachine>(_: M.Type, on console: inout Console) throws {
    // Each event of --events-from is parsed as it is read, so that a bad one
    // stops the reading at once; none runs before the last is read.
    let events =
      try eventsFrom.map { path throws(ValidationError) in
        try EventsFile.read(path, on: &console, parse: M.parseEvent)
      } ?? M.parseEvents(EventRuns.split(self.events))
    var machine = try M.build(style, options.configuration(for: M.self))
    let text = TraceText(M.self, events: events)
    let start = machine.state
    var trace: [TraceStep<M.State, M.Event, M.Output>] = []
    trace.reserveCapacity(events.count)
    // The lines go out in blocks rather than one write each: a long run
    // would otherwise spend more time in system calls than in the machine.
    var block = ""
    let marker = try handlers ? CodeMarker(root: sourcesRoot()) : nil
    for event in events {
      let before = marker.map { _ in ValueSnapshot(machine) }
      let step = machine.step(event)
      let handled = before.flatMap {
        marker?.marks(machine: M.id, style: style, facts: StepFacts(step, before: $0))
      }
      block += json ? JSONTrace.line(step, handled: handled) : text.line(step)
      if !json, let handled { block += "  " + HandledLines.text(handled) }
      block += "\n"
      if block.utf8.count >= 1 << 16 {
        console.write(block)
        block = ""
      }
      trace.append(step)
    }
    if !block.isEmpty { console.write(block) }
    if let diagram {
      try draw(M.diagram(highlighting: TraceOverlay(start: start, trace: trace)), to: diagram)
      console.printError("wrote \(diagram.printable)")
    }
  }

  /// The folder of the styles' files in the workbench's checkout.
  private func sourcesRoot() throws -> String {
    do {
      return WorkbenchRoot.path(Comparison.defaultSourcesRoot, in: try WorkbenchRoot.locate())
    } catch {
      throw ValidationError("--handlers reads the styles' files: \(error)")
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
