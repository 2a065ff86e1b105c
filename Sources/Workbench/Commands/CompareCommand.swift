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
      runs) and prints, per machine and event stream, a table of the contenders: in each \
      configuration (as a package dependency, and as the app's own code) the time per event \
      (the median over the runs of each run's median), its multiple of enum, the mallocs per \
      event and the instructions per event, with the targets; then the module boundary's \
      share of each one's cost. Then the linearity and scale checks and the static cost of \
      each style's code. --brief prints only the cost tables, --model only the cost model \
      (ns per event ≈ a · instructions + b · mispredictions + c · mallocs, fitted to every \
      cell; it needs mispredictions, which scripts/count-instructions counts). The default results and the sources are read from \
      the workbench's checkout: the folder \(WorkbenchRoot.variable) names, else the current \
      folder or the nearest one above it that holds the workbench, else the checkout fsm \
      was built from.

      Without --results it reads, in the checkout, the first that exists of \
      \(ResultsFiles.defaults.joinedAsList(conjunction: "and")); the first line says which.

      --instructions reads instruction counts (scripts/count-instructions --output FILE) \
      into the results, as the benchmark script does.

      --chart model, with --format svg, draws each cell's measured time against the cost \
      model's prediction instead of the bars, a panel per configuration (the results need \
      simulated mispredictions: scripts/count-instructions --output FILE, then --instructions FILE).

      --against checks the results against committed ones. On the same processor (the \
      recorded models match), cell by cell, with status 1 when a cell is outside the noise \
      band (\(NoiseBand.text)); on another processor, the instructions per event exactly and \
      the order of the styles, with status 1 when they differ. When the run's own runs \
      disagree by more than the band, it judges no time and exits with status 1, saying how \
      noisy they are. To run the suite and check the new run:
        \(Comparison.checkCommand)

      Examples:
        fsm compare                              the report of your latest run
        fsm compare turnstile                    one machine's tables
        fsm compare turnstile --brief            only its cost tables
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

  // Optional, so that the --output file's extension can choose the format.
  @Option(help: "What to write; by default the --output file's extension, else text.")
  var format: ComparisonFormat?

  @Option(
    help: ArgumentHelp(
      "Instruction counts to show beside the times (scripts/count-instructions --output).",
      valueName: "file"))
  var instructions: String?

  @Option(help: ArgumentHelp("The file to write, instead of standard output.", valueName: "file"))
  var output: String?

  // Optional, so that a --chart given with another format can be refused.
  @Option(
    help: ArgumentHelp(
      "The chart --format svg draws: costs (the bars, the default) or model (measured against "
        + "the cost model's prediction).", valueName: "chart"))
  var chart: ComparisonChart?

  @Flag(help: "Only the cost tables: no targets, checks or code size (text only).")
  var brief = false

  @Flag(help: "Only the cost model: its fit, each cell's measured over predicted (text only).")
  var model = false

  @Option(
    help: ArgumentHelp(
      "Committed results to check these against, cell by cell.", valueName: "file"))
  var against: String?

  /// Refuses an empty file name, which would otherwise be reported as a
  /// missing file named `` (nothing), an `--output` that could never be
  /// written or whose extension is not the format's, a format `--against`
  /// does not write, and a `--chart` for anything but the SVG format.
  func validate() throws {
    guard !results.contains("") else {
      throw ValidationError(
        "--results needs a file name, as in --results \(ResultsFiles.localRaw)")
    }
    guard instructions != "" else {
      throw ValidationError(
        "--instructions needs a file name, as in --instructions \(ResultsFiles.localInstructions)")
    }
    if let against {
      guard !against.isEmpty else {
        throw ValidationError(
          "--against needs a file name, as in --against \(ResultsFiles.committed)")
      }
      let format = try chosenFormat()
      guard format == .text else {
        throw ValidationError(
          "--against prints text; "
            + (self.format == nil
              ? "end the --output file name in .txt, or leave the extension out"
              : "leave out --format \(format)"))
      }
    }
    if let output { try OutputPath.checkFile(output, option: "--output") }
    let format = try chosenFormat()
    if model {
      guard !brief, against == nil, format == .text else {
        throw ValidationError(
          "--model prints the cost model as text; leave out "
            + (brief ? "--brief" : against != nil ? "--against" : "--format \(format)"))
      }
    }
    if brief {
      guard against == nil else {
        throw ValidationError("--brief shortens the report; --against prints a check: choose one")
      }
      guard format == .text else {
        throw ValidationError(
          "--brief shortens the text report; "
            + (self.format == nil
              ? "end the --output file name in .txt, or leave out --brief"
              : "leave out --format \(format), or --brief"))
      }
    }
    if chart != nil {
      guard against == nil else {
        throw ValidationError("--chart chooses a chart; --against prints a check: choose one")
      }
      guard format == .svg else {
        throw ValidationError(
          "--chart chooses the SVG chart; "
            + (self.format != nil
              ? "use --format svg, not --format \(format), or leave out --chart"
              : output != nil
                ? "end the --output file name in .svg, or leave out --chart"
                : "add --format svg, or leave out --chart"))
      }
    }
  }

  /// `--format`, else the format the `--output` file's extension names,
  /// else text; a usage error when the two disagree, or for an extension
  /// that is none of the formats'.
  private func chosenFormat() throws(ValidationError) -> ComparisonFormat {
    guard let output, let named = try ComparisonFormat.of(output: output) else {
      return format ?? .text
    }
    if let format, format != named {
      throw ValidationError(
        "--format \(format) disagrees with the extension of '\(output.printable)' (\(named)): "
          + "end the file name in .\(format.extensions[0]), or leave out --format")
    }
    return named
  }

  func run(on console: inout Console) throws {
    let format = try chosenFormat()
    // The default results are the checkout's, wherever fsm runs: without
    // them there is nothing to show. The sources only give the report's
    // code size, which is left out, with a note, when they cannot be found.
    let root: String
    do {
      root = try WorkbenchRoot.locate()
    } catch {
      guard !results.isEmpty else { throw error }
      if format == .text && against == nil {
        console.printError("note: the code size is left out: \(error)")
      }
      root = "."
    }
    do {
      if let against {
        let check = try Comparison.check(
          machine: machine, results: results, instructions: instructions, against: against,
          root: root)
        try emit(check.text, on: &console)
        if !check.agrees { throw ExitCode.failure }
      } else {
        let text = try Comparison.report(
          machine: machine, results: results, instructions: instructions, format: format,
          output: output, root: root,
          sourcesRoot: WorkbenchRoot.path(Comparison.defaultSourcesRoot, in: root), brief: brief,
          modelOnly: model, chart: chart ?? .costs)
        try emit(text, on: &console)
      }
    } catch let error as ComparisonError {
      // A machine that does not exist is a usage error; missing or unreadable
      // results are not, but still end the command with their explanation.
      if case .unknownMachine = error { throw ValidationError(error.description) }
      // The reason may quote the file (a name, a line), escaped as the report is.
      console.printError(error.description.printableLines)
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
