import Foundation
import Testing

/// The specification's pages (`docs/`) quote files too, as the lessons do,
/// with ```` ```swift excerpt PATH ```` blocks: the door `fsm new` writes,
/// in five styles, in docs/new-machine.md, and the lessons' companion pages
/// in docs/lessons/ (lesson 16's five styles of one rule). A quoted file
/// that changes fails here, naming the page, the line and the lines no
/// longer in it.
@Suite("excerpts in docs/")
struct DocsExcerptsTests {
  @Test("every excerpt in docs/ shows what its file says")
  func excerptsMatch() throws {
    let root = try Workbench.packageRoot()
    var excerpts = 0
    for page in Self.pages(root: root) {
      let parsed = try Self.load(page, root: root)
      excerpts += parsed.excerpts.count
      for problem in Excerpts.problems(in: parsed, root: root) {
        Issue.record(Comment(rawValue: problem))
      }
    }
    // The door's five styles, at least: an empty scan would prove nothing.
    #expect(excerpts >= 5, "docs/ has \(excerpts) excerpts")
  }

  @Test("the scan reaches the pages in docs/lessons/, and their excerpts")
  func lessonPagesAreScanned() throws {
    let root = try Workbench.packageRoot()
    let pages = Self.pages(root: root).filter { $0.hasPrefix("lessons/") }
    #expect(pages.contains("lessons/16-one-rule-five-ways.md"), "\(pages)")
    for page in pages {
      let parsed = try Self.load(page, root: root)
      #expect(!parsed.excerpts.isEmpty, "docs/\(page) quotes no file: why is it in docs/lessons/?")
    }
  }

  @Test("an excerpt in docs/lessons/ that its file no longer says fails, naming the page")
  func changedExcerptFails() throws {
    let root = try Workbench.packageRoot()
    let page = """
      # A companion page

      ```swift excerpt Sources/StateMachines/GameCharacter/GameCharacter+StatePattern.swift
      public protocol GameCharacterOnGround: GameCharacterMovementState {}
      // ...
      extension GameCharacterOnGround {
        public func jump() -> Decision<any GameCharacterMovementState, GameCharacter.Output> {
          .ignore
        }
      }
      ```
      """
    let problems = Excerpts.problems(
      in: Lesson(parsing: page, path: "docs/lessons/96-changed.md"), root: root)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.hasPrefix("docs/lessons/96-changed.md:3: the excerpt of") == true)
  }

  /// The Markdown pages of `docs/`, in every folder below it, relative to it.
  static func pages(root: URL) -> [String] {
    let docs = root.appending(path: "docs")
    return (FileManager.default.enumerator(atPath: docs.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".md") }.sorted()
  }

  /// The page `page` of `docs/`, parsed as a lesson is.
  static func load(_ page: String, root: URL) throws -> Lesson {
    let text = try String(contentsOf: root.appending(path: "docs/\(page)"), encoding: .utf8)
    return Lesson(parsing: text, path: "docs/\(page)")
  }
}
