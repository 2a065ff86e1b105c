import StateMachines

/// The comparison a class reads after running the benchmarks: what each
/// implementation costs per event, as a multiple of `enum`, against the
/// lower bound of a loop with no machine, and how much code each style
/// takes.
///
/// The numbers come from runs of the dispatch-cost suite, exported by
/// package-benchmark as influx CSV files and combined, or from the JSON
/// document a combination was saved as; the code counts come from the
/// sources of the machines.
public enum Comparison {
  /// The script that runs the suite several times and combines the runs
  /// into `Benchmarks/Results/results.json`, from the repository root.
  public static let benchmarkCommand = "scripts/benchmark"

  /// The script's check of a new run against the committed results.
  public static let checkCommand = "scripts/benchmark --check"

  /// Where the machines' sources are, from the repository root.
  public static let defaultSourcesRoot = "Sources/StateMachines"

  /// The comparison in `format`.
  ///
  /// - Parameters:
  ///   - machine: A machine's public id, to show only its rows; `nil` for all.
  ///   - results: The files to read: several influx exports of runs of the
  ///     suite, or one JSON document; none for the first of
  ///     `ResultsFiles.defaults` that exists under `root`.
  ///   - instructions: A file of instruction counts
  ///     (`scripts/count-instructions --output`) to show beside the times,
  ///     in place of any the results have.
  ///   - output: The file the text will be written to, if any: a JSON
  ///     document written to a file is labelled with it.
  ///   - root: The repository root the default files are found from.
  ///   - sourcesRoot: The folder with one folder of sources per machine.
  ///   - brief: Whether the text shows only the cost tables.
  ///   - modelOnly: Whether the text shows only the cost model.
  ///   - chart: Which chart the SVG format draws.
  /// - Throws: `ComparisonError`: no results (with the command to produce
  ///   them), unreadable ones, runs that cannot be combined, an unknown
  ///   machine, no cost model to draw.
  static func report(
    machine: String? = nil, results: [String] = [], instructions: String? = nil,
    format: ComparisonFormat = .text, output: String? = nil, root: String = ".",
    sourcesRoot: String = defaultSourcesRoot, brief: Bool = false, modelOnly: Bool = false,
    chart: ComparisonChart = .costs
  ) throws(ComparisonError) -> String {
    let loaded = try load(results, instructions: instructions, root: root)
    let (shown, machines) = try select(machine, in: loaded.results)
    switch format {
    case .text where modelOnly:
      let report = ComparisonReport(
        results: shown, machines: machines, sourcesRoot: sourcesRoot,
        models: CostModel.fit(loaded.results))
      guard let section = report.costModelSection else {
        throw .noCostModel(simulated: shown.hasMispredictions)
      }
      return (section + "\n").printableLines
    case .text:
      // Every name and label is a results file's text: escaped as `fsm`
      // escapes what it echoes, so that none can move the cursor, recolour
      // the terminal or reverse the line.
      // The models are fitted to every cell, whichever machine is shown.
      return ComparisonReport(
        results: shown, machines: machines, sourcesRoot: sourcesRoot, brief: brief,
        models: CostModel.fit(loaded.results)
      ).render().printableLines
    case .json:
      var document = shown
      // A document keeps its own label, so that it reads back the same; one
      // written to a file is labelled with that file.
      document.label = loaded.documentLabel ?? shown.label
      document.label.instructions = shown.label.instructions
      if let output {
        document.label.kind = ResultsFiles.kind(of: output)
        document.label.path = output
      }
      return ResultsJSON.encode(document)
    case .csv:
      return ComparisonCSV.render(shown, models: CostModel.fit(loaded.results))
    case .svg where chart == .model:
      guard let chart = CostModelChart(results: shown) else {
        throw .noCostModel(simulated: shown.hasMispredictions)
      }
      return chart.render()
    case .svg:
      // The chart draws one bar per contender: the package's, as it did
      // before there were two configurations.
      return SVGChart(results: shown.only(.package)).render()
    }
  }

  /// The check of the chosen results against `committed`, cell by cell.
  ///
  /// - Parameters:
  ///   - committed: The results to check against, as a JSON document or
  ///     influx exports.
  ///   - The others as for `report`; `instructions` are this run's.
  /// - Returns: The check as text, and whether every cell agrees.
  static func check(
    machine: String? = nil, results: [String] = [], instructions: String? = nil,
    against committed: String, root: String = "."
  ) throws(ComparisonError) -> (text: String, agrees: Bool) {
    var now = try load(results, instructions: instructions, root: root).results
    var before = try ResultsFiles.read([committed]).results
    if let machine {
      // A machine either side measured, or any of the workbench's.
      let known = (now.machines + before.machines + Machines.ids).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      guard known.contains(machine) else { throw .unknownMachine(machine, valid: known) }
      now = now.only(machine)
      before = before.only(machine)
    }
    let check = Reproducibility(now: now, committed: before)
    return (check.render().printableLines, check.agrees)
  }

  /// The files named, or else the default, with the instruction counts of
  /// `instructions` if given.
  private static func load(
    _ paths: [String], instructions: String?, root: String
  ) throws(ComparisonError) -> ResultsFiles.Loaded {
    var loaded = try ResultsFiles.read(
      paths.isEmpty ? [try ResultsFiles.defaultPath(root: root)] : paths)
    if let instructions { loaded.results.count(try InstructionCounts.read(instructions)) }
    return loaded
  }

  /// `results` with only `machine`'s rows when one is given, and the
  /// machines to show: the measured ones, then the rest of the workbench's.
  ///
  /// - Throws: `ComparisonError.unknownMachine` for any other machine.
  private static func select(
    _ machine: String?, in results: ComparisonResults
  ) throws(ComparisonError) -> (results: ComparisonResults, machines: [String]) {
    let machines = results.machines + Machines.ids.filter { !results.machines.contains($0) }
    guard let machine else { return (results, machines) }
    guard machines.contains(machine) else { throw .unknownMachine(machine, valid: machines) }
    return (results.only(machine), [machine])
  }
}
