import Foundation

extension CostModelLayout {
  /// The title of `model`'s panel: the configuration, the fit and the cells
  /// it misses, in bold; then the coefficients, formatted as the report's
  /// table of the model formats them.
  static func panelTitle(_ model: CostModel) -> (headline: String, coefficients: String) {
    let missed = "\(model.unexplained.count) of \(model.predictions.count) cells unexplained"
    let coefficients = zip(CostModel.terms, model.coefficients).map { term, value in
      "\(CostModel.text(ofCoefficient: value)) ns/\(term.name)"
    }
    return (
      "\(model.configuration.shortTitle): R² \(model.rSquared.formatted(digits: 3)), \(missed)",
      coefficients.joined(separator: ", ")
    )
  }

  /// The tick labels' texts, bottom of the scale to top.
  private var tickTexts: [String] { scale.powers.map(LogScale.label(power:)) }

  /// Lays out one panel per model, side by side from `top` (which moves
  /// below them): their titles, the measured axis's title and ticks, the
  /// plots, the predicted axis's ticks and title.
  mutating func layOutPanels(_ models: [CostModel], top: inout Double) {
    let size = ChartLayout.textSize
    let widths = tickTexts.map { TextWidth.of($0, size: size) }
    let tickWidth = widths.max() ?? 0
    // The last tick under a plot is centred on its right edge and reaches
    // past it by half its width.
    let overhang = (widths.last ?? 0) / 2
    // Every panel as wide as one of two, centred on the page: a chart of
    // one configuration reads as half of a chart of two.
    let columnWidth = (ChartLayout.width - 2 * ChartLayout.margin) / Double(max(models.count, 2))
    let rowLeft = (ChartLayout.width - Double(models.count) * columnWidth) / 2
    let side = min(
      Self.plotSide,
      columnWidth - tickWidth - Self.tickGap - overhang - ChartLayout.labelGap)
    let block = tickWidth + Self.tickGap + side + overhang
    let lefts = models.indices.map {
      rowLeft + Double($0) * columnWidth + (columnWidth - block) / 2
    }

    // A title may run past its plot, up to its column's edge.
    let titleWidth = (columnWidth + block - ChartLayout.labelGap) / 2
    let titles = models.map { model in
      let title = Self.panelTitle(model)
      return TextWidth.lines(title.headline, width: titleWidth, size: size, bold: true)
        .map { ($0, true) }
        + TextWidth.lines(title.coefficients, width: titleWidth, size: size).map { ($0, false) }
    }
    for (left, lines) in zip(lefts, titles) {
      for (line, (text, bold)) in lines.enumerated() {
        panelTitles.append(
          ChartLabel(
            role: "panel-title", text: text, x: left,
            y: top + ChartLabel.ascent * size + Double(line) * size * ChartLayout.lineSpacing,
            size: size, bold: bold))
      }
    }
    top += Double(titles.map(\.count).max() ?? 0) * size * ChartLayout.lineSpacing + 4

    for left in lefts {
      axisTitles.append(
        ChartLabel(
          role: "axis-title", text: "measured ns per event", x: left,
          y: top + ChartLabel.ascent * size, size: size, fill: "#444444"))
    }
    // Below the axis's title, with room for the top tick centred on the
    // plot's top edge.
    top += size * ChartLayout.lineSpacing + 10

    panels = zip(models, lefts).enumerated().map { column, panel in
      let (model, left) = panel
      let frame = ChartBox(
        left: left + tickWidth + Self.tickGap, top: top, width: side, height: side)
      let columnRight = rowLeft + Double(column + 1) * columnWidth - ChartLayout.labelGap / 2
      return Panel(
        model: model, frame: frame,
        namesArea: ChartBox(
          left: frame.left, top: frame.top, width: columnRight - frame.left, height: side))
    }
    let baseline = top + side + 10 + ChartLabel.ascent * size
    ticks = panels.flatMap { measuredTicks(on: $0) + predictedTicks(on: $0, baseline: baseline) }
    top += side + 10 + size * ChartLayout.lineSpacing + 2
    for panel in panels {
      axisTitles.append(
        ChartLabel(
          role: "axis-title", text: "predicted ns per event", x: panel.frame.left + side / 2,
          y: top + ChartLabel.ascent * size, size: size, anchor: .middle, fill: "#444444"))
    }
    top += size * ChartLayout.lineSpacing
  }

  /// The labels of `panel`'s horizontal gridlines, on its left: every power
  /// of ten, or every second, third... when the next would come too close.
  private func measuredTicks(on panel: Panel) -> [ChartLabel] {
    let size = ChartLayout.textSize
    let height = (ChartLabel.ascent + ChartLabel.descent) * size + 4
    return scale.powers.filter { isTicked($0, needing: height, on: panel) }.map { power in
      ChartLabel(
        role: "tick", text: LogScale.label(power: power), x: panel.frame.left - Self.tickGap,
        y: ChartLabel.baseline(centredOn: y(of: pow(10, Double(power)), in: panel), size: size),
        size: size, anchor: .end)
    }
  }

  /// The labels of `panel`'s vertical gridlines, under it.
  private func predictedTicks(on panel: Panel, baseline: Double) -> [ChartLabel] {
    let size = ChartLayout.textSize
    let widest = tickTexts.map { TextWidth.of($0, size: size) }.max() ?? 0
    return scale.powers.filter { isTicked($0, needing: widest + ChartLayout.labelGap, on: panel) }
      .map { power in
        ChartLabel(
          role: "tick", text: LogScale.label(power: power),
          x: x(of: pow(10, Double(power)), in: panel), y: baseline, size: size, anchor: .middle)
      }
  }

  /// Whether 10^`power` is labelled on an axis of `panel` whose labels
  /// each need `room` along it: every power of ten, or every second,
  /// third... counting from the bottom.
  private func isTicked(_ power: Int, needing room: Double, on panel: Panel) -> Bool {
    let spacing = panel.frame.width / Double(max(scale.powers.count - 1, 1))
    let step = max(1, Int((room / spacing).rounded(.up)))
    return (power - scale.lowest) % step == 0
  }
}
