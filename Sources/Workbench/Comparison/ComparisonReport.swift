import StateMachines

/// Renders results as plain text: the label, the targets, for each stream a
/// matrix of machines and contenders per configuration and the module
/// boundary's share, the linearity checks, the scale rows and the code size
/// of the styles.
///
/// One machine's report turns the matrix around, contenders down and the
/// configurations across, so that it fits a terminal; a brief report is
/// only the cost tables, for a lesson that explains nothing else yet.
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

  /// The whole report.
  func render() -> String {
    var sections = [brief ? briefIntroduction : introduction]
    let boundary = results.boundary
    if let machine = machines.first, machines.count == 1 {
      if !boundary.isEmpty { sections.append(boundaryLegend) }
      sections += results.streams.map { stream in
        oneMachineTable(machine, stream: stream, shares: boundary.filter { $0.stream == stream })
      }
    } else {
      for stream in results.streams {
        sections += results.configurations.map { costTable(for: stream, $0) }
        let shares = boundary.filter { $0.stream == stream }
        if !shares.isEmpty { sections.append(boundaryTable(for: stream, shares)) }
      }
    }
    if !brief {
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
          "machine with the same Swift, where times and their multiples are not).",
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
      let row = contenders.map { contender in
        cellText(
          machine: machine, stream: stream, contender: contender, configuration, in: cells,
          counted: counted)
      }
      table.rows.append([machine] + row)
    }
    return table.render()
  }

  /// The text of one cell, `-` when it was not measured.
  func cellText(
    machine: String, stream: String, contender: String,
    _ configuration: CostCell.Configuration, in cells: [CostCell.Key: CostCell], counted: Bool
  ) -> String {
    cellParts(
      machine: machine, stream: stream, contender: contender, configuration, in: cells,
      counted: counted
    )?.text ?? "-"
  }

  /// The figures of one cell, none when it was not measured. The loop
  /// alone, measured once, has the package's figures in both
  /// configurations, as a multiple of that configuration's enum.
  func cellParts(
    machine: String, stream: String, contender: String,
    _ configuration: CostCell.Configuration, in cells: [CostCell.Key: CostCell], counted: Bool
  ) -> CellParts? {
    /// The cell of `contender`, the package's for the loop alone.
    func cell(_ contender: String, _ configuration: CostCell.Configuration) -> CostCell? {
      cells[
        CostCell.Key(
          machine: machine, stream: stream, contender: contender, configuration: configuration)]
    }
    let bound = cell(Contenders.lowerBound, .package)
    guard let shown = cell(contender, configuration) else {
      guard contender == Contenders.lowerBound, var bound else { return nil }
      // Its multiple of this configuration's enum.
      bound.ratioToEnum = cell(Contenders.reference, configuration).flatMap {
        $0.nsPerEvent > 0 ? bound.nsPerEvent / $0.nsPerEvent : nil
      }
      return parts(of: bound, bound: nil, counted: counted)
    }
    return parts(of: shown, bound: bound?.nsPerEvent, counted: counted)
  }

  /// The figures of one cell, each as it is shown: a time or a multiple
  /// without a mark ends in a space, so that marked and unmarked ones
  /// line up when set right.
  struct CellParts {
    /// `2.31 ns `, or `2.31 ns~!` with its marks.
    var time: String
    /// `1.20x `, or `1.20x!` for a missed target; none without an enum to
    /// divide by.
    var ratio: String?
    /// `0`, `1.000`, or `1.000!` for a missed target.
    var mallocs: String
    /// `143 ins`, `-` when not counted for this cell; none when the
    /// results have no counts.
    var instructions: String?

    /// The figures in one cell of the matrix: `2.31 ns   1.20x   0  143 ins`.
    var text: String {
      ([time] + [ratio, mallocs, instructions].compactMap { $0 }).joined(separator: "  ")
    }
  }

  /// The figures of `cell`, with their marks.
  func parts(of cell: CostCell, bound: Double?, counted: Bool) -> CellParts {
    let targets = results.targets
    let missesBound = bound.map { targets.lowerBound.isMissed(by: cell, bound: $0) } ?? false
    let marks = (cell.isNoisy ? "~" : "") + (missesBound ? "!" : "")
    let time = cell.nsPerEvent.formatted(digits: 2) + " ns" + (marks.isEmpty ? " " : marks)
    var mallocs = cell.mallocsPerEvent == 0 ? "0" : cell.mallocsPerEvent.formatted(digits: 3)
    if targets.missesMallocs(cell.contender, mallocs: cell.mallocsPerEvent) { mallocs += "!" }
    let instructions =
      counted
      ? (cell.instructionsPerEvent.map { $0.formatted(digits: 0) + " ins" } ?? "-") : nil
    let ratio = cell.ratioToEnum.map { ratio in
      ratio.formatted(digits: 2) + (targets.missesTime(cell.contender, ratio: ratio) ? "x!" : "x ")
    }
    return CellParts(time: time, ratio: ratio, mallocs: mallocs, instructions: instructions)
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
        shares.first { $0.machine == machine && $0.contender == contender }.map {
          shareText($0, counted: counted)
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

  /// The module boundary's share in one cell: `82% / 80%`, time then
  /// instructions, or `82%` when they were not counted.
  func shareText(_ share: BoundaryShare, counted: Bool) -> String {
    percent(share.timeShare)
      + (counted ? " / " + (share.instructionShare.map(percent) ?? "-") : "")
  }

  /// `share` as a whole percentage, as in `82%`.
  private func percent(_ share: Double) -> String {
    (share * 100).formatted(digits: 0) + "%"
  }
}
