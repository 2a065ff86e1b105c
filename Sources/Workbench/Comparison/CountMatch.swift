/// Whether a run counted the same instructions per event as the committed
/// results, cell by cell and exactly: valgrind counts the same instructions
/// for the same build on any x86-64 machine, whatever else the machine is
/// doing.
struct InstructionMatch: Sendable {
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

  /// Every cell counted on either side: the committed ones in their order,
  /// then those only the run has.
  let rows: [Row]

  /// Whether the run has any counts.
  let nowCounted: Bool

  /// Whether the committed results have any counts.
  let committedCounted: Bool

  /// Compares the counts of `now` with those of `committed`.
  init(now: ComparisonResults, committed: ComparisonResults) {
    let nowCells = now.cellsByKey
    let committedKeys = Set(committed.cells.map(\.key))
    nowCounted = now.hasInstructions
    committedCounted = committed.hasInstructions
    let both = committed.cells.compactMap { cell -> Row? in
      let counted = nowCells[cell.key]?.instructionsPerEvent
      guard cell.instructionsPerEvent != nil || counted != nil else { return nil }
      return Row(key: cell.key, committed: cell.instructionsPerEvent, now: counted)
    }
    let onlyNow = now.cells.filter { !committedKeys.contains($0.key) }.compactMap { cell in
      cell.instructionsPerEvent.map { Row(key: cell.key, committed: nil, now: $0) }
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
          ? "Instructions per event: the committed results have none; not compared."
          : "Instructions per event: this run has none, so they are not compared. Install "
            + "valgrind\n(apt-get install valgrind) and run \(Comparison.checkCommand) again."
      ]
    }
    let differing = rows.filter { !$0.agrees }
    let summary =
      "Instructions per event (valgrind): \(rows.count - differing.count) of \(rows.count) "
      + "cells the same as committed" + (differing.isEmpty ? "." : "; these are not:")
    guard !differing.isEmpty else { return [summary] }
    var table = TextTable(header: ["cell", "committed", "now", "now-committed"])
    for row in differing {
      let difference = both(row.now, row.committed).map { $0 - $1 }
      table.rows.append([
        row.key.text, count(row.committed), count(row.now),
        difference.map { ($0 > 0 ? "+" : "") + $0.formatted(digits: 2) } ?? "-",
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
    value.map { $0.formatted(digits: 2) } ?? "-"
  }
}

/// Both values, when there are both.
private func both<T>(_ first: T?, _ second: T?) -> (T, T)? {
  guard let first, let second else { return nil }
  return (first, second)
}
