import CGraphviz
import CGraphvizFixes
import Synchronization

/// Lays out and renders DOT text with Graphviz's C library, in this process.
///
/// Graphviz keeps global state (its error handler, its DOT lexer, its plugin
/// tables) and is not thread-safe, so every call into it goes through one
/// lock. Each render frees its graph, layout and output buffer before it
/// returns.
///
/// The Graphviz context, which loads the plugins, is made once and kept, as
/// the library intends: with the Graphviz 2.43 of Debian and Ubuntu,
/// creating and freeing a context per render leaks a few kilobytes each time.
///
/// What 2.43 still loses per render is kept small: the `CGraphvizFixes`
/// target replaces its `free_html_text`, which forgets part of every
/// HTML-like label, frees the skeleton `dot` builds for every cluster and
/// forgets (a statechart's superstates and regions), and the DOT avoids
/// `<B>`, which leaks too (`DOTWriter`). Left is `dot`'s own leak of about
/// 370 bytes for each edge it reverses to break a cycle, and a little for
/// each arrow into a cluster (docs/diagrams.md, "Memory and sanitizers").
public enum Graphviz {
  /// The one context, behind the lock that serializes every Graphviz call.
  private static let session = Mutex(Session())

  /// What Graphviz reported during the render in progress.
  ///
  /// The C error callback cannot capture anything, so it appends here; it
  /// runs only inside a render, on the thread that holds `session`.
  fileprivate static let report = Mutex("")

  /// Renders `dot` as `format`: the DOT text itself, or an image laid out by
  /// Graphviz's `dot` engine.
  ///
  /// - Throws: `GraphvizError` with Graphviz's own message when the text does
  ///   not parse, the layout fails, or the format cannot be rendered.
  public static func render(
    _ dot: String, as format: DiagramFormat
  ) throws(GraphvizError) -> [UInt8] {
    guard let renderer = format.graphvizRenderer else { return Array(dot.utf8) }
    return try render(dot, renderer: renderer)
  }

  /// The size of `dot` once laid out, margins included, in points: what
  /// its SVG declares in its `viewBox`.
  ///
  /// - Throws: `GraphvizError` when the layout fails.
  public static func size(of dot: String) throws(GraphvizError) -> DiagramSize {
    let svg = String(decoding: try render(dot, renderer: "svg"), as: UTF8.self)
    guard let box = svg.firstRange(of: "viewBox=\"") else {
      throw GraphvizError("Graphviz's SVG has no viewBox to read the size from")
    }
    let numbers = svg[box.upperBound...].prefix { $0 != "\"" }.split(separator: " ")
      .compactMap { Double($0) }
    guard numbers.count == 4 else {
      throw GraphvizError("Graphviz's SVG has a viewBox that is not four numbers")
    }
    return DiagramSize(width: numbers[2], height: numbers[3])
  }

  /// Renders `dot` with an output format as Graphviz names it, as in
  /// `png:cairo` or `svg`.
  static func render(_ dot: String, renderer: String) throws(GraphvizError) -> [UInt8] {
    try renderReporting(dot, renderer: renderer).bytes
  }

  /// Renders `dot`, returning the warnings Graphviz gave along with the
  /// output, so that tests can insist there are none.
  static func renderReporting(
    _ dot: String, renderer: String
  ) throws(GraphvizError) -> (bytes: [UInt8], warnings: String) {
    try session.withLock { session throws(GraphvizError) -> ([UInt8], String) in
      let bytes = try session.render(dot, renderer: renderer)
      return (bytes, report.withLock { $0 }.trimmingWhitespace)
    }
  }
}

/// What Graphviz calls share, owned by the lock: the context, made on first
/// use.
private struct Session {
  /// The Graphviz context, once made.
  private var context: OpaquePointer?

  /// Reads, lays out and renders `dot`, capturing Graphviz's messages.
  mutating func render(_ dot: String, renderer: String) throws(GraphvizError) -> [UInt8] {
    // Graphviz prints errors and warnings to stderr unless given a handler;
    // this one keeps them for the thrown error instead.
    let previousHandler = agseterrf { message in
      if let message { Graphviz.report.withLock { $0 += String(cString: message) } }
      return 0
    }
    let previousLevel = agseterr(AGWARN)
    Graphviz.report.withLock { $0 = "" }
    defer {
      agseterrf(previousHandler)
      agseterr(previousLevel)
    }

    if context == nil { context = gvContext() }
    guard let context else { throw failure("could not create a Graphviz context") }

    // Read with IDs in the order of the text, not by where the names are in
    // memory, so that the same DOT always draws the same picture.
    let size = dot.utf8.count
    guard let graph = dot.withCString({ workbench_read_in_order($0, size) }) else {
      throw failure("the DOT text could not be read")
    }
    defer { agclose(graph) }

    // Graphviz 2.43 forgets part of every cluster's layout; these free it
    // (CGraphvizFixes' cluster_skeletons.c).
    workbench_before_layout()
    guard gvLayout(context, graph, "dot") == 0 else { throw failure("the layout failed") }
    workbench_after_layout(graph)
    defer {
      gvFreeLayout(context, graph)
      workbench_after_free_layout()
    }

    var data: UnsafeMutablePointer<CChar>?
    var length: UInt32 = 0
    let status = gvRenderData(context, graph, renderer, &data, &length)
    defer { gvFreeRenderData(data) }
    guard status == 0, let data else { throw failure("could not render as \(renderer)") }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
  }

  /// The error for a failed call: Graphviz's own words, or `fallback` when
  /// it said nothing.
  private func failure(_ fallback: String) -> GraphvizError {
    let message = Graphviz.report.withLock { $0 }.trimmingWhitespace
    return GraphvizError(message.isEmpty ? fallback : message)
  }
}

/// A failure inside Graphviz, with the message Graphviz gave.
public struct GraphvizError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What Graphviz reported, as in `Error: syntax error in line 1 near '}'`.
  public var message: String

  /// Creates an error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

extension String {
  /// The text without leading or trailing spaces and newlines.
  fileprivate var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
