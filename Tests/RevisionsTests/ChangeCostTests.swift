import Foundation
import StateMachines
import Testing

@testable import Workbench

@Suite("Change cost")
struct ChangeCostTests {
  /// The root of this checkout, found from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test("the table of lesson 6")
  func table() throws {
    // If this fails because a revision changed on purpose, update this table
    // and the one printed in lesson 6 ("Dealing with change") together.
    let expected = """
      | change                                | nested-switch     | enum               | state-pattern    | state-classes    |
      |---------------------------------------|-------------------|--------------------|------------------|------------------|
      | 1→2 panic also works while disarmed   | +5 −1, 2 places   | +2 −0, 1 place     | +3 −0, 1 place   | +4 −0, 1 place   |
      | 2→3 the fourth wrong code alarms      | +9 −1, 4 places   | +10 −5, 4 places   | +11 −3, 4 places | +13 −2, 3 places |
      | 3→4 it also informs the administrator | +1 −0, 1 place    | +5 −2, 3 places    | +1 −1, 1 place   | +1 −1, 1 place   |
      | 4→5 a new state: the silent alarm     | +11 −6, 6 places  | +7 −4, 7 places    | +10 −1, 2 places | +11 −2, 3 places |
      | 1→5 all changes                       | +26 −8, 13 places | +24 −11, 15 places | +25 −5, 8 places | +29 −5, 8 places |

      | change                                | table            | shared vocabulary | files per style |
      |---------------------------------------|------------------|-------------------|-----------------|
      | 1→2 panic also works while disarmed   | +1 −0, 1 place   | +1 −1, 1 place    | 2               |
      | 2→3 the fourth wrong code alarms      | +11 −1, 3 places | +5 −1, 3 places   | 2               |
      | 3→4 it also informs the administrator | +2 −1, 1 place   | +2 −1, 2 places   | 2               |
      | 4→5 a new state: the silent alarm     | +3 −1, 3 places  | +5 −2, 5 places   | 2               |
      | 1→5 all changes                       | +17 −3, 8 places | +13 −5, 11 places |                 |

      Lines of code, compared without indentation; blank, comment and import lines do not count.
      A place is a run of changed lines. Each style is one file, and every style also pays for
      the shared vocabulary (SecuritySystem.swift: states, events, outputs, description).
      """
    let table = try ChangeCost.table(repositoryRoot: Self.root)
    #expect(
      table == expected,
      "The change-cost table changed: update this test and lesson 6 together. Now:\n\(table)")
  }

  @Test("the game character's table: two changes, the second a region")
  func gameCharacterTable() throws {
    // If this fails because a revision changed on purpose, update this
    // table and the one in docs/machines/game-character.md together.
    let expected = """
      | change                          | nested-switch     | enum              | state-pattern      | state-classes      |
      |---------------------------------|-------------------|-------------------|--------------------|--------------------|
      | 1→2 a new ground state: sliding | +15 −6, 9 places  | +5 −0, 4 places   | +10 −0, 2 places   | +15 −1, 3 places   |
      | 2→3 a second region: the weapon | +58 −2, 5 places  | +47 −2, 7 places  | +97 −2, 8 places   | +106 −2, 11 places |
      | 1→3 all changes                 | +73 −8, 14 places | +52 −2, 11 places | +107 −2, 10 places | +121 −3, 14 places |

      | change                          | table            | shared vocabulary   | files per style |
      |---------------------------------|------------------|---------------------|-----------------|
      | 1→2 a new ground state: sliding | +4 −1, 3 places  | +8 −1, 6 places     | 2               |
      | 2→3 a second region: the weapon | +17 −2, 5 places | +111 −13, 21 places | 2               |
      | 1→3 all changes                 | +21 −3, 8 places | +119 −14, 27 places |                 |

      Lines of code, compared without indentation; blank, comment and import lines do not count.
      A place is a run of changed lines. Each style is one file, and every style also pays for
      the shared vocabulary (GameCharacter.swift: states, events, outputs, description).
      """
    let table = try ChangeCost.table(.gameCharacter, repositoryRoot: Self.root)
    #expect(table == expected, "The game character's table changed. Now:\n\(table)")
  }

  @Test("the game character's revisions are found where the security system's are not")
  func gameCharacterPaths() throws {
    let history = ChangeCost.History.gameCharacter
    #expect(history.finalRevision == 3)
    #expect(
      ChangeCost.path(of: .style(.table), revision: 1, in: history)
        == "Sources/GameCharacterRevisions/Revision1/GameCharacter+Table.swift")
    #expect(
      ChangeCost.path(of: .vocabulary, revision: 3, in: history)
        == "Sources/StateMachines/GameCharacter/GameCharacter.swift")
    #expect(throws: ChangeCost.Failure.noSuchChange(from: 3, changes: 2)) {
      try ChangeCost.diff(of: .vocabulary, from: 3, in: history, repositoryRoot: Self.root)
    }
    let weapon = try ChangeCost.diff(
      of: .style(.table), from: 2, in: history, repositoryRoot: Self.root)
    #expect(weapon.hasPrefix("table, revision 2 → 3 (a second region: the weapon): "))
    #expect(weapon.contains(".internal(.bow, on: .fire, guard: .notIn(.diving)"))
  }

  @Test("the numbers behind the table")
  func measure() throws {
    let changes = try ChangeCost.measure(repositoryRoot: Self.root)
    #expect(changes.map(\.from) == [1, 2, 3, 4])
    #expect(changes.map(\.request) == ChangeCost.requests)
    let addingAState = try #require(changes.last)
    #expect(
      addingAState.cost(of: .style(.nestedSwitch))
        == ChangeCost.EditCost(filesTouched: 1, linesAdded: 11, linesRemoved: 6, places: 6))
    #expect(
      addingAState.total(for: .enum)
        == ChangeCost.EditCost(filesTouched: 2, linesAdded: 12, linesRemoved: 6, places: 12))
  }

  @Test("the diff of one style shows each place with its line numbers")
  func diff() throws {
    let text = try ChangeCost.diff(of: .style(.enum), from: 1, repositoryRoot: Self.root)
    #expect(
      text == """
        enum, revision 1 → 2 (panic also works while disarmed): +2 −0 in 1 place
        --- Sources/SecuritySystemRevisions/Revision1/SecuritySystem+Enum.swift
        +++ Sources/SecuritySystemRevisions/Revision2/SecuritySystem+Enum.swift
        @@ place 1 of 1
        +36:       case (.disarmed(let code), .panic):
        +37:         transition(to: .alarm(code: code), emit: emit)
        """)
  }

  @Test("blank, comment and import lines do not count, nor does indentation")
  func countedLines() throws {
    let root = try temporaryCheckout(
      revision1: """
        import StateMachines

        /// A doc comment.
        enum A {
          // A comment.
          case one  // A trailing comment: the line is code.
          /* A block
             comment. */
          case two
        }
        """,
      revision2: """
        enum A {
            case one  // A trailing comment: the line is code.
          /// A new doc comment.
          case two
          case three
        }
        """)
    defer { try? FileManager.default.removeItem(at: root) }

    let code = try ChangeCost.diff(of: .vocabulary, from: 1, repositoryRoot: root)
    #expect(
      code == """
        shared vocabulary, revision 1 → 2 (panic also works while disarmed): +1 −0 in 1 place
        --- Sources/SecuritySystemRevisions/Revision1/SecuritySystem.swift
        +++ Sources/SecuritySystemRevisions/Revision2/SecuritySystem.swift
        @@ place 1 of 1
        + 5:   case three
        """)

    let everything = try ChangeCost.diff(
      of: .vocabulary, from: 1, repositoryRoot: root, counting: .codeAndComments)
    #expect(
      everything.split(separator: "\n").dropFirst(3) == [
        "@@ place 1 of 4",
        "- 3: /// A doc comment.",
        "@@ place 2 of 4",
        "- 5:   // A comment.",
        "@@ place 3 of 4",
        "- 7:   /* A block",
        "- 8:      comment. */",
        "+ 3:   /// A new doc comment.",
        "@@ place 4 of 4",
        "+ 5:   case three",
      ])
  }

  @Test("a missing source file is named")
  func missingSource() throws {
    let empty = FileManager.default.temporaryDirectory
      .appendingPathComponent("change-cost-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }

    let missing = ChangeCost.Failure.missingSource(
      path: "Sources/SecuritySystemRevisions/Revision1/SecuritySystem+NestedSwitch.swift",
      root: empty.path)
    #expect(throws: missing) { try ChangeCost.table(repositoryRoot: empty) }
    #expect(missing.description.hasPrefix("cannot read Sources/SecuritySystemRevisions/Revision1/"))
  }

  @Test("only the styles the machine is written in are measured, each its own column")
  func fewerStyles() throws {
    // A style added to other machines only (CONTRIBUTING.md, "Adding a
    // style") is not looked for in this machine's revisions.
    let history = ChangeCost.History(
      machine: "gate", typeName: "Gate", requests: ["an unlocked state"],
      revisionsFolder: "Sources/GateRevisions", styles: [.enum, .table])
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("change-cost-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    for revision in 1...2 {
      for part in ChangeCost.Part.all(in: history) {
        let file = root.appendingPathComponent(
          ChangeCost.path(of: part, revision: revision, in: history))
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let cases = revision == 1 ? "case locked" : "case locked\ncase unlocked"
        try "enum Gate {\n\(cases)\n}\n".write(to: file, atomically: true, encoding: .utf8)
      }
    }
    let table = try ChangeCost.table(history, repositoryRoot: root)
    let header = try #require(table.split(separator: "\n").first)
    #expect(
      header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        == ["change", "enum", "table", "shared vocabulary", "files per style"])
    #expect(ChangeCost.History.securitySystem.styles == SecuritySystem.styles)
  }

  @Test("only revisions 1 to 4 start a change", arguments: [0, 5, -1])
  func noSuchChange(_ revision: Int) {
    #expect(throws: ChangeCost.Failure.noSuchChange(from: revision)) {
      try ChangeCost.diff(of: .vocabulary, from: revision, repositoryRoot: Self.root)
    }
  }

  @Test("the repository root is found from a folder inside it, and not from outside")
  func repositoryRoot() {
    // Where fsm change-cost finds the revisions: WorkbenchRoot, as every command.
    let tests = Self.root.appendingPathComponent("Tests/RevisionsTests")
    let nowhere = "/nonexistent-checkout"
    #expect(
      (try? WorkbenchRoot.locate(environment: nil, currentFolder: tests.path, builtFrom: nowhere))
        == Self.root.standardizedFileURL.path)
    #expect(
      (try? WorkbenchRoot.locate(environment: nil, currentFolder: "/", builtFrom: nowhere)) == nil)
  }

  @Test("the paths of the five revisions")
  func paths() {
    #expect(
      ChangeCost.path(of: .style(.statePattern), revision: 2)
        == "Sources/SecuritySystemRevisions/Revision2/SecuritySystem+StatePattern.swift")
    #expect(
      ChangeCost.path(of: .vocabulary, revision: 5)
        == "Sources/StateMachines/SecuritySystem/SecuritySystem.swift")
  }

  /// A folder with only the vocabulary files of revisions 1 and 2.
  private func temporaryCheckout(revision1: String, revision2: String) throws -> URL {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("change-cost-\(UUID().uuidString)")
    for (revision, text) in [(1, revision1), (2, revision2)] {
      let file = root.appendingPathComponent(ChangeCost.path(of: .vocabulary, revision: revision))
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return root
  }
}
