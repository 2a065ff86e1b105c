import StateMachines

/// Renders results as plain text: the label, the targets, for each machine
/// and stream a table of the contenders' figures in each configuration and
/// the module boundary's share, the linearity checks, the scale rows and
/// the code size of the styles.
///
/// A brief report is only the cost tables, for a lesson that explains
/// nothing else yet.
struct ComparisonReport {
  /// The results to show.
  var results: ComparisonResults

  /// The machines to show, measured or not.
  var machines: [String]

  /// Where the machines' sources are.
  var sourcesRoot: String

  /// Whether to show only the cost tables, without the targets, the
  /// checks and the code size.
  var brief = false

  /// The cost models to show, fitted to every cell measured, when `results`
  /// holds only some machines' cells; `nil` to fit them to `results`.
  var models: [CostModel]? = nil

  /// The whole report.
  func render() -> String {
    // With no cell to show (one machine, which these results did not
    // measure), the legend, the configurations and the targets would speak
    // of cells that are not there, and would say "not counted with
    // valgrind" of a file that was: the label alone says what was read.
    let opening =
      if results.cells.isEmpty {
        (brief ? [results.label.headline] : results.label.lines).joined(separator: "\n")
      } else {
        brief ? briefIntroduction : introduction
      }
    var sections = [opening]
    let tables = CostTables(results)
    if let legend = tables.boundaryLegend { sections.append(legend) }
    let measured = Set(results.machines)
    for machine in machines where measured.contains(machine) {
      sections += results.streams.map { tables.table(machine, stream: $0) }
    }
    let unmeasured = machines.filter { !measured.contains($0) }
    if !unmeasured.isEmpty {
      // One machine per line: the list of them all would be wider than
      // the tables.
      sections.append(
        (["Not measured in these results (\(Comparison.benchmarkCommand) measures every machine):"]
          + unmeasured.map { "  " + $0 }).joined(separator: "\n"))
    }
    if !brief {
      if let costModelSection { sections.append(costModelSection) }
      if !results.linearity.isEmpty { sections.append(linearityChecks) }
      if !results.scale.isEmpty { sections.append(scaleTables) }
      sections.append(codeSizeTable)
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// How to read a cell, for the brief report: the headline and the legend.
  private var briefIntroduction: String {
    ([results.label.headline] + cellLegend + [
      "A '!' marks a missed target and a '~' a cell whose runs disagree; fsm compare without",
      "--brief lists the targets and says more.",
    ]).joined(separator: "\n")
  }

  /// What the figures of a cell are.
  private var cellLegend: [String] {
    let counted = results.hasInstructions
    return
      [
        "Each cell: ns per event (the median over the runs of each run's median), its multiple",
        "of \(Contenders.reference) on the same machine and stream, mallocs per event "
          + "(the most of any run)" + (counted ? "," : "."),
      ]
      + (counted
        ? [
          "and instructions per event ('ins', counted by valgrind: the same on any x86-64",
          "machine with the same Swift, where times and their multiples are not)"
            + (results.hasMispredictions ? "," : "."),
        ] : [])
      + (results.hasMispredictions
        ? [
          "and branch mispredictions per event ('mispred', valgrind's branch simulator: a",
          "model processor's, the same on any x86-64 machine for the same build; what a wrong",
          "guess costs this processor is the cost model's to say: fsm compare --model).",
        ] : [])
  }

  /// Where the numbers come from and how to read them.
  private var introduction: String {
    let counted = results.hasInstructions
    let ownCode = results.configurations.contains(.ownCode)
    let cell = cellLegend
    let configurations =
      ownCode
      ? [
        "Two configurations of each implementation: as a package dependency (each handle a",
        "call into another module, each output a closure call), and as the app's own code",
        "(the same style files compiled into the module of the loop, whole-module optimised).",
      ]
      : [
        "One configuration: as a package dependency (these results have none as the app's",
        "own code, which \(Comparison.benchmarkCommand) measures beside it).",
      ]
    let uncounted =
      counted
      ? [] : ["No instructions per event: these results were not counted with valgrind."]
    return
      (results.label.lines + cell + [
        "A '~' marks a cell whose runs differ from it by more than the noise band,",
        "\(NoiseBand.text): run again on a quiet machine.",
      ] + configurations + uncounted + results.targets.lines(ownCode: ownCode))
      .joined(separator: "\n")
  }
}
