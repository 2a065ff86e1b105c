import Foundation
import StateMachines
import Testing

/// The library's DocC catalog shows what the library does: its excerpts are
/// the files they quote, its examples print what it shows, and what it
/// counts and lists follows the machines, styles and lessons there are.
/// (`swift package generate-documentation --warnings-as-errors`, run by CI,
/// checks its symbol links.)
@Suite("Documentation catalog")
struct DocumentationCatalogTests {
  @Test(
    "every excerpt matches its file, and every example prints what it shows",
    arguments: CatalogArticle.all)
  func articleShowsWhatTheLibraryDoes(_ article: CatalogArticle) async throws {
    let workbench = try Workbench.require()
    let page = try article.load()
    for problem in page.problems + Excerpts.problems(in: page, root: workbench.root) {
      Issue.record(Comment(rawValue: problem))
    }
    for message in try await LessonsTests.compileAndRun(page, from: article.url, with: workbench) {
      Issue.record(Comment(rawValue: message))
    }
  }

  @Test("there is a catalog: the module's page, and an article per style")
  func catalogExists() {
    let names = CatalogArticle.all.map(\.name)
    #expect(
      names.contains("StateMachines.md"), "no page for the module in \(CatalogArticle.folder)")
    #expect(names.count > Style.allCases.count, "\(names): an article per style is missing")
  }

  @Test("a number of machines, styles or lessons in the prose is how many there are")
  func countsAreTrue() throws {
    let expected = [
      "machines": try Self.machineFolders().count, "styles": Style.allCases.count,
      "lessons": LessonFile.all.count,
    ]
    for article in CatalogArticle.all {
      let place = "\(CatalogArticle.folder)/\(article.name)"
      for count in Self.counts(in: try article.text()) where expected[count.noun] != count.number {
        let truth = expected[count.noun] ?? 0
        Issue.record(
          Comment(
            rawValue:
              "\(place):\(count.line): says \(count.number) \(count.noun); there are \(truth)"
          ))
      }
    }
  }

  @Test("the module's page names every machine and links every article; every lesson is listed")
  func everythingIsListed() throws {
    let articles = CatalogArticle.all
    let page = try #require(articles.first { $0.name == "StateMachines.md" }).text()
    for machine in try Self.machineFolders() {
      #expect(page.contains("``\(machine)``"), "StateMachines.md does not name ``\(machine)``")
    }
    for article in articles where article.name != "StateMachines.md" {
      let link = "<doc:\(article.name.dropLast(".md".count))>"
      #expect(page.contains("- \(link)"), "StateMachines.md's Topics do not list \(link)")
    }
    let lessons = try #require(articles.first { $0.name == "Lessons.md" }).text()
    for lesson in LessonFile.all {
      #expect(
        lessons.contains("`Lessons/\(lesson.name)`"), "Lessons.md does not list \(lesson.name)")
    }
  }

  @Test("a stale excerpt, a misplaced annotation and a count in the prose are found, with lines")
  func driftIsCaught() throws {
    let workbench = try Workbench.require()
    let markdown = """
      # An article that is out of date

      The turnstile has three styles.

      <!-- excerpt: Sources/StateMachines/Turnstile/Turnstile+Enum.swift -->
      ```swift
      case (.locked, .coin):
        emit(.thankYou)
      ```

      <!-- no-run -->
      Not code.

      <!-- run-twice -->
      ```swift
      print(1)
      ```
      """
    let page = CatalogArticle.lesson(parsing: markdown, path: "Trial.md")
    let problems = page.problems + Excerpts.problems(in: page, root: workbench.root)
    try #require(problems.count == 3, "\(problems)")
    #expect(problems[0].hasPrefix("Trial.md:11: <!-- no-run --> is not directly above"))
    #expect(problems[1].hasPrefix("Trial.md:14: unknown annotation <!-- run-twice -->"))
    #expect(problems[2].hasPrefix("Trial.md:6: the excerpt of"))
    #expect(problems[2].contains("emit(.thankYou)"))
    #expect(page.blocks.map(\.fenceLine) == [15], "the unannotated block runs")
    #expect(Self.counts(in: markdown).map(\.number) == [3])
  }

  /// The folders of the workbench's own machines' sources: every folder of
  /// the library but `Core`, the catalog, and the machines added with
  /// `fsm new`, which the catalog lists in `Machines.added` (not this page).
  static func machineFolders() throws -> [String] {
    let root = try Workbench.packageRoot()
    let list =
      (try? String(
        contentsOf: root.appending(path: "Sources/Workbench/Catalog/AddedMachines.swift"),
        encoding: .utf8)) ?? ""
    let added = addedMachines(listedIn: list)
    let library = root.appending(path: "Sources/StateMachines")
    return try FileManager.default.contentsOfDirectory(atPath: library.path)
      .filter { name in
        var folder: ObjCBool = false
        return FileManager.default.fileExists(
          atPath: library.appending(path: name).path, isDirectory: &folder)
          && folder.boolValue && name != "Core" && !name.hasSuffix(".docc")
          && !added.contains(name)
      }
      .sorted()
  }

  /// The types `Machines.added` lists in `list`, the text of its file: one
  /// `Door.self,` a line, or `Door.self` for the last or only one, as
  /// `fsm new` writes them. (`Scaffold.names(_:in:)` asks the same of one
  /// type, but it is in the Workbench module, which this target does not
  /// build against.)
  static func addedMachines(listedIn list: String) -> Set<String> {
    Set(
      list.split(separator: "\n").compactMap { line in
        line.wholeMatch(of: #/\s*([A-Z][A-Za-z0-9]*)\.self,?\s*/#).map { String($0.output.1) }
      })
  }

  @Test("a machine fsm new added is read from its line, with or without a comma")
  func addedMachinesAreRead() {
    #expect(Self.addedMachines(listedIn: "  // Door.self\n  [\n    Door.self\n  ]") == ["Door"])
    #expect(
      Self.addedMachines(listedIn: "    GarageDoor.self,\n    Hatch.self\n")
        == ["GarageDoor", "Hatch"])
  }

  /// The numbers written out before "machines", "styles" or "lessons", one
  /// word perhaps between ("fourteen short lessons"), with their lines.
  static func counts(in text: String) -> [(line: Int, number: Int, noun: String)] {
    let numbers = [
      "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
      "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
      "nineteen", "twenty",
    ]
    let nouns: Set = ["machines", "styles", "lessons"]
    // The words in order with their lines, so that a count wrapped onto the
    // next line is still read; punctuation ends a phrase.
    let words = text.textLines.enumerated().flatMap { index, line in
      line.split(whereSeparator: \.isWhitespace).map { (line: index + 1, word: $0.lowercased()) }
    }
    func isPlain(_ word: String) -> Bool { word.allSatisfy { $0.isLetter || $0 == "-" } }
    func noun(_ word: String) -> String? {
      let bare = String(word.reversed().drop { ",.:;)".contains($0) }.reversed())
      return nouns.contains(bare) ? bare : nil
    }
    var found: [(line: Int, number: Int, noun: String)] = []
    for (position, entry) in words.enumerated() {
      guard let number = numbers.firstIndex(of: entry.word).map({ $0 + 1 }) else { continue }
      let next = words.dropFirst(position + 1).prefix(2).map(\.word)
      if let first = next.first, let counted = noun(first) {
        found.append((entry.line, number, counted))
      } else if next.count == 2, isPlain(next[0]), let counted = noun(next[1]) {
        found.append((entry.line, number, counted))
      }
    }
    return found
  }
}
