import Foundation
import Testing

/// A page of the library's DocC catalog, read as a lesson so that its code
/// is checked the way a lesson's is.
///
/// DocC renders a fence's whole info string as its language, so an article
/// cannot write ```` ```swift excerpt PATH ````: it puts the annotation in an
/// HTML comment on the line before a plain ```` ```swift ```` fence, which
/// DocC drops. `<!-- excerpt: PATH -->` marks an excerpt of PATH,
/// `<!-- no-run -->` code that is shown and never run; every other
/// ```` ```swift ```` block runs, and the ```` ```output ```` block after it
/// is what it prints, exactly as in a lesson.
struct CatalogArticle: Sendable, CustomTestStringConvertible {
  /// The catalog, relative to the package root.
  static let folder = "Sources/StateMachines/StateMachines.docc"

  /// The file name.
  let name: String
  /// Where it is.
  let url: URL

  var testDescription: String { name }

  /// The catalog's Markdown files, in order of name.
  static var all: [CatalogArticle] {
    guard let root = try? Workbench.packageRoot() else { return [] }
    let catalog = root.appending(path: folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map {
      CatalogArticle(name: $0, url: catalog.appending(path: $0))
    }
  }

  /// The article's text.
  func text() throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  /// The article as a lesson: its annotations moved onto the fences they
  /// mark, each comment line left blank so that line numbers stay the same.
  func load() throws -> Lesson {
    Self.lesson(parsing: try text(), path: "\(Self.folder)/\(name)")
  }

  /// `text` as a lesson at `path`, with a problem for an annotation that is
  /// unknown or not directly above a ```` ```swift ```` fence.
  static func lesson(parsing text: String, path: String) -> Lesson {
    var lines = text.textLines
    var problems: [String] = []
    for index in lines.indices {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("<!--") else { continue }
      let place = "\(path):\(index + 1)"
      guard let fenceTag = fenceTag(annotation: line) else {
        problems.append(
          "\(place): unknown annotation \(line); use <!-- excerpt: PATH --> or <!-- no-run -->")
        continue
      }
      guard index + 1 < lines.count, lines[index + 1] == "```swift" else {
        problems.append("\(place): \(line) is not directly above a ```swift fence")
        continue
      }
      lines[index] = ""
      lines[index + 1] = "```" + fenceTag
    }
    var lesson = Lesson(parsing: lines.joined(separator: "\n"), path: path)
    lesson.problems += problems
    return lesson
  }

  /// The lesson's fence tag for an annotation: `swift excerpt PATH` or
  /// `swift no-run`; nil for one the catalog does not use.
  private static func fenceTag(annotation line: String) -> String? {
    guard line.hasSuffix("-->") else { return nil }
    let inside = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
    if inside == "no-run" { return "swift no-run" }
    let prefix = "excerpt: "
    guard inside.hasPrefix(prefix) else { return nil }
    let path = inside.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    return path.isEmpty || path.contains(" ") ? nil : "swift excerpt \(path)"
  }
}
