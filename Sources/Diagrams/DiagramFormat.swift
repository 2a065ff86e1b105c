/// A file format a diagram can be written in.
public enum DiagramFormat: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Graphviz's DOT text, as the writer produced it (no layout).
  case dot
  /// Scalable vector graphics, for web pages and the README.
  case svg
  /// A bitmap, for slides and quick looks.
  case png
  /// A vector document, for printing.
  case pdf

  /// The public id, which is also the usual file extension.
  public var description: String { rawValue }

  /// The Graphviz output format, or `nil` for DOT, which needs no Graphviz.
  var graphvizRenderer: String? {
    switch self {
    case .dot: nil
    // Cairo draws anti-aliased text and the HTML-like tables well, and plain
    // `png` picks it when it is installed. Naming it makes a Graphviz without
    // cairo fail with a message, instead of falling back to the gd device,
    // whose picture of these diagrams is poor.
    case .png: "png:cairo"
    case .svg: "svg"
    case .pdf: "pdf"
    }
  }
}
