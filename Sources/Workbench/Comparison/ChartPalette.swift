import StateMachines

/// The colour of each contender's bars: the same contender has the same
/// colour in every chart, whichever others were measured.
///
/// The colours are the styles' own (`Style.colour`, `Implementation.colour`):
/// Okabe and Ito's palette, told apart by readers with any common colour
/// blindness; the lower bound is hatched grey. Every bar is also labelled,
/// so no one needs the colours.
enum ChartPalette {
  /// The fill of the lower bound: a hatch pattern, defined in the chart.
  static let lowerBoundFill = "url(#lower-bound)"

  /// The hatch `lowerBoundFill` names, for a chart's `defs`.
  static var lowerBoundPattern: String {
    let line = SVGMarkup.element(
      "path", ["d": "M0,6 L6,0", "stroke": "#555555", "stroke-width": "1.5"])
    return SVGMarkup.element(
      "pattern",
      [
        "id": "lower-bound", "width": "6", "height": "6", "patternUnits": "userSpaceOnUse",
      ],
      content: SVGMarkup.element("rect", ["width": "6", "height": "6", "fill": "#DDDDDD"]) + line)
  }

  /// The known implementations' colours, by id.
  private static let known: [String: String] = Dictionary(
    (Implementation.all + [.contextDrivenStateClasses]).map { ($0.description, $0.colour) },
    uniquingKeysWith: { first, _ in first })

  /// Greys for contenders the workbench does not know (results from another
  /// version), in turn.
  private static let others = ["#555555", "#888888", "#BBBBBB"]

  /// The fill of `contender`'s bars; `position` is its place among the
  /// chart's contenders, which picks a grey for an unknown one.
  static func fill(of contender: String, position: Int) -> String {
    if contender == Contenders.lowerBound { return lowerBoundFill }
    return known[contender] ?? others[position % others.count]
  }
}
