/// The colour of each contender's bars: the same contender has the same
/// colour in every chart, whichever others were measured.
///
/// The colours are Okabe and Ito's palette, told apart by readers with any
/// common colour blindness.
enum ChartPalette {
  /// The fill of the lower bound: a hatch pattern, defined in the chart.
  static let lowerBoundFill = "url(#lower-bound)"

  /// The known implementations' colours.
  private static let known: [String: String] = [
    "nested-switch": "#0072B2",
    Contenders.reference: "#56B4E9",
    Contenders.recommendedFallback: "#009E73",
    Contenders.recommended: "#E69F00",
    Contenders.textbook: "#D55E00",
    "state-classes-shared": "#CC79A7",
    "table": "#F0E442",
  ]

  /// Greys for contenders the workbench does not know yet, in turn.
  private static let others = ["#555555", "#888888", "#BBBBBB"]

  /// The fill of `contender`'s bars; `position` is its place among the
  /// chart's contenders, which picks a grey for an unknown one.
  static func fill(of contender: String, position: Int) -> String {
    if contender == Contenders.lowerBound { return lowerBoundFill }
    return known[contender] ?? others[position % others.count]
  }
}
