import Foundation

/// The cost model as a chart, for `fsm compare --format svg --chart model`:
/// one panel per configuration, side by side, each a dot per cell at the
/// time the model predicts (across) and the time measured (up), on one log
/// scale. The diagonal is a perfect prediction and the light band around
/// it the noise band, so a dot off the band is a cell that instructions,
/// mispredictions and mallocs do not explain: it is ringed, and the worst
/// are named. `CostModelLayout` places everything.
///
/// Hand-written SVG, as `SVGChart` is (see `SVGMarkup`): the same results
/// always give the same bytes.
struct CostModelChart {
  /// The results drawn.
  let results: ComparisonResults
  /// The model of each configuration, fitted to `results`.
  let models: [CostModel]

  /// The `id` of the chart's title element, which names the image.
  static let titleID = "cost-model-title"
  /// The `id` of the chart's description element.
  static let descriptionID = "cost-model-description"

  /// The chart of `results`; `nil` when no model can be fitted to them
  /// (no simulated mispredictions, or too few cells with them).
  init?(results: ComparisonResults) {
    let models = CostModel.fit(results)
    guard !models.isEmpty else { return nil }
    self.results = results
    self.models = models
  }

  /// The whole SVG document, ending with a newline.
  func render() -> String {
    let layout = CostModelLayout(results, models: models)
    let texts = layout.header + layout.panelTitles + layout.ticks + layout.axisTitles + layout.notes
    let body = [
      background, legend(layout), layout.panels.map { panel(layout, $0) }.joined(separator: "\n"),
      texts.map(\.svg).joined(separator: "\n"), names(layout),
    ].filter { !$0.isEmpty }.joined(separator: "\n")
    let height = layout.height
    let title = SVGMarkup.element(
      "title", ["id": Self.titleID],
      content: SVGMarkup.escaped(CostModelLayout.title(results.label)))
    let summary = SVGMarkup.element(
      "desc", ["id": Self.descriptionID], content: SVGMarkup.escaped(description(layout)))
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(ChartLayout.width))" \
      height="\(Int(height))" viewBox="0 0 \(SVGMarkup.number(ChartLayout.width)) \
      \(SVGMarkup.number(height))" role="img" \
      aria-labelledby="\(Self.titleID) \(Self.descriptionID)" \
      font-family="Helvetica, Arial, sans-serif" font-size="\(SVGMarkup.number(ChartLayout.textSize))">
      \(title)
      \(summary)
      \(definitions)
      \(body)
      </svg>

