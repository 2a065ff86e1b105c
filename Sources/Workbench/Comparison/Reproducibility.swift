/// Whether a run reproduces committed results, judged by what can travel
/// from the machine that made them to this one.
///
/// On the same processor, each cell's time now against the committed time,
/// within the noise band, and the instructions per event. On another
/// processor the times cannot be compared: the instructions and the
/// simulated mispredictions per event, exactly, and the order of the
/// styles. And when the run's own repetitions disagree beyond the band, no
/// time is judged at all: the machine is too noisy, and the check says how
/// noisy.
struct Reproducibility {
  /// One cell's time, as measured on either side.
  struct Row {
    /// The cell's place.
    var key: CostCell.Key
    /// The committed time per event, if the committed results have the cell.
    var committed: Double?
    /// The time per event now, if the run has the cell.
    var now: Double?
    /// The slowest run's time over the fastest's now, if the run has the
    /// cell and its runs disagree beyond the band.
    var noisySpread: Double?

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

    /// Whether the cell is outside the band while its own runs disagree
    /// beyond it: no verdict on the cell, which may have moved or not.
    var isUnjudged: Bool { !agrees && committed != nil && now != nil && noisySpread != nil }

    /// The row's verdict in words: `ok`, `OUTSIDE`, why it is not judged,
    /// or which side lacks it.
    var verdict: String {
      switch (committed, now) {
      case (nil, _): return "missing from the committed results"
      case (_, nil): return "missing from this run"
      default:
        if agrees { return "ok" }
        guard let noisySpread else { return "OUTSIDE" }
        return "not judged: its runs are \(noisySpread.formatted(digits: 2))x apart"
      }
    }
  }

  /// The results of the run checked.
  var now: ComparisonResults

  /// The committed results it is checked against.
  var committed: ComparisonResults

  /// Whether the processors are the same.
  var processor: ProcessorMatch {
    ProcessorMatch(now: now.label.cpu, committed: committed.label.cpu)
  }

  /// How far the run's own repetitions disagree.
  var noise: RunNoise { RunNoise(now) }

  /// Every cell of either side: the committed ones in their order, then
  /// those only the run has.
  var rows: [Row] {
    let nowCells = now.cellsByKey
    let committedKeys = Set(committed.cells.map(\.key))
    let both = committed.cells.map { cell in
      let measured = nowCells[cell.key]
      return Row(
        key: cell.key, committed: cell.nsPerEvent, now: measured?.nsPerEvent,
        noisySpread: measured.flatMap { $0.isNoisy ? $0.spread : nil })
    }
    let onlyNow = now.cells.filter { !committedKeys.contains($0.key) }.map { cell in
      Row(
        key: cell.key, committed: nil, now: cell.nsPerEvent,
        noisySpread: cell.isNoisy ? cell.spread : nil)
    }
    return both + onlyNow
  }

  /// The instructions per event of both sides, compared.
  var instructions: CountMatch { CountMatch(.instructions, now: now, committed: committed) }

  /// The simulated mispredictions per event of both sides, compared.
  var mispredictions: CountMatch { CountMatch(.mispredictions, now: now, committed: committed) }

  /// The order of the styles on both sides, compared.
  var order: StyleOrder { StyleOrder(now: now, committed: committed) }

  /// Whether the run reproduces the committed results: on the same
  /// processor, every cell of either side on both and within the band, and
  /// the same instructions where both counted; on another, the same
  /// instructions in every cell and no clear order reversed. Never when the
  /// run is too noisy to judge.
  var agrees: Bool {
    guard !noise.isTooNoisy else { return false }
    let instructions = instructions
    let mispredictions = mispredictions
    let simulated = !mispredictions.isComparable || mispredictions.agrees
    guard processor.comparesTimes else {
      return instructions.agrees && simulated && order.agrees
    }
    let rows = rows
    return !rows.isEmpty && rows.allSatisfy(\.agrees)
      && (!instructions.isComparable || instructions.agrees) && simulated
  }

