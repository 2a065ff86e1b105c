import ArgumentParser
import StateMachines

/// `fsm shell MACHINE`: type events one line at a time and see each step.
struct ShellCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "shell",
    abstract: "Send events to a machine interactively, one line at a time.",
    discussion: """
      Each line is an event, as in disarm:1234, or a command of the shell: help, state, \
      style STYLE, reset, quit. The shell reads standard input, so a file of events can \
      be piped into it; it prints a prompt only when a person types at a terminal.
      """)

  @Argument(help: "The machine to explore.")
  var machine: MachineArgument

  @Option(help: "The style of the implementation to start with.")
  var style = Style.commandLineDefault

  @OptionGroup(title: "Machine options")
  var options: MachineOptions

  /// Checks the configuration before the shell starts.
  func validate() throws {
    try check(machine.type)
  }

  func run(on console: inout Console) throws {
    try run(machine.type, on: &console)
  }

  private func check<M: CatalogMachine>(_: M.Type) throws {
    try options.check(for: M.self)
    _ = try M.build(style, options.configuration(for: M.self))
  }

  private func run<M: CatalogMachine>(_: M.Type, on console: inout Console) throws {
    var session = try ShellSession<M>(
      style: style, configuration: options.configuration(for: M.self))
    session.run(on: &console)
  }
}
