import Foundation
import Ink

extension Pages {
  /// `/lessons` (the list) or `/lessons/N` (lesson N, rendered from its
  /// Markdown by Ink).
  ///
  /// - Throws: `ServeError` (404) naming the lessons for an unknown `N`.
  static func lesson(_ number: String?, root: String) throws(ServeError) -> String {
    let folder = OutputPath.join(root, "Lessons")
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".md") && $0.first?.isNumber == true }.sorted()
    let numbered = files.compactMap { file in Int(file.prefix { $0.isNumber }).map { ($0, file) } }
    guard let number else {
      let items = numbered.map { number, file in
        "<li><a href=\"/lessons/\(number)\">\(escaped(title(of: file)))</a></li>"
      }
      return layout(
        title: "Lessons", body: "<h1>Lessons</h1><ol>\(items.joined(separator: "\n"))</ol>")
    }
    // `/lessons/3`, or `/lessons/03-uml-state-diagrams.md` as one lesson links another.
    let wanted = Int(number) ?? (files.contains(number) ? Int(number.prefix { $0.isNumber }) : nil)
    guard let wanted, let file = numbered.first(where: { $0.0 == wanted })?.1,
      let markdown = try? String(contentsOfFile: OutputPath.join(folder, file), encoding: .utf8)
    else {
      let valid = numbered.map { String($0.0) }
      throw ServeError(
        status: 404,
        message: "no lesson '\(number)'; lessons: \(valid.joinedAsChoices) (under \(folder))")
    }
    let html = MarkdownParser().html(from: markdown)
    return layout(title: title(of: file), body: "<article class=\"lesson\">\(html)</article>")
  }

  /// `03-uml-state-diagrams.md` as `3. uml state diagrams`.
  private static func title(of file: String) -> String {
    let stem = file.dropLast(3)
    let number = stem.prefix { $0.isNumber }
    let words = stem.dropFirst(number.count).drop { $0 == "-" }.replacing("-", with: " ")
    return "\(Int(number) ?? 0). \(words)"
  }

  /// A file under `docs/` that a lesson links to: a diagram as an image,
  /// a specification page rendered from its Markdown.
  ///
  /// - Throws: `ServeError` (404) for anything else, a path that climbs
  ///   out of `docs/` included.
  static func document(_ parts: [String], root: String) throws(ServeError) -> ServeResponse {
    let path = "/" + (["docs"] + parts).joined(separator: "/")
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != ".." && $0 != "." }),
      let name = parts.last, let dot = name.lastIndex(of: ".")
    else { throw .notFound(path) }
    let file = OutputPath.join(root, "docs/" + parts.joined(separator: "/"))
    guard let data = FileManager.default.contents(atPath: file) else { throw .notFound(path) }
    switch name[name.index(after: dot)...] {
    case "svg": return .svg(Array(data))
    case "png": return ServeResponse(status: 200, contentType: "image/png", body: Array(data))
    case "md":
      let html = MarkdownParser().html(from: String(decoding: data, as: UTF8.self))
      return .html(layout(title: name, body: "<article class=\"lesson\">\(html)</article>"))
    default: throw .notFound(path)
    }
  }
}
