extension ChartLayout {
  /// The chart's title: what it shows, whose results and of when (the day
  /// of the first run).
  static func title(_ results: ComparisonResults) -> String {
    let streams = results.streams
    let named =
      switch streams.count {
      case 0: "no stream"
      case 1: "\(streams[0]) stream"
      default:
        "\(streams.dropLast().joined(separator: ", ")) and \(streams[streams.count - 1]) streams"
      }
    let day = results.label.date.map { " of \($0.prefix(10))" } ?? ""
    return "Dispatch cost per event, \(named): \(results.label.kind.text)\(day)"
  }

  /// The line under the title: the machine the runs were on, how many, and
  /// how to read the axis.
  static func subtitle(_ label: ResultsLabel) -> String {
    let runs = label.runs.count == 1 ? "1 run" : "\(label.runs.count) runs"
    let machine = [label.cpu ?? label.architecture, label.host.map { "host \($0)" }]
      .compactMap { $0 }.joined(separator: ", ")
    return [machine, runs, "ns per event on a log scale: lower is faster"]
      .filter { !$0.isEmpty }.joined(separator: "; ")
  }

  /// A swatch and a name for each of `contenders`, in rows as wide as the
  /// page, from `top` (which moves below them).
  static func legend(
    _ contenders: [String], top: inout Double
  ) -> [(contender: String, swatch: ChartBox, label: ChartLabel)] {
    let (size, swatch) = (textSize, 14.0)
    let rowHeight = size * lineSpacing + 4
    var entries: [(contender: String, swatch: ChartBox, label: ChartLabel)] = []
    var x = margin
    var row = 0.0
    for contender in contenders {
      let text = Contenders.title(of: contender)
      let entryWidth = swatch + 6 + TextWidth.of(text, size: size)
      if x > margin, x + entryWidth > ChartLayout.width - margin {
        x = margin
        row += 1
      }
      let middle = top + row * rowHeight + rowHeight / 2
      entries.append(
        (
          contender,
          ChartBox(left: x, top: middle - swatch / 2, width: swatch, height: swatch),
          ChartLabel(
            role: "legend", text: text, x: x + swatch + 6,
            y: ChartLabel.baseline(centredOn: middle, size: size), size: size)
        ))
      x += entryWidth + 2 * labelGap
    }
    if !contenders.isEmpty { top += (row + 1) * rowHeight }
    return entries
  }
}
