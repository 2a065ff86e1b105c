/// Whether a run reproduces committed results: each cell's time now against
/// the committed time, within the noise band.
struct Reproducibility {
  /// One cell, as measured on either side.
  struct Row {
    /// The cell's place.
    var key: CostCell.Key
    /// The committed time per event, if the committed results have the cell.
    var committed: Double?
    /// The time per event now, if the run has the cell.
    var now: Double?

    /// Now over committed, when both sides have the cell.
    var ratio: Double? {
      guard let committed, let now, committed > 0 else { return nil }
      return now / committed
    }

    /// Whether the cell is on both sides and within the band.
    var agrees: Bool {
      guard let committed, let now else { return false }
      return NoiseBand.contains(now, around: committed)
    }

    /// The row's verdict in words: `ok`, `OUTSIDE`, or which side lacks it.
    var verdict: String {
      switch (committed, now) {
      case (nil, _): "missing from the committed results"
      case (_, nil): "missing from this run"
      default: agrees ? "ok" : "OUTSIDE"
      }
    }
  }

  /// The results of the run checked.
  var now: ComparisonResults

  /// The committed results it is checked against.
  var committed: ComparisonResults

  /// Every cell of either side: the committed ones in their order, then
  /// those only the run has.
  var rows: [Row] {
    let nowCells = now.cellsByKey
    let committedKeys = Set(committed.cells.map(\.key))
    let both = committed.cells.map { cell in
      Row(key: cell.key, committed: cell.nsPerEvent, now: nowCells[cell.key]?.nsPerEvent)
    }
    let onlyNow = now.cells.filter { !committedKeys.contains($0.key) }.map { cell in
      Row(key: cell.key, committed: nil, now: cell.nsPerEvent)
    }
    return both + onlyNow
  }

  /// Whether every cell of either side is on both and within the band.
  var agrees: Bool { rows.allSatisfy(\.agrees) && !rows.isEmpty }

  /// The check as text: what is compared with what, a line per cell, and
  /// how many agree.
  func render() -> String {
    let rows = rows
    var table = TextTable(header: ["cell", "committed", "now", "now/committed"])
    var verdicts = ["", ""]  // None for the header and its rule.
    for row in rows {
      table.rows.append([
        row.key.text, time(row.committed), time(row.now),
        row.ratio.map { $0.formatted(digits: 2) + "x" } ?? "-",
      ])
      verdicts.append(row.verdict)
    }
    // The verdicts after the table, aligned to the left, as words read.
    let lines = zip(table.render().split(separator: "\n"), verdicts).map { line, verdict in
      verdict.isEmpty ? String(line) : "\(line)  \(verdict)"
    }
    let within = rows.filter(\.agrees).count
    let missing = rows.filter { $0.committed == nil || $0.now == nil }.count
    return [
      "Reproducibility: \(now.label.kind.text), \(now.label.path)",
      "against \(committed.label.kind.text), \(committed.label.path)",
      "A cell agrees when now and committed differ by at most \(NoiseBand.text).",
      "",
      lines.joined(separator: "\n"),
      "",
      "\(within) of \(rows.count) cells within the noise band"
        + (missing > 0 ? " (\(missing) missing from one side)" : ""),
    ].joined(separator: "\n") + "\n"
  }

  /// A time per event, or `-` when the side lacks the cell.
  private func time(_ value: Double?) -> String {
    value.map { $0.formatted(digits: 2) + " ns" } ?? "-"
  }
}
