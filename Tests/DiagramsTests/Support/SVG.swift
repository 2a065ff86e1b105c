import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads rendered SVG back, to check what Graphviz drew.
enum SVG {
  /// The contents of every `<text>` element, in document order, without the
  /// invisible word joiners that escaping puts after backslashes.
  ///
  /// - Throws: if the bytes are not well-formed XML.
  static func texts(in svg: [UInt8]) throws -> [String] {
    let document = try XMLDocument(data: Data(svg))
    return try document.nodes(forXPath: "//*[local-name()='text']").compactMap { node in
      node.stringValue.map { String($0.unicodeScalars.filter { $0 != "\u{2060}" }) }
    }
  }

  /// How many elements have `class` equal to `name`: `node` or `edge`.
  static func count(of name: String, in svg: [UInt8]) throws -> Int {
    let document = try XMLDocument(data: Data(svg))
    return try document.nodes(forXPath: "//*[@class='\(name)']").count
  }
}
