/// Whether a run counted the same instructions (or mispredictions) per event
/// as the committed results, cell by cell and exactly: valgrind counts the
/// same instructions for the same build on any x86-64 machine, whatever else
/// the machine is doing, and its branch simulator, a model processor, the
/// same mispredictions.
struct CountMatch: Sendable {
  /// A figure valgrind counts, the same for the same build anywhere.
  enum Figure: Sendable {
    /// The instructions per event.
    case instructions
    /// The simulated branch mispredictions per event.
    case mispredictions

    /// The cell's figure.
    func value(of cell: CostCell) -> Double? {
      switch self {
      case .instructions: cell.instructionsPerEvent
      case .mispredictions: cell.mispredictionsPerEvent
      }
    }

    /// The figure's name, capitalised, as a line starts with it.
    var name: String {
      switch self {
      case .instructions: "Instructions per event"
      case .mispredictions: "Mispredictions per event"
      }
    }

    /// What counts it, in brackets after its name.
    var counter: String {
      switch self {
      case .instructions: "valgrind"
      case .mispredictions: "valgrind's branch simulator"
      }
    }

    /// The digits a count is shown with.
    var digits: Int {
      switch self {
      case .instructions: 2
      case .mispredictions: 4
      }
    }
  }

  /// One cell counted on either side.
  struct Row: Sendable {
    /// The cell's place.
    var key: CostCell.Key
    /// The committed count, if the committed results have one.
    var committed: Double?
    /// The count now, if the run has one.
    var now: Double?

    /// Whether both sides counted the same.
    var agrees: Bool { committed != nil && committed == now }

    /// The row's verdict in words.
    var verdict: String {
      switch (committed, now) {
      case (nil, _): "missing from the committed results"
      case (_, nil): "missing from this run"
      default: agrees ? "same" : "DIFFERENT"
      }
    }
  }

  /// The figure compared.
  let figure: Figure

  /// Every cell counted on either side: the committed ones in their order,
  /// then those only the run has.
  let rows: [Row]

  /// Whether the run has any counts.
  let nowCounted: Bool

  /// Whether the committed results have any counts.
  let committedCounted: Bool

  /// Compares the counts of `figure` in `now` with those in `committed`.
  init(_ figure: Figure, now: ComparisonResults, committed: ComparisonResults) {
    self.figure = figure
    let nowCells = now.cellsByKey
    let committedKeys = Set(committed.cells.map(\.key))
    nowCounted = now.cells.contains { figure.value(of: $0) != nil }
    committedCounted = committed.cells.contains { figure.value(of: $0) != nil }
    let both = committed.cells.compactMap { cell -> Row? in
      let counted = nowCells[cell.key].flatMap(figure.value)
      guard figure.value(of: cell) != nil || counted != nil else { return nil }
      return Row(key: cell.key, committed: figure.value(of: cell), now: counted)
    }
    let onlyNow = now.cells.filter { !committedKeys.contains($0.key) }.compactMap { cell in
      figure.value(of: cell).map { Row(key: cell.key, committed: nil, now: $0) }
    }
    rows = both + onlyNow
  }

  /// Whether both sides have counts, so there is something to compare.
  var isComparable: Bool { nowCounted && committedCounted }

  /// Whether both sides counted, and counted the same in every cell.
  var agrees: Bool { isComparable && rows.allSatisfy(\.agrees) }

  /// The comparison in lines: the cells that differ, if any, and a summary.
  var lines: [String] {
    guard isComparable else {
      if !nowCounted && !committedCounted { return [] }
      return [
        nowCounted
          ? "\(figure.name): the committed results have none; not compared."
          : "\(figure.name): this run has none, so they are not compared. Install "
            + "valgrind\n(apt-get install valgrind) and run \(Comparison.checkCommand) again."
      ]
    }
    let differing = rows.filter { !$0.agrees }
    let summary =
      "\(figure.name) (\(figure.counter)): \(rows.count - differing.count) of \(rows.count) "
      + "cells the same as committed" + (differing.isEmpty ? "." : "; these are not:")
    guard !differing.isEmpty else { return [summary] }
    var table = TextTable(header: ["cell", "committed", "now", "now-committed"])
    for row in differing {
      let difference = both(row.now, row.committed).map { $0 - $1 }
      table.rows.append([
        row.key.text, count(row.committed), count(row.now),
        difference.map { ($0 > 0 ? "+" : "") + $0.formatted(digits: figure.digits) } ?? "-",
      ])
    }
    let verdicts = ["", ""] + differing.map(\.verdict)
    let tableLines = zip(table.render().split(separator: "\n"), verdicts).map { line, verdict in
      verdict.isEmpty ? String(line) : "\(line)  \(verdict)"
    }
    return [summary] + tableLines
  }

  /// A count per event, or `-` when the side lacks it.
  private func count(_ value: Double?) -> String {
    value.map { $0.formatted(digits: figure.digits) } ?? "-"
  }
}

/// Both values, when there are both.
private func both<T>(_ first: T?, _ second: T?) -> (T, T)? {
  guard let first, let second else { return nil }
  return (first, second)
}
