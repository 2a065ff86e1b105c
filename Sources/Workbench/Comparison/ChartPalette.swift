/// The colour of each contender's bars: the same contender has the same
/// colour in every chart, whichever others were measured.
///
/// The colours are Okabe and Ito's palette, told apart by readers with any
/// common colour blindness, given so that no two bars side by side (the
/// contenders in the report's order) are alike in lightness or in hue for
/// such a reader: nested-switch blue, enum orange, state-pattern bluish
/// green, state-pattern-types yellow, state-classes vermilion,
/// state-classes-shared sky blue, table reddish purple; the lower bound
/// hatched grey. Every bar is also labelled, so no one needs the colours.
enum ChartPalette {
  /// The fill of the lower bound: a hatch pattern, defined in the chart.
  static let lowerBoundFill = "url(#lower-bound)"

  /// The known implementations' colours.
  private static let known: [String: String] = [
    "nested-switch": "#0072B2",
    Contenders.reference: "#E69F00",
    Contenders.recommendedFallback: "#009E73",
    Contenders.recommended: "#F0E442",
    Contenders.textbook: "#D55E00",
    "state-classes-shared": "#56B4E9",
    "table": "#CC79A7",
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
