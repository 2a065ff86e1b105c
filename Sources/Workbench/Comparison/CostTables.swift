/// The cost tables of one set of results: a table per machine and stream,
/// contenders down, each configuration's figures across, then the module
/// boundary's share.
///
/// A matrix of machines down and contenders across would need a column
/// per contender and configuration, more than twice a terminal's width;
/// with one machine per table the contenders fit down the side. What every
/// table reads from the results (cells by place, targets, shares) is worked
/// out once, here, not once per table or cell.
struct CostTables {
  /// The cells, by their place.
  private let cells: [CostCell.Key: CostCell]

  /// The contenders, in the report's order.
  private let contenders: [String]

  /// The configurations measured, the package first.
  private let configurations: [CostCell.Configuration]

  /// The targets the marks are for.
  private let targets: Targets

  /// Whether instructions were counted, so that each table has their column.
  private let counted: Bool

  /// Whether branches were simulated, so that each table has a column of
  /// mispredictions.
  private let simulated: Bool

  /// The module boundary's shares, by machine and stream.
  private let shares: [String: [BoundaryShare]]

  /// Whether the shares include instructions.
  private let sharesCounted: Bool

  /// The column titles of one configuration's figures after its time.
  private var figures: [String] {
    ["x enum", "mallocs"] + (counted ? ["ins"] : []) + (simulated ? ["mispred"] : [])
  }

  /// The widest line of a table, as the lessons show them.
  static let width = 120

  init(_ results: ComparisonResults) {
    cells = results.cellsByKey
    contenders = results.contenders
    configurations = results.configurations
    targets = results.targets
    counted = results.hasInstructions
    simulated = results.hasMispredictions
    let boundary = results.boundary
    shares = Dictionary(grouping: boundary) { "\($0.machine)/\($0.stream)" }
    sharesCounted = boundary.contains { $0.instructionShare != nil }
  }

  /// `machine`'s table on `stream`.
  func table(_ machine: String, stream: String) -> String {
    let shares = shares["\(machine)/\(stream)"] ?? []
    // A column per figure, the first titled with the configuration, so
    // that the figures line up down the contenders.
    let header =
      ["\(machine), \(stream)"] + configurations.flatMap { [$0.shortTitle] + figures }
      + (shares.isEmpty ? [] : ["boundary"])
    var table = TextTable(header: header)
    // A terminal, an editor and a projector show 120 characters; with
    // mispredictions both configurations do not fit, and the own code's
    // figures go under the package's.
    table.maximumWidth = Self.width
    for contender in contenders {
      let costs = configurations.flatMap { configuration in
        parts(machine: machine, stream: stream, contender: contender, configuration)?.columns
          ?? ["-"] + figures.map { _ in "" }
      }
      let share = shares.first { $0.contender == contender }
      let boundary = shares.isEmpty ? [] : [share.map(shareText) ?? ""]
      table.rows.append([Contenders.title(of: contender)] + costs + boundary)
    }
    return table.render()
  }

  /// What the boundary column is, said once above the tables; nil when
  /// there is none (one configuration).
  var boundaryLegend: String? {
    guard !shares.isEmpty else { return nil }
    let lines = [
      "The boundary column: the share of each implementation's time per event as a package",
      "dependency that it does not pay as the app's own code (1 - own code / package)"
        + (sharesCounted ? ", then" : "."),
    ]
    let instructions = sharesCounted ? ["the same share of its instructions per event."] : []
    let loop =
      configurations.contains(.ownCode)
      ? [
        "The loop alone is measured once: in the own-code column it is the loop with one call",
        "per event, which the app's own code need not make and can go under.",
      ] : []
    return (lines + instructions + loop).joined(separator: "\n")
  }

  /// The figures of one cell, none when it was not measured. The loop
  /// alone, measured once, has the package's figures in both
  /// configurations, as a multiple of that configuration's enum.
  private func parts(
    machine: String, stream: String, contender: String, _ configuration: CostCell.Configuration
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
      return parts(of: bound, bound: nil)
    }
    return parts(of: shown, bound: bound?.nsPerEvent)
  }

  /// The figures of one cell, each as it is shown: a time or a multiple
  /// without a mark ends in a space, so that marked and unmarked ones
  /// line up when set right.
  private struct CellParts {
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
    /// `0.501`, `-` when not simulated for this cell; none when the results
    /// have no simulations.
    var mispredictions: String?

    /// The figures in the table's columns, in order.
    var columns: [String] {
      [time, ratio ?? "-", mallocs] + [instructions, mispredictions].compactMap { $0 }
    }
  }

  /// The figures of `cell`, with their marks.
  private func parts(of cell: CostCell, bound: Double?) -> CellParts {
    let missesBound =
      bound.map { bound in targets.lowerBounds.contains { $0.isMissed(by: cell, bound: bound) } }
      ?? false
    let marks = (cell.isNoisy ? "~" : "") + (missesBound ? "!" : "")
    let time = cell.nsPerEvent.formatted(digits: 2) + " ns" + (marks.isEmpty ? " " : marks)
    var mallocs = cell.mallocsPerEvent == 0 ? "0" : cell.mallocsPerEvent.formatted(digits: 3)
    if targets.missesMallocs(cell.contender, mallocs: cell.mallocsPerEvent) { mallocs += "!" }
    let instructions =
      counted
      ? (cell.instructionsPerEvent.map { $0.formatted(digits: 0) + " ins" } ?? "-") : nil
    let ratio = cell.ratioToEnum.map { ratio in
      ratio.formatted(digits: 2)
        + (targets.missesTime(cell.contender, ratio: ratio, on: cell.stream) ? "x!" : "x ")
    }
    let mispredictions =
      simulated ? (cell.mispredictionsPerEvent.map { $0.formatted(digits: 3) } ?? "-") : nil
    return CellParts(
      time: time, ratio: ratio, mallocs: mallocs, instructions: instructions,
      mispredictions: mispredictions)
  }

  /// The module boundary's share in one cell: `82% / 80%`, time then
  /// instructions, or `82%` when they were not counted.
  private func shareText(_ share: BoundaryShare) -> String {
    percent(share.timeShare)
      + (sharesCounted ? " / " + (share.instructionShare.map(percent) ?? "-") : "")
  }

  /// `share` as a whole percentage, as in `82%`.
  private func percent(_ share: Double) -> String {
    (share * 100).formatted(digits: 0) + "%"
  }
}
