/// A rectangle on the chart, in the SVG's units.
struct ChartBox: Hashable, Sendable {
  /// The left edge.
  var left: Double
  /// The top edge.
  var top: Double
  /// The width.
  var width: Double
  /// The height.
  var height: Double

  /// The right edge.
  var right: Double { left + width }
  /// The bottom edge.
  var bottom: Double { top + height }

  /// Whether the two boxes share any area (touching edges do not count).
  func overlaps(_ other: ChartBox) -> Bool {
    left < other.right && other.left < right && top < other.bottom && other.top < bottom
  }

  /// Whether `other` lies wholly inside this box.
  func contains(_ other: ChartBox) -> Bool {
    other.left >= left && other.right <= right && other.top >= top && other.bottom <= bottom
  }
}

/// One line of text the chart draws: what, where and how big, and so the
/// box it fills, which the layout keeps clear of every other label's.
struct ChartLabel: Hashable, Sendable {
  /// Which point of the text `x` is, as SVG's `text-anchor` says it.
  enum Anchor: String, Hashable, Sendable {
    /// `x` is the text's left end.
    case start
    /// `x` is the text's middle.
    case middle
    /// `x` is the text's right end.
    case end
  }

  /// What the label is (the SVG `class`): `title`, `machine`, `tick`...
  var role: String
  /// The text.
  var text: String
  /// The anchor point's horizontal position.
  var x: Double
  /// The baseline's height.
  var y: Double
  /// The font size, in units per em.
  var size: Double
  /// Whether the text is bold.
  var bold = false
  /// Which point of the text `x` is.
  var anchor = Anchor.start
  /// The text's colour.
  var fill = "#222222"

  /// How far the font reaches above and below the baseline, in ems:
  /// Liberation Sans's and DejaVu Sans's ascent and descent, the most that
  /// a browser's box around the text takes.
  static let ascent = 0.93
  /// How far below the baseline.
  static let descent = 0.24

  /// The baseline that centres a line of `size` on `middle`.
  static func baseline(centredOn middle: Double, size: Double) -> Double {
    middle + (ascent - descent) / 2 * size
  }

  /// The box the text fills, by `TextWidth`'s estimate.
  var box: ChartBox {
    let width = TextWidth.of(text, size: size, bold: bold)
    let left =
      switch anchor {
      case .start: x
      case .middle: x - width / 2
      case .end: x - width
      }
    return ChartBox(
      left: left, top: y - Self.ascent * size, width: width,
      height: (Self.ascent + Self.descent) * size)
  }

  /// The SVG `text` element.
  var svg: String {
    SVGMarkup.text(
      text,
      [
        "class": role, "x": SVGMarkup.number(x), "y": SVGMarkup.number(y),
        "font-size": SVGMarkup.number(size), "font-weight": bold ? "bold" : "normal",
        "text-anchor": anchor.rawValue, "fill": fill,
      ])
  }
}
