import Foundation
import Testing

/// The specification's pages (`docs/`) quote files too, as the lessons do,
/// with ```` ```swift excerpt PATH ```` blocks: the door `fsm new` writes,
/// in five styles, in docs/new-machine.md. A quoted file that changes
/// fails here, naming the page, the line and the lines no longer in it.
@Suite("excerpts in docs/")
struct DocsExcerptsTests {
  @Test("every excerpt in docs/ shows what its file says")
  func excerptsMatch() throws {
    let root = try Workbench.packageRoot()
    let docs = root.appending(path: "docs")
    let pages = (FileManager.default.enumerator(atPath: docs.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".md") }.sorted()
    var excerpts = 0
    for page in pages {
      let text = try String(contentsOf: docs.appending(path: page), encoding: .utf8)
      let parsed = Lesson(parsing: text, path: "docs/\(page)")
      excerpts += parsed.excerpts.count
      for problem in Excerpts.problems(in: parsed, root: root) {
        Issue.record(Comment(rawValue: problem))
      }
    }
    // The door's five styles, at least: an empty scan would prove nothing.
    #expect(excerpts >= 5, "docs/ has \(excerpts) excerpts")
  }
}
