/// Where everything on the cost model's chart goes: the title, a legend of
/// the contenders, one square panel per configuration side by side (its
/// title, the measured axis's ticks on its left, the predicted axis's
/// under it), the names of the cells the model explains worst, and the
/// notes.
///
/// Both axes of every panel share one log scale, so that the diagonal where
/// measured equals predicted is the square's diagonal and the panels
/// compare at a glance. Every label's box is worked out here, by
/// `TextWidth`'s estimate, so that the layout can be checked for labels
/// that overlap without drawing it.
struct CostModelLayout {
  /// The side of each panel's square plot, at most: over a hundred units a
  /// decade on the usual 1 to 1000 ns, and the whole chart not much taller
  /// than a 1280x720 screen shows at the chart's width.
  static let plotSide = 340.0
  /// The radius of a cell's dot.
  static let dotRadius = 5.0
  /// The most cells named in a panel: the worst explained, so that the
  /// names stay legible however many cells the model misses.
  static let namedCells = 8
  /// The space between the measured axis's ticks and the plot.
  static let tickGap = 6.0

  /// One configuration's plot.
  struct Panel: Sendable {
    /// The model drawn: its cells, predictions and coefficients.
    var model: CostModel
    /// The square plot area: predicted from left to right, measured from
    /// bottom to top.
    var frame: ChartBox
    /// Where the cells' names may go: the plot, and the margin right of it
    /// up to the next panel's.
    var namesArea: ChartBox
  }

  /// A cell's name beside its dot, on one line or, where one line has no
  /// room, two; and the dot it names, which a leader line joins to the
  /// name when the name had to move off the dot's row.
  struct CellName: Sendable {
    /// The name's lines, top to bottom.
    var lines: [ChartLabel]
    /// The centre of the dot named.
    var dot: (x: Double, y: Double)

    /// The name, its lines joined.
    var text: String { lines.map(\.text).joined() }

    /// The box the lines fill together.
    var box: ChartBox {
      let boxes = lines.map(\.box)
      let (left, top) = (boxes.map(\.left).min() ?? 0, boxes.map(\.top).min() ?? 0)
      return ChartBox(
        left: left, top: top, width: (boxes.map(\.right).max() ?? 0) - left,
        height: (boxes.map(\.bottom).max() ?? 0) - top)
    }
  }

  /// The log scale of both axes of every panel.
  let scale: LogScale
  /// The contenders with a fitted cell, in the report's order: the legend's
  /// and the colours' order.
  let contenders: [String]
  /// The title and the lines under it.
  var header: [ChartLabel] = []
  /// One swatch and name per contender.
  var legend: [(contender: String, swatch: ChartBox, label: ChartLabel)] = []
  /// The panels, one per model, in the order of the models.
  var panels: [Panel] = []
  /// Each panel's title: the configuration, the fit and the coefficients.
  var panelTitles: [ChartLabel] = []
  /// The gridlines' labels, left of and under each panel.
  var ticks: [ChartLabel] = []
  /// The axes' titles: measured above each panel, predicted under it.
  var axisTitles: [ChartLabel] = []
  /// The names of the cells each panel's model explains worst.
  var cellNames: [CellName] = []
  /// The notes at the foot of the chart.
  var notes: [ChartLabel] = []
  /// The chart's height, from what it holds.
  var height = 0.0

  /// Every label on the chart.
  var labels: [ChartLabel] {
    header + legend.map(\.label) + panelTitles + ticks + axisTitles
      + cellNames.flatMap(\.lines) + notes
  }

  /// The page: the box every label stays inside.
  var page: ChartBox { ChartBox(left: 0, top: 0, width: ChartLayout.width, height: height) }

  /// Lays out `models`, fitted to `results`.
  init(_ results: ComparisonResults, models: [CostModel]) {
    let predictions = models.flatMap(\.predictions)
    contenders = results.contenders.filter { contender in
      predictions.contains { $0.cell.contender == contender }
    }
    scale = LogScale(values: predictions.flatMap { [$0.cell.nsPerEvent, $0.predicted] })
    var y = ChartLayout.margin
    header = Self.paragraph(
      Self.title(results.label), role: "title", top: &y, size: ChartLayout.titleSize, bold: true)
    y += 2
    header += Self.paragraph(
      Self.subtitle(results.label), role: "subtitle", top: &y, fill: "#444444")
    y += 10
    legend = ChartLayout.legend(contenders, top: &y)
    y += 14
    layOutPanels(models, top: &y)
    y += 10
    notes = Self.paragraph(
      "Diagonal: measured = predicted. Light band: the noise band (\(NoiseBand.text)); a "
        + "ringed dot is outside it, a cell the model does not explain, and the "
        + "\(Self.namedCells) worst of each panel are named. Each dot's title gives its figures.",
      role: "note", top: &y, fill: "#444444")
    height = (y + ChartLayout.margin).rounded(.up)
    cellNames = panels.flatMap(names(in:))
  }

  /// The point of `prediction`'s dot on `panel`.
  func point(of prediction: CostModel.Prediction, in panel: Panel) -> (x: Double, y: Double) {
    (x(of: prediction.predicted, in: panel), y(of: prediction.cell.nsPerEvent, in: panel))
  }

  /// Where `value` ns per event is on `panel`'s predicted axis.
  func x(of value: Double, in panel: Panel) -> Double {
    panel.frame.left + scale.fraction(of: value) * panel.frame.width
  }

  /// Where `value` ns per event is on `panel`'s measured axis.
  func y(of value: Double, in panel: Panel) -> Double {
    panel.frame.bottom - scale.fraction(of: value) * panel.frame.height
  }

  /// The chart's title: what it shows, whose results and of when.
  static func title(_ label: ResultsLabel) -> String {
    let day = label.date.map { " of \($0.prefix(10))" } ?? ""
    return "Time per event, measured against the cost model: \(label.kind.text)\(day)"
  }

  /// The line under the title: the model, and the machine the runs were on.
  static func subtitle(_ label: ResultsLabel) -> String {
    let runs = label.runs.count == 1 ? "1 run" : "\(label.runs.count) runs"
    let machine = [label.cpu ?? label.architecture, label.host.map { "host \($0)" }, runs]
      .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    return CostModel.formula + ", fitted to every cell of a configuration; \(machine); "
      + "both axes on one log scale"
  }

  /// `text` as lines no wider than the page's text, from `top` down
  /// (which moves below them).
  static func paragraph(
    _ text: String, role: String, top: inout Double, size: Double = ChartLayout.textSize,
    bold: Bool = false, fill: String = "#222222"
  ) -> [ChartLabel] {
    let lines = TextWidth.lines(
      text, width: ChartLayout.width - 2 * ChartLayout.margin, size: size, bold: bold)
    return lines.map { line in
      defer { top += size * ChartLayout.lineSpacing }
      return ChartLabel(
        role: role, text: line, x: ChartLayout.margin, y: top + ChartLabel.ascent * size,
        size: size, bold: bold, fill: fill)
    }
  }
}
