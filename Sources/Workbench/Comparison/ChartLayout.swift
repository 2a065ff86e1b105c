/// Where everything on the results chart goes: the title, a legend of the
/// contenders, one panel of horizontal bars per stream with the machines'
/// names down its left side, the ticks of the log scale under the panels,
/// and the notes.
///
/// Horizontal bars, because a machine's name then reads on one line at any
/// width, however many machines there are. Every label's box is worked out
/// here, by `TextWidth`'s estimate, so that the layout can be checked for
/// labels that overlap without drawing it: the panels are spread apart by
/// the ticks at their edges, a tick too close to the next is left out, and
/// a line too long for the page is wrapped.
struct ChartLayout {
  /// The chart's width, in the SVG's units; it is drawn scaled to fit.
  static let width = 960.0
  /// The space kept clear around the page's edges.
  static let margin = 20.0
  /// The size of every label but the title: 14 units are 12 pixels or more
  /// on a chart drawn 820 pixels wide or wider (a 1024-pixel window).
  static let textSize = 14.0
  /// The title's size.
  static let titleSize = 18.0
  /// The distance between two lines' baselines, in ems.
  static let lineSpacing = 1.3
  /// The height given to one bar and its label; the bar is two units
  /// thinner, so that bars read apart.
  static let slot = 18.0
  /// A bar's thickness: 16 units are 16 pixels or more wherever the chart
  /// is drawn 960 pixels wide or wider (`/costs` draws it the window's
  /// width, 1248 pixels in a 1280 window); its label fits beside it.
  static var barThickness: Double { slot - 2 }
  /// The space between a bar's end and its label.
  static let barLabelGap = 4.0
  /// The space between two machines' groups of bars.
  static let groupGap = 14.0
  /// The most panels side by side; more streams start a new row.
  static let panelsPerRow = 2
  /// The widest a machine's name is drawn before it is cut short.
  static let widestName = 200.0
  /// The space between a machine's name and its bars.
  static let nameGap = 10.0
  /// The least space between two labels side by side.
  static let labelGap = 10.0

  /// One stream's plot.
  struct Panel: Hashable, Sendable {
    /// The stream drawn.
    var stream: String
    /// The plot area, the bars' zero at its left edge.
    var frame: ChartBox
  }

  /// The log scale every panel shares, so that bars compare across streams.
  let scale: LogScale
  /// The streams, one panel each.
  let streams: [String]
  /// The machines with results, one group of bars each, top to bottom.
  let machines: [String]
  /// The contenders, one bar each in every group, top to bottom.
  let contenders: [String]
  /// The title and the line under it.
  var header: [ChartLabel] = []
  /// One swatch and name per contender.
  var legend: [(contender: String, swatch: ChartBox, label: ChartLabel)] = []
  /// The panels, in the order of `streams`.
  var panels: [Panel] = []
  /// Each panel's title.
  var panelTitles: [ChartLabel] = []
  /// The machines' names, left of each row of panels.
  var machineLabels: [ChartLabel] = []
  /// The gridlines' labels under each panel.
  var ticks: [ChartLabel] = []
  /// The axis's title under each row of panels.
  var axisTitles: [ChartLabel] = []
  /// The notes at the foot of the chart.
  var notes: [ChartLabel] = []
  /// Each bar's contender and time, beside its end (inside it, where the
  /// panel has no room past it): the chart reads without its colours.
  var barLabels: [ChartLabel] = []
  /// The chart's height, from what it holds.
  var height = 0.0

  /// Every label on the chart.
  var labels: [ChartLabel] {
    header + legend.map(\.label) + panelTitles + machineLabels + ticks + axisTitles + notes
      + barLabels
  }

  /// The page: the box every label and bar stays inside.
  var page: ChartBox { ChartBox(left: 0, top: 0, width: Self.width, height: height) }

