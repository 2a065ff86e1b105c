import Diagrams
import StateMachines
import Synchronization

/// Renders the class view's diagrams as SVG with the in-process Graphviz,
/// and remembers them.
///
/// The diagrams repeat: the page draws the run so far, and a class of
/// thirty clicking through the same exercise, or going back and forth
/// over the steps of one run, asks for the same pictures again. Each is
/// rendered once (Graphviz serializes its own calls) and kept, up to a
/// bound. The layout direction is chosen once per machine, since choosing
/// it lays the diagram out twice.
final class DiagramRenderer: Sendable {
  /// The most SVGs kept; when full, the cache starts again.
  static let capacity = 512

  /// The SVGs rendered, by DOT text.
  private let svgs = Mutex<[String: [UInt8]]>([:])

  /// Each machine's layout direction, by id.
  private let directions = Mutex<[String: DiagramDirection]>([:])

  /// The direction `machine`'s diagram is laid out in.
  func direction(of machine: any CatalogMachine.Type) -> DiagramDirection {
    if let known = directions.withLock({ $0[machine.id] }) { return known }
    let chosen = machine.diagram(direction: .auto).direction
    directions.withLock { $0[machine.id] = chosen }
    return chosen
  }

  /// `diagram` as an SVG element for a page, with the node of `current`
  /// given the class `current` so that scripts and tests can find it.
  ///
  /// - Throws: `ServeError` (500) with Graphviz's message if it fails.
  func svg(_ diagram: Diagram, current: String) throws(ServeError) -> String {
    let bytes: [UInt8]
    if let cached = svgs.withLock({ $0[diagram.dot] }) {
      bytes = cached
    } else {
      do {
        bytes = try diagram.render(as: .svg)
      } catch {
        throw ServeError(status: 500, message: "Graphviz: \(error.message)")
      }
      svgs.withLock { cache in
        if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
        cache[diagram.dot] = bytes
      }
    }
    return Self.inline(String(decoding: bytes, as: UTF8.self), current: current)
  }

  /// The SVG without its XML prologue, which HTML does not take, and with
  /// the current state's node marked.
  static func inline(_ svg: String, current: String) -> String {
    var svg = svg
    if let start = svg.firstRange(of: "<svg") { svg = String(svg[start.lowerBound...]) }
    let title = "<title>\(escaped(current))</title>"
    guard let titleRange = svg.firstRange(of: title),
      let node = svg[..<titleRange.lowerBound].ranges(of: "class=\"node\"").last
    else { return svg }
    svg.replaceSubrange(node, with: "class=\"node current\" data-state=\"\(escaped(current))\"")
    return svg
  }
}
