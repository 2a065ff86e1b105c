extension ComparisonReport {
  /// One machine's costs on one stream: contenders down, each
  /// configuration's figures across, then the module boundary's share.
  ///
  /// A matrix of machines down and contenders across would need a column
  /// per contender and configuration, more than twice a terminal's width;
  /// with one machine per table the contenders fit down the side.
  func oneMachineTable(_ machine: String, stream: String, shares: [BoundaryShare]) -> String {
    let cells = results.cellsByKey
    let counted = results.hasInstructions
    let configurations = results.configurations
    let sharesCounted = shares.contains { $0.instructionShare != nil }
    // A column per figure, the first titled with the configuration, so
    // that the figures line up down the contenders.
    let figures = ["x enum", "mallocs"] + (counted ? ["ins"] : [])
    let header =
      ["\(machine), \(stream)"] + configurations.flatMap { [$0.shortTitle] + figures }
      + (shares.isEmpty ? [] : ["boundary"])
    var table = TextTable(header: header)
    for contender in results.contenders {
      let costs = configurations.flatMap { configuration in
        guard
          let parts = cellParts(
            machine: machine, stream: stream, contender: contender, configuration, in: cells,
            counted: counted)
        else { return ["-"] + figures.map { _ in "" } }
        return [parts.time, parts.ratio ?? "-", parts.mallocs]
          + (counted ? [parts.instructions ?? "-"] : [])
      }
      let share = shares.first { $0.contender == contender }
      let boundary =
        shares.isEmpty ? [] : [share.map { shareText($0, counted: sharesCounted) } ?? ""]
      table.rows.append([Contenders.title(of: contender)] + costs + boundary)
    }
    return table.render()
  }

  /// What the boundary column of one machine's tables is, said once
  /// above them.
  var boundaryLegend: String {
    let counted = results.boundary.contains { $0.instructionShare != nil }
    let lines = [
      "The boundary column: the share of each implementation's time per event as a package",
      "dependency that it does not pay as the app's own code (1 - own code / package)"
        + (counted ? ", then" : "."),
    ]
    let instructions = counted ? ["the same share of its instructions per event."] : []
    let loop =
      results.configurations.contains(.ownCode)
      ? [
        "The loop alone is measured once: in the own-code column it is the loop with one call",
        "per event, which the app's own code need not make and can go under.",
      ] : []
    return (lines + instructions + loop).joined(separator: "\n")
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
