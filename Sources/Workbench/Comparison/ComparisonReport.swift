import StateMachines

/// Renders results as plain text: the label, the targets, for each stream a
/// matrix of machines and contenders, the linearity checks, the scale rows
/// and the code size of the styles.
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
    sections += results.streams.map(costTable(for:))
    if !results.linearity.isEmpty { sections.append(linearityChecks) }
    if !results.scale.isEmpty { sections.append(scaleTables) }
    sections.append(codeSizeTable)
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Where the numbers come from and how to read them.
  private var introduction: String {
    let label = results.label
    return
      (label.lines + [
        "Each cell: ns per event (the median over the runs of each run's median), its multiple",
        "of \(Contenders.reference) on the same machine and stream, mallocs per event "
          + "(the most of any run).",
        "A '~' marks a cell whose runs differ from it by more than the noise band,",
        "\(NoiseBand.text): run again on a quiet machine.",
      ] + results.targets.lines).joined(separator: "\n")
  }

  /// The matrix of one stream: machines down, contenders across.
  private func costTable(for stream: String) -> String {
    let contenders = results.contenders
    let cells = results.cellsByKey
    let targets = results.targets
    var table = TextTable(header: ["\(stream) stream"] + contenders.map(Contenders.title(of:)))
    for machine in machines {
      let row = contenders.map { contender in
        cells[CostCell.Key(machine: machine, stream: stream, contender: contender)].map {
          text(of: $0, targets: targets)
        } ?? "-"
      }
      table.rows.append([machine] + row)
    }
    return table.render()
  }

  /// One cell: `2.31 ns   1.20x   0`, with a `!` after a missed target and
  /// a `~` after a time whose runs disagree.
  private func text(of cell: CostCell, targets: Targets) -> String {
    let time = cell.nsPerEvent.formatted(digits: 2) + (cell.isNoisy ? " ns~" : " ns ")
    var mallocs = cell.mallocsPerEvent == 0 ? "0" : cell.mallocsPerEvent.formatted(digits: 3)
    if targets.missesMallocs(cell.contender, mallocs: cell.mallocsPerEvent) { mallocs += "!" }
    guard let ratio = cell.ratioToEnum else { return "\(time)  \(mallocs)" }
    let missed = targets.missesTime(cell.contender, ratio: ratio)
    return "\(time)  \(ratio.formatted(digits: 2))\(missed ? "x!" : "x ")  \(mallocs)"
  }
}
