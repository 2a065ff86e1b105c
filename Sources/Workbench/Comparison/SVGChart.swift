import Foundation

/// The results as a bar chart a class reads at a glance: one panel per
/// stream (uniform and typical), side by side on one log scale of ns per
/// event; in each, a group of horizontal bars per machine, named on the
/// left, and one bar per contender, the lower bound hatched and drawn
/// across its group. `ChartLayout` places everything.
///
/// The SVG has a `viewBox` and scales to the width it is given (the class
/// view's `/costs` fits it to the window); its text is text, with a title
/// and a description for screen readers. Hand-written SVG (see
/// `SVGMarkup`): the same results always give the same bytes, so a
/// committed chart changes only when the numbers do.
struct SVGChart {
  /// The results to draw.
  var results: ComparisonResults

  /// The `id` of the chart's title element, which names the image.
  static let titleID = "dispatch-cost-title"
  /// The `id` of the chart's description element.
  static let descriptionID = "dispatch-cost-description"

  /// The whole SVG document, ending with a newline.
  func render() -> String {
    let layout = ChartLayout(results)
    let body = [
      background, layout.header.map(\.svg).joined(separator: "\n"), legend(layout),
      bands(layout), layout.panels.map { panel(layout, $0) }.joined(separator: "\n"),
      (layout.panelTitles + layout.machineLabels + layout.ticks + layout.axisTitles
        + layout.notes + layout.barLabels).map(\.svg).joined(separator: "\n"),
    ].filter { !$0.isEmpty }.joined(separator: "\n")
    let size = (SVGMarkup.number(ChartLayout.width), SVGMarkup.number(layout.height))
    let title = SVGMarkup.element(
      "title", ["id": Self.titleID], content: SVGMarkup.escaped(ChartLayout.title(results)))
    let summary = SVGMarkup.element(
      "desc", ["id": Self.descriptionID], content: SVGMarkup.escaped(description(layout)))
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(ChartLayout.width))" \
      height="\(Int(layout.height))" viewBox="0 0 \(size.0) \(size.1)" role="img" \
      aria-labelledby="\(Self.titleID) \(Self.descriptionID)" \
      font-family="Helvetica, Arial, sans-serif" font-size="\(SVGMarkup.number(ChartLayout.textSize))">
      \(title)
      \(summary)
      \(patterns)
      \(body)
      </svg>

