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
      be piped into it; it prints a prompt only when a person types at a terminal. With \
      --real-time, a machine that keeps time (the traffic light, the video player, the \
      drawing tool) is fed the time that really passes, ten times a second, as wait \
      events, and each change of state is printed as it happens.
      """)

  @Argument(help: "The machine to explore.")
  var machine: MachineArgument

  @Option(help: "The style of the implementation to start with.")
  var style = Style.commandLineDefault

  @Flag(help: "Let real time pass for a machine that keeps time, as wait events.")
  var realTime = false

  @OptionGroup(title: "Machine options")
  var options: MachineOptions

  /// Checks the configuration before the shell starts.
  func validate() throws {
    try check(machine.type)
  }

  func run(on console: inout Console) throws {
    if let failure = console.unreadableInput() {
      throw ValidationError(
        "cannot read the shell's lines from standard input: \(failure); type them at a "
          + "terminal, give a file of lines, as in < session.txt, or pipe them in")
    }
    try run(machine.type, on: &console)
  }

  private func check<M: CatalogMachine>(_: M.Type) throws {
    if realTime && !ShellSession<M>.keepsTime {
      let timed = Machines.all.filter { $0.keepsTime }.map { $0.id }
      throw ValidationError(
        "--real-time needs a machine that keeps time: \(timed.joinedAsChoices); "
          + "\(M.id) has no wait event")
    }
    try options.check(for: M.self)
    _ = try M.build(style, options.configuration(for: M.self))
  }

  private func run<M: CatalogMachine>(_: M.Type, on console: inout Console) throws {
    var session = try ShellSession<M>(
      style: style, configuration: options.configuration(for: M.self))
    if realTime {
      session.runInRealTime(on: console, clock: ContinuousClock())
    } else {
      session.run(on: &console)
    }
  }
}

extension CatalogMachine {
  /// Whether the machine has a `wait` event, so `--real-time` can feed it.
  fileprivate static var keepsTime: Bool { ShellSession<Self>.keepsTime }
}
