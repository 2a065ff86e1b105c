import Foundation
import StateMachines

/// Renders a cost matrix, its linearity checks and the code size of the
/// styles as plain text.
struct ComparisonReport {
  /// The measured dispatch costs.
  var matrix: CostMatrix

  /// The machines to show, measured or not.
  var machines: [String]

  /// The host of the run, if the results name it.
  var host: BenchmarkResults.Host?

  /// Where the results were read from.
  var resultsPath: String

  /// Where the machines' sources are.
  var sourcesRoot: String

  /// The whole report.
  func render() -> String {
    var sections = [introduction]
    sections += matrix.streams.map(costTable(for:))
    if !matrix.linearity.isEmpty { sections.append(linearityChecks) }
    sections.append(codeSizeTable)
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Where the numbers come from and how to read them.
  private var introduction: String {
    var lines = ["Dispatch cost per event, from \(resultsPath)"]
    if let host {
      lines.append(
        "Run of \(host.time) on \(host.name): \(host.processor), \(host.processors) processors, "
          + "\(host.memory) GB of memory")
    }
    lines += [
      "Each cell: median ns per event, multiple of the machine's floor (a bare transition",
      "table), mallocs per event. Targets: 0 mallocs in every style; nested-switch and enum",
      "within 1.5x the floor; state-pattern within 3x. A '!' marks a miss.",
      "A '~' marks a noisy median: the middle half of the iterations spread over more than "
        + "\(Int(DispatchCost.noisySpread * 100))%",
      "of it (other work on the machine); run again when the machine is quiet.",
    ]
    return lines.joined(separator: "\n")
  }

  /// The matrix of one stream: machines down, floor and styles across.
  private func costTable(for stream: String) -> String {
    var table = TextTable(header: ["\(stream) stream"] + matrix.contenders)
    for machine in machines {
      let cells = matrix.contenders.map { contender in
        matrix.cost(machine, stream, contender).map { cell($0, contender) } ?? "-"
      }
      table.rows.append([machine] + cells)
    }
    return table.render()
  }

  /// One cell: `2.31 ns  1.20x  0`, with a `!` after a missed target and a
  /// `~` after a noisy time.
  private func cell(_ cost: DispatchCost, _ contender: String) -> String {
    let time = format(cost.nanosecondsPerEvent, digits: 2) + (cost.isNoisy ? " ns~" : " ns ")
    var mallocs = cost.mallocsPerEvent == 0 ? "0" : format(cost.mallocsPerEvent, digits: 3)
    if cost.mallocsPerEvent > 0 { mallocs += "!" }
    if cost.worstMallocsPerEvent > cost.mallocsPerEvent {
      mallocs += " (worst \(format(cost.worstMallocsPerEvent, digits: 3)))"
    }
    guard let ratio = cost.ratioToFloor else {
      return "\(time)  \(mallocs)"
    }
    let missed = CostMatrix.ratioTarget(for: contender).map { ratio > $0 } ?? false
    let multiple = format(ratio, digits: 2) + (missed ? "x!" : "x ")
    return "\(time)  \(multiple)  \(mallocs)"
  }

  /// Whether doubling the events doubled the time.
  private var linearityChecks: String {
    var lines = [
      "Linearity: N times the events must take N times the time (within "
        + "\(Int(LinearityCheck.tolerance * 100))%), or the loop is not measuring work."
    ]
    for check in matrix.linearity {
      let verdict =
        check.passes
        ? "ok" : "CHECK: not proportional" + (check.isNoisy ? " (noisy: run again)" : "")
      lines.append(
        "  \(check.name.text): \(check.events) events take "
          + "\(format(check.timeRatio, digits: 2))x the time of \(check.baseEvents) "
          + "(expected \(format(check.expectedRatio, digits: 2))x)  \(verdict)")
    }
    return lines.joined(separator: "\n")
  }

  /// Lines, types and switches of each style's source file.
  private var codeSizeTable: String {
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

  /// `value` with `digits` digits after the point.
  private func format(_ value: Double, digits: Int) -> String {
    // A results file can hold times up to 1e308, 309 digits in fixed point,
    // which would stretch the table far past the screen.
    guard value.magnitude < 1e9 else { return String(format: "%.\(digits)e", value) }
    return String(format: "%.\(digits)f", value)
  }
}
