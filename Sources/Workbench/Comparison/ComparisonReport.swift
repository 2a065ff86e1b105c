import StateMachines

/// Renders results as plain text: the label, the targets, for each stream a
/// matrix of machines and contenders per configuration and the module
/// boundary's share, the linearity checks, the scale rows and the code size
/// of the styles.
struct ComparisonReport {
  /// The results to show.
  var results: ComparisonResults

  /// The machines to show, measured or not.
  var machines: [String]

  /// Where the machines' sources are.
  var sourcesRoot: String

  /// The whole report.
  func render() -> String {
    var sections = [introduction]
    let boundary = results.boundary
    for stream in results.streams {
      sections += results.configurations.map { costTable(for: stream, $0) }
      let shares = boundary.filter { $0.stream == stream }
      if !shares.isEmpty { sections.append(boundaryTable(for: stream, shares)) }
    }
    if !results.linearity.isEmpty { sections.append(linearityChecks) }
    if !results.scale.isEmpty { sections.append(scaleTables) }
    sections.append(codeSizeTable)
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Where the numbers come from and how to read them.
  private var introduction: String {
    let counted = results.hasInstructions
    let ownCode = results.configurations.contains(.ownCode)
    let cell =
      [
        "Each cell: ns per event (the median over the runs of each run's median), its multiple",
        "of \(Contenders.reference) on the same machine and stream, mallocs per event "
          + "(the most of any run)" + (counted ? "," : "."),
      ]
      + (counted
        ? [
          "and instructions per event ('ins', counted by valgrind: the same on any x86-64",
          "machine with the same Swift, where times and their multiples are not).",
        ] : [])
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

  /// The matrix of one stream in one configuration: machines down,
  /// contenders across.
  ///
  /// The loop alone has no machine to compile either way, and is measured
  /// once: the own code's matrix shows the package's, as the loop with
  /// one call per event, which own code need not make and can go under.
  private func costTable(
    for stream: String, _ configuration: CostCell.Configuration
  ) -> String {
    let contenders = results.contenders
    let cells = results.cellsByKey
    let counted = results.hasInstructions
    let titles = contenders.map { contender in
      contender == Contenders.lowerBound && configuration != .package
        ? "\(contender) (loop + one call)" : Contenders.title(of: contender)
    }
    // One configuration, as results had before there were two, keeps the
    // title they had.
    let title =
      results.configurations.count == 1 && configuration == .package
      ? "\(stream) stream" : "\(stream), \(configuration.shortTitle)"
    var table = TextTable(header: [title] + titles)
    for machine in machines {
      /// The cell of `contender`, the package's for the loop alone.
      func cell(_ contender: String, _ configuration: CostCell.Configuration) -> CostCell? {
        cells[
          CostCell.Key(
            machine: machine, stream: stream, contender: contender, configuration: configuration)]
      }
      let reference = cell(Contenders.reference, configuration)
      let bound = cell(Contenders.lowerBound, .package)
      let row = contenders.map { contender in
        guard let shown = cell(contender, configuration) else {
          guard contender == Contenders.lowerBound, var bound else { return "-" }
          // Its multiple of this configuration's enum.
          bound.ratioToEnum = reference.flatMap {
            $0.nsPerEvent > 0 ? bound.nsPerEvent / $0.nsPerEvent : nil
          }
          return text(of: bound, bound: nil, counted: counted)
        }
        return text(of: shown, bound: bound?.nsPerEvent, counted: counted)
      }
      table.rows.append([machine] + row)
    }
    return table.render()
  }

  /// One cell: `2.31 ns   1.20x   0   143 ins`, with a `!` after a missed
  /// target and a `~` after a time whose runs disagree; `bound` is the
  /// time of the loop alone on the same machine and stream.
  private func text(of cell: CostCell, bound: Double?, counted: Bool) -> String {
    let targets = results.targets
    let missesBound = bound.map { targets.lowerBound.isMissed(by: cell, bound: $0) } ?? false
    let marks = (cell.isNoisy ? "~" : "") + (missesBound ? "!" : "")
    let time = cell.nsPerEvent.formatted(digits: 2) + " ns" + (marks.isEmpty ? " " : marks)
    var mallocs = cell.mallocsPerEvent == 0 ? "0" : cell.mallocsPerEvent.formatted(digits: 3)
    if targets.missesMallocs(cell.contender, mallocs: cell.mallocsPerEvent) { mallocs += "!" }
    let instructions =
      counted
      ? "  " + (cell.instructionsPerEvent.map { $0.formatted(digits: 0) + " ins" } ?? "-") : ""
    guard let ratio = cell.ratioToEnum else { return "\(time)  \(mallocs)\(instructions)" }
    let missed = targets.missesTime(cell.contender, ratio: ratio)
    return
      "\(time)  \(ratio.formatted(digits: 2))\(missed ? "x!" : "x ")  \(mallocs)\(instructions)"
  }

  /// The module boundary's share of each implementation's cost on one
  /// stream: machines down, contenders across.
  private func boundaryTable(for stream: String, _ shares: [BoundaryShare]) -> String {
    let contenders = results.contenders.filter { contender in
      shares.contains { $0.contender == contender }
    }
    let counted = shares.contains { $0.instructionShare != nil }
    var table = TextTable(header: ["boundary, \(stream)"] + contenders)
    for machine in machines {
      let row = contenders.map { contender in
        shares.first { $0.machine == machine && $0.contender == contender }.map { share in
          percent(share.timeShare)
            + (counted ? " / " + (share.instructionShare.map(percent) ?? "-") : "")
        } ?? "-"
      }
      table.rows.append([machine] + row)
    }
    return
      "Module boundary, \(stream) stream: the share of each implementation's time per event as\n"
      + "a package dependency that it does not pay as the app's own code (1 - own code / package)"
      + (counted ? ",\nthen the same share of its instructions per event.\n" : ".\n")
      + table.render()
  }

  /// `share` as a whole percentage, as in `82%`.
  private func percent(_ share: Double) -> String {
    (share * 100).formatted(digits: 0) + "%"
  }
}