      """
  }

  /// What the chart shows, in words, for a reader who cannot see it.
  private func description(_ layout: ChartLayout) -> String {
    "Horizontal bars of the time per event, on a log scale where shorter is faster: "
      + "one panel per stream (\(layout.streams.joined(separator: ", "))), "
      + "one group of bars per machine (\(layout.machines.joined(separator: ", "))), "
      + "one bar per contender, top to bottom "
      + "(\(layout.contenders.map { Contenders.title(of: $0) }.joined(separator: ", "))), "
      + "each labelled with its contender and time. "
      + "Each bar's title gives its figures; fsm compare prints them all as a matrix."
  }

  /// The hatch that marks the lower bound, and the white outline that
  /// keeps a bar's label readable over a bar, the hatch or a gridline.
  private var patterns: String {
    let halo = SVGMarkup.element(
      "style", [:],
      content: ".bar-label { paint-order: stroke; stroke: #FFFFFF; stroke-width: 3px; "
        + "stroke-linejoin: round; }")
    return SVGMarkup.element("defs", [:], content: ChartPalette.lowerBoundPattern + halo)
  }

  /// A white page, so the chart reads the same on a dark background.
  private var background: String {
    SVGMarkup.element(
      "rect", ["x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "#FFFFFF"])
  }

  /// A swatch and a name for each contender.
  private func legend(_ layout: ChartLayout) -> String {
    layout.legend.enumerated().map { position, entry in
      SVGMarkup.element(
        "rect",
        [
          "class": "legend", "x": SVGMarkup.number(entry.swatch.left),
          "y": SVGMarkup.number(entry.swatch.top), "width": SVGMarkup.number(entry.swatch.width),
          "height": SVGMarkup.number(entry.swatch.height),
          "fill": ChartPalette.fill(of: entry.contender, position: position),
          "stroke": "#333333", "stroke-width": "0.5",
        ]) + "\n" + entry.label.svg
    }.joined(separator: "\n")
  }

  /// A light band behind every other machine, across its name and every
  /// panel of the row, so that the eye follows a machine from panel to
  /// panel.
  private func bands(_ layout: ChartLayout) -> String {
    let rows = Dictionary(grouping: layout.panels) { $0.frame.top }.values
      .sorted { $0[0].frame.top < $1[0].frame.top }
    return rows.flatMap { row in
      layout.machines.indices.filter { $0 % 2 == 1 }.map { machine in
        SVGMarkup.element(
          "rect",
          [
            "class": "band", "x": SVGMarkup.number(ChartLayout.margin / 2),
            "y": SVGMarkup.number(row[0].frame.top + Double(machine) * layout.groupHeight),
            // From half a margin left of the names to half a margin right of the last panel.
            "width": SVGMarkup.number(row.map(\.frame.right).max() ?? 0),
            "height": SVGMarkup.number(layout.groupHeight), "fill": "#F2F3F7",
          ])
      }
    }.joined(separator: "\n")
  }

  /// One stream's gridlines, bars and lower-bound lines.
  private func panel(_ layout: ChartLayout, _ panel: ChartLayout.Panel) -> String {
    var parts: [String] = []
    for power in layout.scale.powers {
      let x = SVGMarkup.number(layout.x(of: pow(10, Double(power)), in: panel))
      parts.append(
        SVGMarkup.element(
          "line",
          [
            "class": "grid", "x1": x, "y1": SVGMarkup.number(panel.frame.top), "x2": x,
            "y2": SVGMarkup.number(panel.frame.bottom), "stroke": "#CCCCCC",
          ]))
    }
    let byKey = results.cellsByKey
    for (row, machine) in layout.machines.enumerated() {
      for (position, contender) in layout.contenders.enumerated() {
        let key = CostCell.Key(machine: machine, stream: panel.stream, contender: contender)
        guard let cell = byKey[key] else { continue }
        let band = layout.band(machine: row, contender: position, in: panel)
        parts.append(bar(cell, band: band, end: layout.x(of: cell.nsPerEvent, in: panel), position))
      }
      // Over the bars, so that each bar reads against it.
      let key = CostCell.Key(
        machine: machine, stream: panel.stream, contender: Contenders.lowerBound)
      if let bound = byKey[key] {
        let x = SVGMarkup.number(layout.x(of: bound.nsPerEvent, in: panel))
        let top = layout.groupTop(row, in: panel)
        parts.append(
          SVGMarkup.element(
            "line",
            [
              "class": "lower-bound", "x1": x, "y1": SVGMarkup.number(top - 2), "x2": x,
              "y2": SVGMarkup.number(top + Double(layout.contenders.count) * ChartLayout.slot + 1),
              "stroke": "#333333", "stroke-dasharray": "4 3",
            ]))
      }
    }
    parts.append(
      SVGMarkup.element(
        "line",
        [
          "class": "axis", "x1": SVGMarkup.number(panel.frame.left),
          "y1": SVGMarkup.number(panel.frame.top), "x2": SVGMarkup.number(panel.frame.left),
          "y2": SVGMarkup.number(panel.frame.bottom), "stroke": "#666666",
        ]))
    return SVGMarkup.element(
      "g", ["class": "stream", "data-stream": panel.stream],
      content: "\n" + parts.joined(separator: "\n") + "\n")
  }

  /// One bar, from the panel's left edge to `end`, with its numbers as a
  /// tooltip.
  private func bar(_ cell: CostCell, band: ChartBox, end: Double, _ position: Int) -> String {
    let ratio = cell.ratioToEnum.map { ", \($0.formatted(digits: 2))x \(Contenders.reference)" }
    let tooltip =
      "\(cell.machine), \(cell.stream) stream, \(Contenders.title(of: cell.contender)): "
      + "\(cell.nsPerEvent.formatted(digits: 2)) ns per event\(ratio ?? "")"
    return SVGMarkup.element(
      "rect",
      [
        "class": "bar", "data-machine": cell.machine, "data-stream": cell.stream,
        "data-contender": cell.contender, "x": SVGMarkup.number(band.left),
        "y": SVGMarkup.number(band.top), "width": SVGMarkup.number(end - band.left),
        "height": SVGMarkup.number(band.height),
        "fill": ChartPalette.fill(of: cell.contender, position: position),
        "stroke": "#333333", "stroke-width": "0.5",
      ], content: SVGMarkup.element("title", [:], content: SVGMarkup.escaped(tooltip)))
  }
}
