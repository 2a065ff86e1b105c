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
      ServeCommand.self, NewCommand.self, ExportCommand.self,
    ])

  /// Creates the command; ArgumentParser fills in its arguments.
  public init() {}

  /// Runs `fsm` with `arguments` (without the program name) on `console`,
  /// the way the executable does, and returns the exit status.
  ///
  /// Help goes to the console's output, errors to its error output with the
  /// status of ArgumentParser's `exit(withError:)`: 64 for a usage error.
  public static func execute(_ arguments: [String], console: inout Console) -> Int32 {
    var subcommand: (any ParsableCommand.Type)?
    do {
      try checkSubcommand(arguments)
      var command = try parseAsRoot(EventRuns.join(arguments))
      subcommand = type(of: command)
      if let command = command as? any ConsoleCommand {
        try command.run(on: &console)
      } else {
        try command.run()  // `fsm` alone: ArgumentParser asks for the help screen.
      }
      return ExitCode.success.rawValue
    } catch {
      let status = exitCode(for: error)
      var message = fullMessage(for: error)
      if let subcommand, subcommand != FSM.self, let error = error as? ValidationError {
        message = usageError(error, of: subcommand)
      }
      if status == .validationFailure, arguments.first?.hasPrefix("-") == true {
        message = namingSubcommands(message)
      }
      message = printable(namingMachines(message), arguments: arguments)
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

  /// The names of the subcommands, and `help`.
  private static var subcommandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
  }

  /// Names the valid subcommands when the first argument is none of them, or
  /// when `help` is asked about one that does not exist; ArgumentParser would
  /// call the first an unexpected argument and answer the second with the
  /// overview and success.
  private static func checkSubcommand(_ arguments: [String]) throws {
    let names = subcommandNames
    let list = names.joined(separator: ", ")
    guard let first = arguments.first, !first.hasPrefix("-") else { return }
    guard names.contains(first) else {
      throw ValidationError("unknown subcommand '\(first)'; valid subcommands: \(list)")
    }
    guard first == "help", let topic = arguments.dropFirst().first, !topic.hasPrefix("-") else {
      return
    }
    guard names.contains(topic) else {
      throw ValidationError("no help for '\(topic)': it is not a subcommand; subcommands: \(list)")
    }
    if let extra = arguments.dropFirst(2).first(where: { !$0.hasPrefix("-") }) {
      throw ValidationError(
        "help takes one subcommand, as in fsm help \(topic); leave out '\(extra)'")
    }
  }

  /// A usage error found while a subcommand ran (the events of
  /// `--events-from`), with that subcommand's usage as if found in parsing;
  /// ArgumentParser would show the usage of `fsm` alone.
  private static func usageError(
    _ error: ValidationError, of subcommand: any ParsableCommand.Type
  ) -> String {
    let name = subcommand.configuration.commandName ?? ""
    return """
      Error: \(error.message)
      Usage: \(usageString(for: subcommand))
        See 'fsm \(name) --help' for more information.
      """
  }

  /// ArgumentParser's message for what came before any subcommand, an
  /// unknown option (`fsm -x`) or a stray argument (`fsm -- run`), with the
  /// subcommands, which it does not name.
  private static func namingSubcommands(_ message: String) -> String {
    let prefix = "Error: "
    guard message.hasPrefix(prefix), let end = message.firstIndex(of: "\n") else {
      return message
    }
    let problem = message[message.index(message.startIndex, offsetBy: prefix.count)..<end]
    // `Unknown option '-x'`, as the messages of fsm write it: in lower case.
    return prefix + problem.prefix(1).lowercased() + problem.dropFirst()
      + "; fsm takes a subcommand first: " + subcommandNames.joined(separator: ", ")
      + message[end...]
  }

  /// ArgumentParser's message for a missing machine, with the machines.
  private static func namingMachines(_ message: String) -> String {
    let missing = "Error: Missing expected argument '<machine>'"
    guard message.hasPrefix(missing + "\n") else { return message }
    return missing + ": name one of \(Machines.ids.joinedAsChoices)"
      + message.dropFirst(missing.count)
  }

  /// The message with the control characters the user typed escaped.
  ///
  /// Each quoted argument is escaped whole first, so that a line break the
  /// user typed is escaped too; then every other character that is not
  /// printable, keeping the message's own line breaks.
  private static func printable(_ message: String, arguments: [String]) -> String {
    var message = message
    for argument in arguments where argument.printable != argument {
      // `--style=VALUE`: ArgumentParser quotes the value alone.
      let value = String(argument.drop { $0 != "=" }.dropFirst())
      for quoted in [argument, value] where !quoted.isEmpty {
        message = message.replacing("'\(quoted)'", with: "'\(quoted.printable)'")
      }
    }
    return message.printableLines
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
