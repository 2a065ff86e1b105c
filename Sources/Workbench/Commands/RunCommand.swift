import ArgumentParser
import StateMachines

/// `fsm run MACHINE [EVENT ...]`: runs events through a machine and prints
/// the trace, one line per event.
struct RunCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run events through a machine and print the trace, one line per event.",
    discussion: """
      An event is written NAME or NAME:ARGUMENT, as in disarm:1234; \
      'fsm describe MACHINE' lists them. Every event is read before the first one runs.
      """)

  @Argument(help: "The machine to run.")
  var machine: MachineArgument

  @Option(help: "The style of the implementation.")
  var style = Style.commandLineDefault

  @Flag(help: "Print one JSON object per event instead of a line of text.")
  var json = false

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

  private func check<M: Machine>(_: M.Type) throws {
    _ = try M.parseEvents(events)
    _ = try M.build(style, options.configuration)
  }

  private func run<M: Machine>(_: M.Type, on console: inout Console) throws {
    let events = try M.parseEvents(events)
    var machine = try M.build(style, options.configuration)
    let text = TraceText(M.self, events: events)
    for event in events {
      let step = machine.step(event)
      print(json ? JSONTrace.line(step) : text.line(step), to: &console)
    }
  }
}
