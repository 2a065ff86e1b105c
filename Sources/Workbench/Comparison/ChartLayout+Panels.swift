import Foundation

extension ChartLayout {
  /// What each measured stream is, under its panel's name (the README's
  /// "Benchmarks" says how the streams are built).
  static let streamSummaries = [
    "uniform": "events drawn at random", "typical": "the paths a machine usually takes",
  ]

  /// The title of `stream`'s panel.
  static func panelTitle(_ stream: String) -> String {
    streamSummaries[stream].map { "\(stream) stream: \($0)" } ?? "\(stream) stream"
  }

  /// The tick labels' texts, bottom of the scale to top.
  private var tickTexts: [String] { scale.powers.map(LogScale.label(power:)) }

  /// Half the width of a tick label: it is centred on its gridline, so it
  /// reaches that far past a panel's edge.
  private func halfTick(_ text: String?) -> Double {
    (text.map { TextWidth.of($0, size: Self.textSize) } ?? 0) / 2
  }

  /// Lays out one row of panels (`streams`, side by side) from `top`
  /// (which moves below them): their titles, the machines' names left of
  /// them, the plots, the ticks and the axis's title.
  mutating func layOutRow(_ streams: [String], top: inout Double) {
    let size = Self.textSize
    let names = machines.map { TextWidth.of($0, size: size) }
    let nameWidth = min(names.max() ?? 0, Self.widestName)
    // The first and last ticks sit on a panel's edges and reach past them:
    // the panels are spread apart, and kept off the page's edges, by that
    // much, and by more between panels, so that one panel's last tick does
    // not read as the next one's first ("1000 ns 1 ns").
    let (first, last) = (halfTick(tickTexts.first), halfTick(tickTexts.last))
    let left = max(Self.margin + nameWidth + Self.nameGap, Self.margin + first)
    let right = Self.width - Self.margin - last
    let gap = first + last + 4 * Self.labelGap
    // As many columns as the widest row has, so that every panel is as wide.
    let columns = Double(max(min(Self.panelsPerRow, self.streams.count), 1))
    let panelWidth = (right - left - gap * (columns - 1)) / columns
    let frames = streams.indices.map { column in
      left + Double(column) * (panelWidth + gap)
    }

    let titles = streams.map {
      TextWidth.lines(Self.panelTitle($0), width: panelWidth, size: size, bold: true)
    }
    for (column, lines) in titles.enumerated() {
      for (line, text) in lines.enumerated() {
        panelTitles.append(
          ChartLabel(
            role: "panel-title", text: text, x: frames[column],
            y: top + ChartLabel.ascent * size + Double(line) * size * Self.lineSpacing,
            size: size, bold: true))
      }
    }
    top += Double(titles.map(\.count).max() ?? 0) * size * Self.lineSpacing + 2

    let plotHeight = Double(machines.count) * groupHeight
    let rowPanels = zip(streams, frames).map { stream, x in
      Panel(
        stream: stream, frame: ChartBox(left: x, top: top, width: panelWidth, height: plotHeight))
    }
    panels += rowPanels
    for (index, machine) in machines.enumerated() {
      let middle = top + (Double(index) + 0.5) * groupHeight
      machineLabels.append(
        ChartLabel(
          role: "machine", text: TextWidth.truncated(machine, width: nameWidth, size: size),
          x: left - Self.nameGap, y: ChartLabel.baseline(centredOn: middle, size: size),
          size: size, anchor: .end))
    }
    top += plotHeight + 6

    ticks += rowPanels.flatMap { tickLabels(on: $0, baseline: top + ChartLabel.ascent * size) }
    top += size * Self.lineSpacing + 2
    // Under each panel, so that its ticks read as its own.
    let titleLines = TextWidth.lines("ns per event (log scale)", width: panelWidth, size: size)
    for panel in rowPanels {
      for (line, text) in titleLines.enumerated() {
        axisTitles.append(
          ChartLabel(
            role: "axis-title", text: text, x: panel.frame.left + panelWidth / 2,
            y: top + ChartLabel.ascent * size + Double(line) * size * Self.lineSpacing,
            size: size, anchor: .middle, fill: "#444444"))
      }
    }
    top += Double(titleLines.count) * size * Self.lineSpacing
  }

  /// The labels of `panel`'s gridlines: every power of ten, or every
  /// second, third... when the next would come too close.
  private func tickLabels(on panel: Panel, baseline: Double) -> [ChartLabel] {
    let widest = tickTexts.map { TextWidth.of($0, size: Self.textSize) }.max() ?? 0
    let spacing = panel.frame.width / Double(max(scale.powers.count - 1, 1))
    let step = max(1, Int(((widest + Self.labelGap) / spacing).rounded(.up)))
    return scale.powers.filter { ($0 - scale.lowest) % step == 0 }.map { power in
      ChartLabel(
        role: "tick", text: LogScale.label(power: power),
        x: x(of: pow(10, Double(power)), in: panel), y: baseline, size: Self.textSize,
        anchor: .middle)
    }
  }
}
