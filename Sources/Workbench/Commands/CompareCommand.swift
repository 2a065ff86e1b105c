import ArgumentParser
import StateMachines

/// `fsm compare [MACHINE]`: what each style costs, from the latest benchmark
/// run: time per event, ratio to the speed floor, allocations, code size.
struct CompareCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare the styles' cost per event and size, from the latest benchmark run.",
    discussion: """
      Reads the results of the dispatch-cost benchmarks (run them first: \
      \(Comparison.benchmarkCommand)) and prints, per event stream, machines down and \
      styles across: the median time per event, its ratio to the machine's speed floor (a \
      bare transition table) and the allocations per event; then the static cost of each \
      style's code. Run it from the root of the workbench.
      """)

  @Argument(help: "Only this machine's rows.")
  var machine: String?

  @Option(help: ArgumentHelp("The benchmark results to read.", valueName: "file"))
  var results = Comparison.defaultResultsPath

  /// Refuses an empty `--results`, which would otherwise be reported as a
  /// missing file named `` (nothing).
  func validate() throws {
    guard !results.isEmpty else {
      throw ValidationError(
        "--results needs a file name, as in --results \(Comparison.defaultResultsPath)")
    }
  }

  func run(on console: inout Console) throws {
    do {
      print(try Comparison.report(machine: machine, resultsPath: results), to: &console)
    } catch {
      // A machine that does not exist is a usage error; missing or unreadable
      // results are not, but still end the command with their explanation.
      if case .unknownMachine = error { throw ValidationError(error.description) }
      console.printError(error.description)
      throw ExitCode.failure
    }
  }
}