      """
  }

  /// What the chart shows, in words, for a reader who cannot see it.
  private func description(_ layout: CostModelLayout) -> String {
    let fits = models.map { model in
      let coefficients = zip(CostModel.terms, model.coefficients).map { term, value in
        "\(CostModel.text(ofCoefficient: value)) ns per \(term.name)"
      }
      return
        "The \(model.configuration.shortTitle) model: \(coefficients.joined(separator: ", ")), "
        + "R² \(model.rSquared.formatted(digits: 3)); \(model.unexplained.count) of "
        + "\(model.predictions.count) cells outside the band. "
    }
    return "Scatter plots, one per configuration, of each cell's measured time per event against "
      + "the time the cost model predicts from its instructions, branch mispredictions and "
      + "mallocs, both on one log scale: a dot on the diagonal is predicted exactly, and the "
      + "light band around the diagonal is the noise band (\(NoiseBand.text)). "
      + fits.joined()
      + "The cells outside the band are ringed, the \(CostModelLayout.namedCells) worst of each "
      + "panel named. The dots are coloured by contender ("
      + layout.contenders.map { Contenders.title(of: $0) }.joined(separator: ", ")
      + "). Each dot's title gives its figures; fsm compare prints them all as a table."
  }

  /// The hatch of the lower bound's dots, and the white outline that keeps
  /// a cell's name readable over a dot, the band or a gridline.
  private var definitions: String {
    let halo = SVGMarkup.element(
      "style", [:],
      content: ".cell-name { paint-order: stroke; stroke: #FFFFFF; stroke-width: 3px; "
        + "stroke-linejoin: round; }")
    return SVGMarkup.element("defs", [:], content: ChartPalette.lowerBoundPattern + halo)
  }

  /// A white page, so the chart reads the same on a dark background.
  private var background: String {
    SVGMarkup.element(
      "rect", ["x": "0", "y": "0", "width": "100%", "height": "100%", "fill": "#FFFFFF"])
  }

  /// A dot, as on the plots, and a name for each contender.
  private func legend(_ layout: CostModelLayout) -> String {
    layout.legend.enumerated().map { position, entry in
      SVGMarkup.element(
        "circle",
        [
          "class": "legend", "cx": SVGMarkup.number(entry.swatch.left + entry.swatch.width / 2),
          "cy": SVGMarkup.number(entry.swatch.top + entry.swatch.height / 2),
          "r": SVGMarkup.number(CostModelLayout.dotRadius + 1),
          "fill": ChartPalette.fill(of: entry.contender, position: position),
          "stroke": "#333333", "stroke-width": "0.5",
        ]) + "\n" + entry.label.svg
    }.joined(separator: "\n")
  }

  /// One configuration's gridlines, band, diagonal, frame, dots and rings.
  private func panel(_ layout: CostModelLayout, _ panel: CostModelLayout.Panel) -> String {
    let frame = panel.frame
    var parts: [String] = []
    for power in layout.scale.powers {
      let value = pow(10, Double(power))
      let (x, y) = (layout.x(of: value, in: panel), layout.y(of: value, in: panel))
      parts.append(line("grid", from: (x, frame.top), to: (x, frame.bottom), stroke: "#DDDDDD"))
      parts.append(line("grid", from: (frame.left, y), to: (frame.right, y), stroke: "#DDDDDD"))
    }
    parts.append(band(layout, panel))
    parts.append(
      line(
        "diagonal", from: (frame.left, frame.bottom), to: (frame.right, frame.top),
        stroke: "#555555"))
    parts.append(
      SVGMarkup.element(
        "rect",
        [
          "class": "frame", "x": SVGMarkup.number(frame.left), "y": SVGMarkup.number(frame.top),
          "width": SVGMarkup.number(frame.width), "height": SVGMarkup.number(frame.height),
          "fill": "none", "stroke": "#666666",
        ]))
    parts += panel.model.predictions.map { dot($0, at: layout.point(of: $0, in: panel), layout) }
    // Over every dot, so that no dot hides a ring.
    parts += panel.model.unexplained.map { prediction in
      let point = layout.point(of: prediction, in: panel)
      return SVGMarkup.element(
        "circle",
        [
          "class": "ring", "data-cell": prediction.cell.key.text,
          "cx": SVGMarkup.number(point.x), "cy": SVGMarkup.number(point.y),
          "r": SVGMarkup.number(CostModelLayout.dotRadius + 3), "fill": "none",
          "stroke": "#222222", "stroke-width": "1.5",
        ])
    }
    return SVGMarkup.element(
      "g", ["class": "model", "data-configuration": panel.model.configuration.rawValue],
      content: "\n" + parts.joined(separator: "\n") + "\n")
  }

  /// The noise band around the diagonal: the measured times a prediction
  /// explains, within `NoiseBand.relative` of the measured time or
  /// `NoiseBand.absolute` of it, whichever is larger, so that a dot is in
  /// the band exactly when the report counts its cell as explained.
  private func band(_ layout: CostModelLayout, _ panel: CostModelLayout.Panel) -> String {
    let (relative, absolute) = (NoiseBand.relative, NoiseBand.absolute)
    let scale = layout.scale
    // Two dozen points a decade follow the curve where the absolute band
    // takes over; elsewhere the band's edges are straight on a log scale.
    let steps = 24 * (scale.highest - scale.lowest)
    let lowest = pow(10, Double(scale.lowest))
    let highest = pow(10, Double(scale.highest))
    let corners = [absolute * (1 - relative) / relative, absolute * (1 + relative) / relative]
    let predicted =
      ((0...steps).map { pow(10, Double(scale.lowest) + Double($0) / 24) }
      + corners.filter { $0 > lowest && $0 < highest }).sorted()
    let upper = predicted.map { ($0, max($0 / (1 - relative), $0 + absolute)) }
    let lower = predicted.reversed().map { ($0, min($0 / (1 + relative), $0 - absolute)) }
    let points = (upper + lower).map { predicted, measured in
      SVGMarkup.number(layout.x(of: predicted, in: panel)) + ","
        + SVGMarkup.number(layout.y(of: measured, in: panel))
    }
    return SVGMarkup.element(
      "path",
      [
        "class": "noise-band", "d": "M" + points.joined(separator: " L") + " Z",
        "fill": "#DCE6F2", "stroke": "none",
      ])
  }

  /// A cell's dot, with its figures as a tooltip.
  private func dot(
    _ prediction: CostModel.Prediction, at point: (x: Double, y: Double),
    _ layout: CostModelLayout
  ) -> String {
    let cell = prediction.cell
    let tooltip =
      "\(cell.key.text): measured \(cell.nsPerEvent.formatted(digits: 2)) ns, predicted "
      + "\(prediction.predicted.formatted(digits: 2)) ns per event "
      + "(measured/predicted \(prediction.ratio.formatted(digits: 2))x"
      + (prediction.isExplained ? ")" : ", outside the noise band)")
    return SVGMarkup.element(
      "circle",
      [
        "class": "dot", "data-cell": cell.key.text, "data-contender": cell.contender,
        "cx": SVGMarkup.number(point.x), "cy": SVGMarkup.number(point.y),
        "r": SVGMarkup.number(CostModelLayout.dotRadius),
        "fill": ChartPalette.fill(
          of: cell.contender, position: layout.contenders.firstIndex(of: cell.contender) ?? 0),
        "stroke": "#333333", "stroke-width": "0.5",
      ], content: SVGMarkup.element("title", [:], content: SVGMarkup.escaped(tooltip)))
  }

  /// The worst cells' names, each with a thin line to its dot when it had
  /// to move off the dot's row.
  private func names(_ layout: CostModelLayout) -> String {
    layout.cellNames.map { name in
      let (box, lines) = (name.box, name.lines.map(\.svg).joined(separator: "\n"))
      let middle = box.top + box.height / 2
      guard abs(middle - name.dot.y) > box.height / 2 else { return lines }
      let end = name.lines.first?.anchor == .end ? box.right + 2 : box.left - 2
      return line("leader", from: name.dot, to: (end, middle), stroke: "#444444") + "\n" + lines
    }.joined(separator: "\n")
  }

  /// A line of `role` from one point to another.
  private func line(
    _ role: String, from start: (x: Double, y: Double), to end: (x: Double, y: Double),
    stroke: String
  ) -> String {
    SVGMarkup.element(
      "line",
      [
        "class": role, "x1": SVGMarkup.number(start.x), "y1": SVGMarkup.number(start.y),
        "x2": SVGMarkup.number(end.x), "y2": SVGMarkup.number(end.y), "stroke": stroke,
      ])
  }
}
