import StateMachines

extension ComparisonReport {
  /// Whether N times the events took N times the time.
  var linearityChecks: String {
    var lines = [
      "Linearity: N times the events must take N times the time (within "
        + "\(Int(LinearityCheck.tolerance * 100))%), or the loop is not measuring work."
    ]
    for check in results.linearity {
      let verdict =
        check.passes
        ? "ok" : "CHECK: not proportional" + (check.noisy ? " (noisy: run again)" : "")
      lines.append(
        "  \(check.benchmark): \(check.events) events take "
          + "\(check.timeRatio.formatted(digits: 2))x the time of \(check.baseEvents) "
          + "(expected \(check.expectedRatio.formatted(digits: 2))x)  \(verdict)")
    }
    return lines.joined(separator: "\n")
  }

  /// For each contender and stream measured at several sizes, the time per
  /// event at each size and the largest size's over the smallest's.
  var scaleTables: String {
    var groups: [String: [ScaleRow]] = [:]
    var order: [String] = []
    for row in results.scale {
      let group = "\(row.contender), \(row.stream) stream"
      if groups[group] == nil { order.append(group) }
      groups[group, default: []].append(row)
    }
    let tables = order.map { group in scaleTable(group, rows: groups[group] ?? []) }
    return
      "Scale: ns per event as one iteration handles more events; the last column is the\n"
      + "largest size's over the smallest's, about 1.00 when the cost per event does not grow.\n"
      + tables.joined(separator: "\n\n")
  }

  /// The scale table of `rows`, which share a contender and a stream.
  private func scaleTable(_ title: String, rows: [ScaleRow]) -> String {
    var sizes: [String] = []
    for point in rows.flatMap(\.points).sorted(by: { $0.events < $1.events })
    where !sizes.contains(point.size) {
      sizes.append(point.size)
    }
    let ratioTitle = sizes.count > 1 ? "\(sizes[sizes.count - 1])/\(sizes[0])" : "ratio"
    var table = TextTable(header: ["scale (\(title))"] + sizes + [ratioTitle])
    for row in rows {
      let cells = sizes.map { size in
        row.points.first { $0.size == size }.map { point in
          let noisy = NoiseBand.isSpread(
            median: point.nsPerEvent, min: point.nsMin, max: point.nsMax)
          return point.nsPerEvent.formatted(digits: 2) + (noisy ? " ns~" : " ns ")
        } ?? "-"
      }
      table.rows.append([row.machine] + cells + [row.ratio.map { $0.formatted(digits: 2) } ?? "-"])
    }
    return table.render()
  }

  /// Lines, types and switches of each style's source file.
  var codeSizeTable: String {
    let styles = Style.allCases.map(\.rawValue)
    var table = TextTable(header: ["code (lines/types/switches)"] + styles)
    for machine in machines {
      let cells = styles.map { style in
        SourceFiles.codeSize(machine: machine, style: style, root: sourcesRoot).map {
          "\($0.lines) / \($0.types) / \($0.switches)"
        } ?? "-"
      }
      table.rows.append([machine] + cells)
    }
    return
      "Static cost: lines with code (comments and blank lines left out), types declared,\n"
      + "switch statements, in \(sourcesRoot)/<Machine>/<Machine>+<Style>.swift\n"
      + table.render()
  }
}
