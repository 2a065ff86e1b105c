import ArgumentParser

/// A subcommand of `fsm` that talks to a `Console` rather than to the
/// process's terminal, so that tests can run it in-process.
protocol ConsoleCommand: ParsableCommand {
  /// Does the command's work, reading from and writing to `console`.
  func run(on console: inout Console) throws
}

extension ConsoleCommand {
  /// Runs on the process's terminal, for callers that use ArgumentParser's
  /// own `main()`.
  mutating func run() throws {
    var console = Console.standard
    try run(on: &console)
  }
}
