import ArgumentParser

/// The `fsm` command: the state machine workbench on the command line.
public struct FSM: ParsableCommand {
  /// The name, the abstract and the subcommands of `fsm`.
  public static let configuration = CommandConfiguration(
    commandName: "fsm",
    abstract: "A workbench for the State pattern.",
    discussion: """
      Every machine of the workbench (a turnstile, an intruder alarm, ...) is written \
      five ways: as nested switches, as an enum that carries its data, with the State \
      pattern, with the Gang of Four's state classes, and as a transition table. \
      Describe a machine, run events through it in any style and read the trace, \
      explore it interactively in a shell, draw its state diagram, or take the tour, \
      which plays every worked example in all five styles and shows that they agree.
      """,
    subcommands: [
      ListCommand.self, DescribeCommand.self, RunCommand.self, ShellCommand.self,
      DiagramCommand.self, TourCommand.self, CompareCommand.self, ChangeCostCommand.self,
    ])

  /// Creates the command; ArgumentParser fills in its arguments.
  public init() {}

  /// Runs `fsm` with `arguments` (without the program name) on `console`,
  /// the way the executable does, and returns the exit status.
  ///
  /// Help goes to the console's output, errors to its error output with the
  /// status of ArgumentParser's `exit(withError:)`: 64 for a usage error.
  public static func execute(_ arguments: [String], console: inout Console) -> Int32 {
    do {
      try checkSubcommand(arguments.first)
      var command = try parseAsRoot(arguments)
      if let command = command as? any ConsoleCommand {
        try command.run(on: &console)
      } else {
        try command.run()  // `fsm` alone: ArgumentParser asks for the help screen.
      }
      return ExitCode.success.rawValue
    } catch {
      let status = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        if status == .success {
          print(message, to: &console)
        } else {
          console.printError(message)
        }
      }
      return status.rawValue
    }
  }

  /// Names the valid subcommands when the first argument is none of them;
  /// ArgumentParser would only call it an unexpected argument.
  private static func checkSubcommand(_ first: String?) throws {
    guard let first, !first.hasPrefix("-") else { return }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    guard !names.contains(first) else { return }
    let list = names.joined(separator: ", ")
    throw ValidationError("unknown subcommand '\(first)'; valid subcommands: \(list)")
  }

  /// Runs `fsm` on the process's arguments and terminal, then exits with its
  /// status: the whole of the executable's `main.swift`.
  public static func executeAndExit() -> Never {
    TemporaryFiles.installSignalHandlers()
    var console = Console.standard
    let status = execute(Array(CommandLine.arguments.dropFirst()), console: &console)
    exit(withError: ExitCode(status))  // Prints nothing for an `ExitCode`.
  }
}
