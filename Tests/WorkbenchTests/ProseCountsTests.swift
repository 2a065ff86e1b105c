import Foundation
import StateMachines
import Testing

@testable import Workbench

/// How many machines, styles, implementations and lessons there are is
/// said in prose in many places ("ten machines, each written in five
/// styles"), and nothing updates prose when a machine is added. So every
/// number written before one of those nouns, in the README, CONTRIBUTING,
/// the lessons and docs/, must be the count the code gives, or a count of a
/// part ("the two other styles"), listed below with why.
@Suite("counts of machines, styles and lessons in prose are the code's")
struct ProseCountsTests {
  /// The Markdown files whose prose is checked, from the root.
  static var files: [String] {
    let root = CatalogCompletenessTests.root
    let enumerator = FileManager.default.enumerator(atPath: root.appending(path: "docs").path)
    let docs = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
    let lessons =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "Lessons").path))
      ?? []
    return ["README.md", "CONTRIBUTING.md"]
      + lessons.filter { $0.hasSuffix(".md") }.map { "Lessons/\($0)" }
      + docs.map { "docs/\($0)" }.sorted() + code
  }

  /// The code whose comments, help and pages say counts too: every file of
  /// `Sources`, the scripts and the benchmarks' harness (a file that is not
  /// text reads as empty).
  static var code: [String] {
    let root = CatalogCompletenessTests.root
    var files: [String] = []
    for folder in ["Sources", "scripts", "Benchmarks/Harness"] {
      let enumerator = FileManager.default.enumerator(atPath: root.appending(path: folder).path)
      for case let path as String in enumerator?.allObjects ?? [] {
        let file = "\(folder)/\(path)"
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(
          atPath: root.appending(path: file).path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { files.append(file) }
      }
    }
    return files.sorted()
  }

  /// What each counted noun counts, from the code.
  static let totals: [String: Int] = [
    "machines": Machines.workbench.count,
    "flat machines": Machines.workbench.filter(isFlat).count,
    "styles": Style.allCases.count,
    "implementations": Implementation.all.count,
    "lessons": lessonCount,
  ]

  /// Phrases that count a part on purpose, by file: the phrase as the scan
  /// reads it (lowercased, one space between words).
  static let parts: [String: Set<String>] = [
    // Any two implementations of the turnstile, compared by their traces.
    "Lessons/01-finite-state-machines.md": ["two implementations"],
    // The lesson teaches three styles, then the workbench's two others.
    "Lessons/02-three-styles.md": [
      "three styles", "two other styles", "two more styles", "two styles",
    ],
    // Two of the styles, compared.
    "Lessons/04-state-pattern.md": ["two other styles"],
    // A protocol is two machines talking: two instances, not the catalog.
    "Lessons/09-tcp-connection.md": ["two machines", "two state machines"],
    // The four styles other than the table.
    "Lessons/10-tables.md": ["four styles"],
    // The game character's implementations (it has no matrix), as the
    // lesson's code counts them and as exercise 17.2 lists them.
    "Lessons/16-superstates-regions-history.md": ["7 implementations"],
    "Lessons/17-changing-a-statechart.md": ["seven implementations"],
    // The rubric applied to three machines, as examples.
    "Lessons/15-choosing-a-style.md": ["three machines"],
    // The character's two regions, each a state machine.
    "docs/machines/game-character.md": ["two state machines"],
    // The class view shows one or two styles beside the diagram.
    "docs/class-view.md": ["two chosen styles"],
    // In the code: a pair compared, one or two panes, the character's
    // regions, the two machines that grew in revisions, examples of output.
    "Sources/StateMachines/Core/Style.swift": ["two styles"],
    "Sources/Workbench/Serve/Assets/class-view.css": ["two styles"],
    "Sources/Workbench/Serve/PageMode.swift": ["two styles"],
    "Sources/StateMachines/GameCharacter/GameCharacter.swift": ["two state machines"],
    "Sources/Workbench/ChangeCost/ChangeCost.swift": ["two machines"],
    "Sources/Workbench/Commands/ChangeCostCommand.swift": ["two machines"],
    "Sources/Workbench/Comparison/ChartLayout.swift": ["two machines"],
    "Sources/Workbench/Comparison/StyleOrder.swift": ["two implementations"],
    "Sources/Workbench/Tour/StylesAgreeSection.swift": ["2 machines"],
    "Sources/Workbench/Tour/Tour.swift": ["2 machines"],
    "scripts/reset-exercises": ["3 lessons"],
    // The door `fsm new` writes: every implementation but the matrix.
    "scripts/contributing-test": ["7 implementations"],
  ]

  @Test("a number before machines, styles, implementations or lessons is the code's count")
  func countsAreTheCode() throws {
    var wrong: [String] = []
    for file in Self.files {
      let text = CatalogCompletenessTests.text(file)
      for count in Self.counts(in: text) where !(Self.parts[file]?.contains(count.phrase) ?? false)
      {
        guard let total = Self.totals[count.noun], count.number != total else { continue }
        wrong.append(
          "\(file): \"\(count.phrase)\" says \(count.number) \(count.noun); there are \(total)")
      }
    }
    #expect(
      wrong.isEmpty,
      Comment(
        rawValue: "prose counts that are not the code's (write the right number, or no number; "
          + "a count of a part goes in ProseCountsTests.parts, with why):\n"
          + wrong.joined(separator: "\n")))
  }

  @Test("every part listed is still in its file, so the list stays short")
  func partsAreStillThere() {
    for (file, phrases) in Self.parts {
      let found = Set(Self.counts(in: CatalogCompletenessTests.text(file)).map(\.phrase))
      for phrase in phrases.subtracting(found) {
        Issue.record("\(file) no longer says \"\(phrase)\": remove it from ProseCountsTests.parts")
      }
    }
  }

  @Test("the scan reads numbers in words and digits, across line breaks, before each noun")
  func scanFindsCounts() {
    let text = "Nine machines, each written\nin Five styles; the 3 lessons, two other styles."
    let counts = Self.counts(in: text)
    #expect(
      counts.map(\.phrase) == ["nine machines", "five styles", "3 lessons", "two other styles"])
    #expect(counts.map(\.number) == [9, 5, 3, 2])
    #expect(counts.map(\.noun) == ["machines", "styles", "lessons", "styles"])
    #expect(Self.counts(in: "the nine flat machines").map(\.noun) == ["flat machines"])
  }

  /// A number written before a counted noun.
  struct Count {
    /// As the scan reads it: `two other styles`.
    var phrase: String
    /// The number.
    var number: Int
    /// What it counts: a key of `totals`.
    var noun: String
  }

  /// The numbers, in words up to twenty or in digits.
  static let numberWords = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    "twenty",
  ]

  /// Every number before a counted noun in `text`, with at most one word
  /// between them (`two other styles`) and nothing but spaces or line
  /// breaks; a number that is part of a path, link or word does not count.
  static func counts(in text: String) -> [Count] {
    let numbers = numberWords.joined(separator: "|")
    let pattern =
      #"(?<![\w./-])(\d+|"# + numbers + #")\s+(?:([a-z-]+)\s+)?"#
      + #"(machines|styles|implementations|lessons)\b"#
    guard let regex = try? NSRegularExpression(pattern: pattern, options: .caseInsensitive) else {
      return []
    }
    let whole = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: whole).compactMap { match in
      func group(_ index: Int) -> String? {
        Range(match.range(at: index), in: text).map { String(text[$0]).lowercased() }
      }
      guard let written = group(1), let noun = group(3), let matched = group(0) else {
        return nil
      }
      let number = Int(written) ?? (numberWords.firstIndex(of: written) ?? 0) + 1
      let phrase = matched.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      return Count(
        phrase: phrase, number: number,
        noun: group(2) == "flat" && noun == "machines" ? "flat machines" : noun)
    }
  }

  /// Whether `machine` is flat: its described states are its states, with
  /// no superstates or regions above them (the game character is not).
  static func isFlat(_ machine: any CatalogMachine.Type) -> Bool {
    func flat<M: Machine>(_: M.Type) -> Bool { M.DescribedState.self == M.State.self }
    return flat(machine)
  }

  /// The lessons, `Lessons/NN-name.md`.
  static var lessonCount: Int {
    let folder = CatalogCompletenessTests.root.appending(path: "Lessons").path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.range(of: #"^\d\d-.*\.md$"#, options: .regularExpression) != nil }
      .count
  }
}
