import ArgumentParser

/// `fsm compare [MACHINE]`: what each implementation costs per event, from
/// runs of the dispatch-cost suite: time, multiple of `enum`, allocations,
/// code size; as a report, JSON, CSV or a chart; or checked against the
/// committed results.
struct CompareCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare the implementations' cost per event and size, from benchmark runs.",
    discussion: """
      Reads runs of the dispatch-cost benchmarks (make them with \
      \(Comparison.benchmarkCommand), which runs the suite several times and combines the \
      runs) and prints, per event stream, machines down and contenders across: the time per \
      event (the median over the runs of each run's median), its multiple of enum and the \
      mallocs per event, with the targets; then the linearity and scale checks and the \
      static cost of each style's code. Run it from the root of the workbench.

      Without --results it reads the first that exists of \
      \(ResultsFiles.defaults.joinedAsList(conjunction: "and")); the first line says which.

      --against checks the results against committed ones, cell by cell, and exits with \
      status 1 when a cell is outside the noise band (\(NoiseBand.text)). To run the suite \
      and check the new run:
        \(Comparison.checkCommand)

      Examples:
        fsm compare                              the report of your latest run
        fsm compare turnstile                    one machine's rows
        fsm compare --results run-1.csv --results run-2.csv --format json
        fsm compare --format svg --output dispatch-cost.svg
        fsm compare --against docs/benchmarks/results.json
      """)

  @Argument(help: "Only this machine's rows.")
  var machine: String?

  @Option(
    help: ArgumentHelp(
      "A run to read (an influx export), repeated for several runs; or one JSON document.",
      valueName: "file"))
  var results: [String] = []

  @Option(help: "What to write.")
  var format = ComparisonFormat.text

  @Option(help: ArgumentHelp("The file to write, instead of standard output.", valueName: "file"))
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Committed results to check these against, cell by cell.", valueName: "file"))
  var against: String?

  /// Refuses an empty file name, which would otherwise be reported as a
  /// missing file named `` (nothing), an `--output` that could never be
  /// written, and a format `--against` does not write.
  func validate() throws {
    guard !results.contains("") else {
      throw ValidationError(
        "--results needs a file name, as in --results \(ResultsFiles.localRaw)")
    }
    if let against {
      guard !against.isEmpty else {
        throw ValidationError(
          "--against needs a file name, as in --against \(ResultsFiles.committed)")
      }
      guard format == .text else {
        throw ValidationError("--against prints text; leave out --format \(format)")
      }
    }
    if let output { try OutputPath.checkFile(output, option: "--output") }
  }

  func run(on console: inout Console) throws {
    do {
      if let against {
        let check = try Comparison.check(machine: machine, results: results, against: against)
        try emit(check.text, on: &console)
        if !check.agrees { throw ExitCode.failure }
      } else {
        let text = try Comparison.report(
          machine: machine, results: results, format: format, output: output)
        try emit(text, on: &console)
      }
    } catch let error as ComparisonError {
      // A machine that does not exist is a usage error; missing or unreadable
      // results are not, but still end the command with their explanation.
      if case .unknownMachine = error { throw ValidationError(error.description) }
      console.printError(error.description)
      throw ExitCode.failure
    }
  }

  /// Writes `text` to `--output`, whole or not at all, or else to standard
  /// output.
  private func emit(_ text: String, on console: inout Console) throws {
    guard let output else {
      console.write(text)
      return
    }
    try AtomicFiles.write([AtomicFiles.File(path: output, bytes: Array(text.utf8))])
    console.printError("wrote \(output.printable)")
  }
}