  /// The check as text: what is compared with what and why, then the
  /// comparison, and a last line that sums it up.
  func render() -> String {
    var lines = [
      "Reproducibility: \(now.label.kind.text), \(now.label.path)",
      "against \(committed.label.kind.text), \(committed.label.path)",
      processor.text,
    ]
    if let nowSwift = now.label.swift, let committedSwift = committed.label.swift,
      nowSwift != committedSwift
    {
      lines.append(
        "The Swift versions differ (now \(nowSwift), committed \(committedSwift)): "
          + "the instructions are the compiler's, and may differ for that alone.")
    }
    lines.append(noise.text)
    if processor.comparesTimes {
      lines.append("A cell agrees when now and committed differ by at most \(NoiseBand.text).")
      lines += [""] + timeLines
    } else {
      lines += [""] + otherProcessorLines
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The comparison on the same processor: a line per cell, the
  /// instructions, and how many cells agree.
  private var timeLines: [String] {
    let rows = rows
    let noisy = noise.isTooNoisy
    var table = TextTable(header: ["cell", "committed", "now", "now/committed"])
    var verdicts = ["", ""]  // None for the header and its rule.
    for row in rows {
      table.rows.append([
        row.key.text, time(row.committed), time(row.now),
        row.ratio.map { $0.formatted(digits: 2) + "x" } ?? "-",
      ])
      // A run too noisy to judge marks no cell.
      verdicts.append(noisy ? "" : row.verdict)
    }
    // The verdicts after the table, aligned to the left, as words read.
    let tableLines = zip(table.render().split(separator: "\n"), verdicts).map { line, verdict in
      verdict.isEmpty ? String(line) : "\(line)  \(verdict)"
    }
    let countLines = instructions.lines + mispredictions.lines
    var lines = tableLines + [""] + countLines + (countLines.isEmpty ? [] : [""])
    if noisy {
      lines.append(noise.summary)
      return lines
    }
    let within = rows.filter(\.agrees).count
    let missing = rows.filter { $0.committed == nil || $0.now == nil }.count
    let unjudged = rows.filter(\.isUnjudged).count
    let notes =
      (missing > 0 ? ["\(missing) missing from one side"] : [])
      + (unjudged > 0 ? ["\(unjudged) not judged, their runs disagreeing"] : [])
    lines.append(
      "\(within) of \(rows.count) cells within the noise band"
        + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
    return lines
  }

  /// The comparison on another processor: the instructions, the order of
  /// the styles, and a summary of both.
  private var otherProcessorLines: [String] {
    let instructions = instructions
    let noisy = noise.isTooNoisy
    let order = order
    let mispredictions = mispredictions
    var lines = instructions.lines
    if !instructions.isComparable && instructions.lines.isEmpty {
      lines.append("Instructions per event: neither side has any, so none are compared.")
    }
    lines += mispredictions.lines
    lines.append("")
    if noisy {
      lines.append("Order of the styles: not judged, the run being too noisy.")
    } else {
      lines += order.lines
    }
    lines.append("")
    let same = instructions.rows.filter(\.agrees).count
    let counted =
      instructions.isComparable
      ? "\(same) of \(instructions.rows.count) cells with the same instructions per event"
      : "no instructions compared"
    let mispredicted =
      mispredictions.isComparable
      ? "; \(mispredictions.rows.filter(\.agrees).count) of \(mispredictions.rows.count) "
        + "with the same mispredictions" : ""
    let ordered =
      noisy
      ? "the order not judged: too noisy"
      : "\(order.kept) of \(order.groups.count) orders of the styles kept"
    lines.append("\(counted)\(mispredicted); \(ordered)")
    return lines
  }

  /// A time per event, or `-` when the side lacks the cell.
  private func time(_ value: Double?) -> String {
    value.map { $0.formatted(digits: 2) + " ns" } ?? "-"
  }
}