  /// Lays out `results`.
  init(_ results: ComparisonResults) {
    streams = results.streams
    machines = results.machines.filter { machine in
      results.cells.contains { $0.machine == machine }
    }
    contenders = results.contenders
    scale = LogScale(values: results.cells.map(\.nsPerEvent))
    var y = Self.margin
    header = paragraph(
      Self.title(results), role: "title", top: &y, size: Self.titleSize, bold: true)
    y += 2
    header += paragraph(Self.subtitle(results.label), role: "subtitle", top: &y, fill: "#444444")
    y += 10
    legend = Self.legend(contenders, top: &y)
    y += 14
    for first in stride(from: 0, to: streams.count, by: Self.panelsPerRow) {
      layOutRow(Array(streams[first..<min(first + Self.panelsPerRow, streams.count)]), top: &y)
      y += 10
    }
    if contenders.contains(Contenders.lowerBound) {
      notes = paragraph(
        "Hatched bar and dashed line: \(Contenders.lowerBound), the harness loop with no "
          + "machine, the lower bound of every bar in its group.",
        role: "note", top: &y, fill: "#444444")
    }
    height = (y + Self.margin).rounded(.up)
    let cells = results.cellsByKey
    barLabels = panels.flatMap { panel in
      machines.enumerated().flatMap { row, machine in
        contenders.enumerated().compactMap { position, contender in
          cells[CostCell.Key(machine: machine, stream: panel.stream, contender: contender)].map {
            barLabel($0, band: band(machine: row, contender: position, in: panel), in: panel)
          }
        }
      }
    }
  }

  /// The height of one machine's group of bars, the gap included.
  var groupHeight: Double { Double(contenders.count) * Self.slot + Self.groupGap }

  /// Where `value` ns per event ends on `panel`.
  func x(of value: Double, in panel: Panel) -> Double {
    panel.frame.left + scale.fraction(of: value) * panel.frame.width
  }

  /// The top of the `machine`th group of bars on `panel`.
  func groupTop(_ machine: Int, in panel: Panel) -> Double {
    panel.frame.top + Double(machine) * groupHeight + Self.groupGap / 2
  }

  /// The band the `contender`th bar of the `machine`th group is drawn in.
  func band(machine: Int, contender: Int, in panel: Panel) -> ChartBox {
    ChartBox(
      left: panel.frame.left, top: groupTop(machine, in: panel) + Double(contender) * Self.slot,
      width: panel.frame.width, height: Self.barThickness)
  }

  /// The label of `cell`'s bar, drawn in `band`: past the bar's end if
  /// there is room for it before the next panel of the row (or the page's
  /// edge), else inside the bar at its end (a bar that long is longer
  /// than most labels), cut short only if even that is not.
  ///
  /// The gutter between two panels holds nothing level with the bars (the
  /// machines' names are left of the first panel only), so a label may run
  /// into it: a bar half the panel long then still has its label whole.
  private func barLabel(_ cell: CostCell, band: ChartBox, in panel: Panel) -> ChartLabel {
    let text = "\(cell.contender) \(cell.nsPerEvent.formatted(digits: 2)) ns"
    let end = x(of: cell.nsPerEvent, in: panel)
    let size = Self.textSize
    let baseline = ChartLabel.baseline(centredOn: band.top + band.height / 2, size: size)
    let next = panels.filter { $0.frame.top == panel.frame.top && $0.frame.left > panel.frame.left }
      .map(\.frame.left).min()
    let limit = next.map { $0 - Self.barLabelGap } ?? Self.width - Self.barLabelGap
    if end + Self.barLabelGap + TextWidth.of(text, size: size) <= limit {
      return ChartLabel(
        role: "bar-label", text: text, x: end + Self.barLabelGap, y: baseline, size: size)
    }
    let room = end - Self.barLabelGap - panel.frame.left
    return ChartLabel(
      role: "bar-label", text: TextWidth.truncated(text, width: room, size: size),
      x: end - Self.barLabelGap, y: baseline, size: size, anchor: .end)
  }

  /// `text` as lines no wider than the page's text, from `top` down
  /// (which moves below them).
  private func paragraph(
    _ text: String, role: String, top: inout Double, size: Double = textSize,
    bold: Bool = false, fill: String = "#222222"
  ) -> [ChartLabel] {
    let lines = TextWidth.lines(text, width: Self.width - 2 * Self.margin, size: size, bold: bold)
    return lines.map { line in
      defer { top += size * Self.lineSpacing }
      return ChartLabel(
        role: role, text: line, x: Self.margin, y: top + ChartLabel.ascent * size, size: size,
        bold: bold, fill: fill)
    }
  }
}
