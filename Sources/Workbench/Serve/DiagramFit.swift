import Diagrams

/// The pane a presenting page draws its diagram in, and the smallest text
/// the class must read there: `?fit=WIDTHxHEIGHT&text=PX` of
/// `/api/machines/ID/diagram`.
///
/// The diagram is laid out the way its text comes out largest in the
/// pane; when even that is smaller than `text`, it is drawn around the
/// step shown (`DiagramFocus.lastStep`), the states left out named in its
/// caption, since a whole chart no one can read teaches nothing.
struct DiagramFit: Hashable, Sendable {
  /// The pane's width, in CSS pixels.
  var width: Double

  /// The pane's height, in CSS pixels.
  var height: Double

  /// The smallest text the class must read, in CSS pixels.
  var text: Double

  /// The pane sizes taken, in CSS pixels each way.
  static let paneSizes = 100.0...10_000.0

  /// The text sizes taken, in CSS pixels.
  static let textSizes = 6.0...72.0

  /// The most CSS pixels a point of the diagram takes: the page draws it
  /// at most 1.5 times its size (a point is 4/3 of a CSS pixel).
  static let largestScale = 2.0

  /// The layouts tried, in order: the whole chart both ways, then the
  /// part around the step shown both ways.
  static let layouts: [(DiagramDirection, DiagramFocus)] = [
    (.leftToRight, .whole), (.topToBottom, .whole),
    (.leftToRight, .lastStep), (.topToBottom, .lastStep),
  ]

  /// The fit `fit` and `text` of a query ask for, or `nil` without them.
  ///
  /// - Throws: `ServeError` (400) saying what each takes, for a value
  ///   that is not one of them, or one given without the other.
  init?(fit: String?, text: String?) throws(ServeError) {
    guard fit != nil || text != nil else { return nil }
    let usage =
      "fit=WIDTHxHEIGHT (the diagram's pane in CSS pixels, each 100 to 10000) and "
      + "text=PX (its smallest text in CSS pixels, 6 to 72) go together, as in fit=1200x640&text=14"
    let sides = (fit ?? "").split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
      Self.paneSizes.contains(width), Self.paneSizes.contains(height)
    else {
      throw ServeError(status: 400, message: "bad fit '\((fit ?? "").printable)': \(usage)")
    }
    guard let text, let pixels = Double(text), Self.textSizes.contains(pixels) else {
      throw ServeError(status: 400, message: "bad text '\((text ?? "").printable)': \(usage)")
    }
    self.width = width
    self.height = height
    self.text = pixels
  }

  /// How many CSS pixels tall the smallest text of `svg` (Graphviz's,
  /// sized in points) is when the page draws it in this pane.
  func smallestText(of svg: String) -> Double {
    guard let size = Self.size(of: svg), size.width > 0, size.height > 0 else { return 0 }
    let scale = min(width / size.width, height / size.height, Self.largestScale)
    return Self.smallestFontSize(of: svg) * scale
  }

  /// Of `svgs` (the layouts of one diagram, in the order of `layouts`),
  /// the index of the one to show: the first pair's larger text if it
  /// is at least `text`, else the larger of all.
  func choice(of svgs: [String]) -> Int {
    let sizes = svgs.map(smallestText(of:))
    let wholes = sizes.prefix(2).indices
    let best = { (indices: Range<Int>) in indices.max { sizes[$0] < sizes[$1] } ?? 0 }
    let whole = best(wholes)
    return sizes[whole] >= text ? whole : best(sizes.indices)
  }

  /// The width and height Graphviz gave `svg`, in points.
  static func size(of svg: String) -> (width: Double, height: Double)? {
    guard let start = svg.firstRange(of: "<svg") else { return nil }
    let head = svg[start.upperBound...].prefix { $0 != ">" }
    func points(_ name: String) -> Double? {
      guard let value = head.firstRange(of: " \(name)=\"") else { return nil }
      return Double(head[value.upperBound...].prefix { $0 != "p" && $0 != "\"" })
    }
    guard let width = points("width"), let height = points("height") else { return nil }
    return (width, height)
  }

  /// The smallest `font-size` in `svg`, in points; Graphviz's node size
  /// (12) when it names none.
  static func smallestFontSize(of svg: String) -> Double {
    let sizes = svg.ranges(of: "font-size=\"").compactMap { range in
      Double(svg[range.upperBound...].prefix { $0 != "\"" })
    }
    return sizes.min() ?? 12
  }
}
