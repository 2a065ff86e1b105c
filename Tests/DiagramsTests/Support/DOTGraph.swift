import Foundation

/// The nodes and edges of a diagram's DOT, read back line by line, to check
/// what the picture says in UML terms.
///
/// It reads the writer's own output only: one statement per line, ids in
/// quotes, labels as HTML-like `<…>`.
struct DOTGraph {
  /// A node statement: its id and attribute text.
  struct Node {
    var id: String
    var attributes: String
    /// The clusters it is drawn in, outermost first.
    var clusters: [String] = []

    /// Whether it has the attribute `name=value`, written as the writer does.
    func has(_ attribute: String) -> Bool { attributes.contains(attribute) }
  }

  /// An edge statement: its ends, attribute text and label as plain text.
  struct Edge {
    var source: String
    var target: String
    var attributes: String
    /// The label's text, tags dropped and entities decoded, lines joined
    /// by spaces; empty when there is none.
    var label: String

  }

  /// A cluster (`subgraph "cluster …" { … }`): a statechart's superstate
  /// or region.
  struct Cluster {
    var name: String
    /// The text of its `graph [...]` statement.
    var attributes: String
    /// Its label's text, as an edge's is read.
    var label: String
    /// The clusters around it, outermost first.
    var parents: [String]

    /// Whether it has the attribute `name=value`, written as the writer does.
    func has(_ attribute: String) -> Bool { attributes.contains(attribute) }
  }

  /// Every node statement, in order (the defaults `graph`, `node`, `edge`
  /// left out).
  var nodes: [Node] = []

  /// Every edge statement, in order.
  var edges: [Edge] = []

  /// Every cluster, in the order it opens.
  var clusters: [Cluster] = []

  /// Reads `dot`.
  init(_ dot: String) {
    var open: [String] = []
    for line in dot.split(separator: "\n") {
      let text = line.drop { $0 == " " }
      if text.hasPrefix("subgraph "), let (name, _) = Self.quoted(text.dropFirst(9)) {
        clusters.append(Cluster(name: name, attributes: "", label: "", parents: open))
        open.append(name)
        continue
      }
      if text == "}" {
        _ = open.popLast()
        continue
      }
      if text.hasPrefix("graph ["), !open.isEmpty,
        let index = clusters.lastIndex(where: { $0.name == open.last })
      {
        clusters[index].attributes = String(text)
        clusters[index].label = Self.label(in: String(text))
        continue
      }
      guard text.hasPrefix("\""), let (first, rest) = Self.quoted(text) else { continue }
      let afterFirst = rest.drop { $0 == " " }
      if afterFirst.hasPrefix("->") {
        let targetText = afterFirst.dropFirst(2).drop { $0 == " " }
        guard let (second, attributes) = Self.quoted(targetText) else { continue }
        let attributeText = String(attributes)
        edges.append(
          Edge(
            source: first, target: second, attributes: attributeText,
            label: Self.label(in: attributeText)))
      } else {
        nodes.append(Node(id: first, attributes: String(afterFirst), clusters: open))
      }
    }
  }

  /// The cluster named `name`, if there is one.
  func cluster(_ name: String) -> Cluster? { clusters.first { $0.name == name } }

  /// The node `id`, if there is one.
  func node(_ id: String) -> Node? { nodes.first { $0.id == id } }

  /// The nodes with `attribute`, as `shape=diamond`.
  func nodes(with attribute: String) -> [Node] { nodes.filter { $0.has(attribute) } }

  /// The edges that leave `id`.
  func edges(from id: String) -> [Edge] { edges.filter { $0.source == id } }

  /// The edges drawn from `id` itself: not those attached to it that
  /// Graphviz cuts at a cluster's border (`ltail`), which leave the
  /// superstate's border in the picture.
  func edges(leaving id: String) -> [Edge] {
    edges(from: id).filter { !$0.attributes.contains("ltail=") }
  }

  /// The edges that enter `id`.
  func edges(to id: String) -> [Edge] { edges.filter { $0.target == id } }

  /// A quoted DOT id at the start of `text`, unescaped, and what follows it.
  private static func quoted(_ text: Substring) -> (String, Substring)? {
    guard text.first == "\"" else { return nil }
    var id = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      if character == "\\" {
        index = text.index(after: index)
        guard index < text.endIndex else { return nil }
        id.append(text[index])
      } else if character == "\"" {
        return (id, text[text.index(after: index)...])
      } else {
        id.append(character)
      }
      index = text.index(after: index)
    }
    return nil
  }

  /// The lines of the graph's own label (its title and, for a run, the
  /// legend and the caption): each `<BR…/>` and table row ends a line.
  static func lines(ofGraphLabelIn dot: String) -> [String] {
    let graph = dot.split(separator: "\n").first {
      $0.hasPrefix("  graph [") && $0.contains("label=<")
    }
    return label(in: String(graph ?? ""), lineBreak: "\n").split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The graph's label as text, its lines joined by newlines.
  static func text(ofGraphLabelIn dot: String) -> String {
    lines(ofGraphLabelIn: dot).joined(separator: "\n")
  }

  /// The text of the `label=<…>` in `attributes`: the HTML between the
  /// outer brackets, each `<BR…/>` (and end of a table row) as
  /// `lineBreak`, other tags dropped, entities decoded.
  private static func label(in attributes: String, lineBreak: Character = " ") -> String {
    guard let start = attributes.range(of: "label=<") else { return "" }
    var depth = 1
    var html = ""
    for character in attributes[start.upperBound...] {
      if character == "<" { depth += 1 }
      if character == ">" { depth -= 1 }
      if depth == 0 { break }
      html.append(character)
    }
    var text = ""
    var tag: String?
    for character in html {
      if character == "<" {
        tag = ""
      } else if character == ">" {
        if tag?.hasPrefix("BR") == true || tag == "/TR" { text.append(lineBreak) }
        tag = nil
      } else if tag != nil {
        tag?.append(character)
      } else {
        text.append(character)
      }
    }
    let entities = [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#160;", " "),
      ("&amp;", "&"),
    ]
    for (entity, character) in entities {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text.trimmingCharacters(in: .whitespaces)
  }
}
