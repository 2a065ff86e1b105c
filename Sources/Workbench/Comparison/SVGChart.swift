import Foundation

/// The results as a bar chart a class reads at a glance: for one stream
/// (`typical` when measured), one group of bars per machine and one bar per
/// contender, on a log scale of ns per event, the lower bound hatched and
/// drawn across its group.
///
/// Hand-written SVG (see `SVGMarkup`): the same results always give the
/// same bytes, so a committed chart changes only when the numbers do.
struct SVGChart {
  /// The results to draw.
  var results: ComparisonResults

  /// The chart's size, in pixels.
  static let width = 900.0
  /// The chart's height.
  static let height = 500.0

  /// The plot area: left, top, right and bottom edges.
  private static let plot = (left: 80.0, top: 70.0, right: 670.0, bottom: 420.0)

  /// The stream drawn: `typical` when measured, else the first.
  var stream: String? {
    results.streams.contains("typical") ? "typical" : results.streams.first
  }

  /// The cells drawn, one bar each.
  var cells: [CostCell] { results.cells.filter { $0.stream == stream } }

  /// The whole SVG document, ending with a newline.
  func render() -> String {
    let scale = LogScale(values: cells.map(\.nsPerEvent))
    let body = [background, titles, grid(scale), bars(scale), legend, footnote]
      .filter { !$0.isEmpty }.joined(separator: "\n")
    let size = (SVGMarkup.number(Self.width), SVGMarkup.number(Self.height))
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" \
      height="\(Int(Self.height))" viewBox="0 0 \(size.0) \(size.1)" \
      font-family="Helvetica, Arial, sans-serif" font-size="12">
      \(SVGMarkup.element("title", [:], content: SVGMarkup.escaped(title)))
      \(patterns)
      \(body)
      </svg>

      """
  }

  /// The chart's title: what it shows, whose results and of when (the day
  /// of the first run).
  private var title: String {
    let day = results.label.date.map { " of \($0.prefix(10))" } ?? ""
    return "Dispatch cost per event, \(stream ?? "no") stream: \(results.label.kind.text)\(day)"
  }

  /// The hatch that marks the lower bound.
  private var patterns: String {
    let line = SVGMarkup.element(
      "path", ["d": "M0,6 L6,0", "stroke": "#555555", "stroke-width": "1.5"])
    let pattern = SVGMarkup.element(
      "pattern",
      [
        "id": "lower-bound", "width": "6", "height": "6", "patternUnits": "userSpaceOnUse",
      ],
      content: SVGMarkup.element("rect", ["width": "6", "height": "6", "fill": "#DDDDDD"]) + line)
    return SVGMarkup.element("defs", [:], content: pattern)
  }

  /// A white page, so the chart reads the same on a dark background.
  private var background: String {
    SVGMarkup.element(
      "rect", ["x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "#FFFFFF"])
  }

  /// The title and, under it, the run and how to read the axis.
  private var titles: String {
    let label = results.label
    let runs = label.runs.count == 1 ? "1 run" : "\(label.runs.count) runs"
    let machine = [label.cpu ?? label.architecture, label.host.map { "host \($0)" }]
      .compactMap { $0 }.joined(separator: ", ")
    let subtitle = [machine, runs, "ns per event on a log scale: lower is faster"]
      .filter { !$0.isEmpty }.joined(separator: "; ")
    return [
      SVGMarkup.text(title, ["x": "20", "y": "28", "font-size": "18", "font-weight": "bold"]),
      SVGMarkup.text(subtitle, ["x": "20", "y": "48", "fill": "#444444"]),
    ].joined(separator: "\n")
  }

  /// A labelled gridline at every power of ten, and the axis's title.
  private func grid(_ scale: LogScale) -> String {
    var lines: [String] = []
    for power in scale.powers {
      let y = SVGMarkup.number(y(scale.fraction(of: pow(10, Double(power)))))
      lines.append(
        SVGMarkup.element(
          "line",
          [
            "class": "grid", "x1": SVGMarkup.number(Self.plot.left), "y1": y,
            "x2": SVGMarkup.number(Self.plot.right), "y2": y, "stroke": "#CCCCCC",
          ]))
      lines.append(
        SVGMarkup.text(
          LogScale.label(power: power),
          [
            "x": SVGMarkup.number(Self.plot.left - 6), "y": y, "text-anchor": "end",
            "dominant-baseline": "middle",
          ]))
    }
    let middle = SVGMarkup.number((Self.plot.top + Self.plot.bottom) / 2)
    lines.append(
      SVGMarkup.text(
        "ns per event",
        [
          "x": "20", "y": middle, "text-anchor": "middle",
          "transform": "rotate(-90 20 \(middle))",
        ]))
    return lines.joined(separator: "\n")
  }

  /// The height on the page of a fraction of the axis.
  private func y(_ fraction: Double) -> Double {
    Self.plot.bottom - fraction * (Self.plot.bottom - Self.plot.top)
  }

  /// One group of bars per machine, its name under it.
  private func bars(_ scale: LogScale) -> String {
    let machines = results.machines.filter { machine in cells.contains { $0.machine == machine } }
    let contenders = results.contenders.filter { contender in
      cells.contains { $0.contender == contender }
    }
    let byKey = results.cellsByKey
    let groupWidth = (Self.plot.right - Self.plot.left) / Double(max(machines.count, 1))
    let barWidth = groupWidth * 0.8 / Double(max(contenders.count, 1))
    var parts: [String] = []
    for (group, machine) in machines.enumerated() {
      let left = Self.plot.left + Double(group) * groupWidth + groupWidth * 0.1
      for (position, contender) in contenders.enumerated() {
        guard let stream,
          let cell = byKey[CostCell.Key(machine: machine, stream: stream, contender: contender)]
        else { continue }
        let x = left + Double(position) * barWidth
        parts.append(bar(cell, x: x, width: barWidth, scale: scale, position: position))
      }
      // Over the bars, so that each bar reads against it.
      if let stream,
        let bound = byKey[
          CostCell.Key(machine: machine, stream: stream, contender: Contenders.lowerBound)]
      {
        parts.append(lowerBoundLine(bound, from: left, width: groupWidth * 0.8, scale: scale))
      }
      parts.append(
        SVGMarkup.text(
          machine,
          [
            "x": SVGMarkup.number(left + groupWidth * 0.4),
            "y": SVGMarkup.number(Self.plot.bottom + 18), "text-anchor": "middle",
          ]))
    }
    return parts.joined(separator: "\n")
  }

  /// One bar, with its numbers as a tooltip.
  private func bar(
    _ cell: CostCell, x: Double, width: Double, scale: LogScale, position: Int
  ) -> String {
    let top = y(scale.fraction(of: cell.nsPerEvent))
    let ratio = cell.ratioToEnum.map { ", \($0.formatted(digits: 2))x \(Contenders.reference)" }
    let tooltip =
      "\(cell.machine), \(Contenders.title(of: cell.contender)): "
      + "\(cell.nsPerEvent.formatted(digits: 2)) ns per event\(ratio ?? "")"
    return SVGMarkup.element(
      "rect",
      [
        "class": "bar", "data-machine": cell.machine, "data-contender": cell.contender,
        "x": SVGMarkup.number(x), "y": SVGMarkup.number(top),
        "width": SVGMarkup.number(width * 0.9),
        "height": SVGMarkup.number(Self.plot.bottom - top),
        "fill": ChartPalette.fill(of: cell.contender, position: position),
        "stroke": "#333333", "stroke-width": "0.5",
      ], content: SVGMarkup.element("title", [:], content: SVGMarkup.escaped(tooltip)))
  }

  /// A dashed line across the group at the lower bound, so every bar can be
  /// read against it.
  private func lowerBoundLine(
    _ cell: CostCell, from left: Double, width: Double, scale: LogScale
  ) -> String {
    let y = SVGMarkup.number(y(scale.fraction(of: cell.nsPerEvent)))
    return SVGMarkup.element(
      "line",
      [
        "class": "lower-bound", "x1": SVGMarkup.number(left), "y1": y,
        "x2": SVGMarkup.number(left + width), "y2": y, "stroke": "#333333",
        "stroke-dasharray": "4 3",
      ])
  }

  /// What the hatched bar and the dashed line are, when the lower bound was
  /// measured.
  private var footnote: String {
    guard cells.contains(where: { $0.contender == Contenders.lowerBound }) else { return "" }
    return SVGMarkup.text(
      "Hatched bar and dashed line: \(Contenders.lowerBound), the harness loop with no machine, "
        + "the lower bound of every bar in its group.",
      ["x": "20", "y": SVGMarkup.number(Self.height - 30), "fill": "#444444"])
  }

  /// A swatch and a name for each contender, right of the plot.
  private var legend: String {
    let contenders = results.contenders.filter { contender in
      cells.contains { $0.contender == contender }
    }
    var parts: [String] = []
    for (position, contender) in contenders.enumerated() {
      let y = Self.plot.top + 10 + Double(position) * 22
      parts.append(
        SVGMarkup.element(
          "rect",
          [
            "class": "legend", "x": SVGMarkup.number(Self.plot.right + 20),
            "y": SVGMarkup.number(y - 6), "width": "14", "height": "14",
            "fill": ChartPalette.fill(of: contender, position: position), "stroke": "#333333",
            "stroke-width": "0.5",
          ]))
      parts.append(
        SVGMarkup.text(
          Contenders.title(of: contender),
          [
            "x": SVGMarkup.number(Self.plot.right + 40), "y": SVGMarkup.number(y + 1),
            "dominant-baseline": "middle",
          ]))
    }
    return parts.joined(separator: "\n")
  }
}
