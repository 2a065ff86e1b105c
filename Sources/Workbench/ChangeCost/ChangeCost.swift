import Foundation
import StateMachines

/// What each change request of a machine cost in each style, measured on
/// the sources of its revisions: the table of lesson 6.
///
/// Two machines grew in revisions (`History`). The security system's
/// revisions 1 to 4 are the modules `SecuritySystemR1` to
/// `SecuritySystemR4` in `Sources/SecuritySystemRevisions/RevisionN`, and
/// revision 5 is the final machine in `Sources/StateMachines/SecuritySystem`;
/// the game character's revisions 1 and 2 are `GameCharacterR1` and
/// `GameCharacterR2` in `Sources/GameCharacterRevisions`, and revision 3 is
/// final. Because each revision is a module of its own, its files have the
/// same names and the same type names as the final ones, so nothing needs
/// renaming before two revisions are compared.
///
/// For each change and each style, the style's file of revision N is diffed
/// against the same file of revision N + 1. The vocabulary file
/// (`SecuritySystem.swift`: states, events, outputs and the description the
/// diagrams are drawn from) is measured on its own, in its own column: every
/// style pays for it alike, so adding it to each style would hide the
/// differences between them without changing their order.
///
/// What is counted (see `Lines`): lines without their indentation, leaving out
/// blank lines, `import` lines and, by default, lines that hold only a
/// comment. A place is a run of changed lines with no unchanged counted line
/// between them, so two edits separated only by a comment make one place.
public enum ChangeCost {
  /// A machine that grew through change requests, each of its revisions
  /// kept as code in every style: what the change cost is measured on.
  ///
  /// A third machine with revisions is one more value here (and in `all`),
  /// its earlier revisions one module each under `revisionsFolder`.
  public struct History: Hashable, Sendable {
    /// The machine's public id, as in `fsm change-cost game-character`.
    public var machine: String
    /// The name of its namespace type, which names its files
    /// (`SecuritySystem.swift`, `SecuritySystem+Enum.swift`, ...).
    public var typeName: String
    /// The change requests of the specification, in a few words: the one
    /// at index `i` turns revision `i + 1` into revision `i + 2`.
    public var requests: [String]
    /// The folder of the earlier revisions, one `RevisionN` folder each.
    public var revisionsFolder: String
    /// The styles its revisions are written in, and compared in: the final
    /// machine's (`Machine.styles`), so that a style added to other
    /// machines only is not looked for here.
    public var styles: [Style]

    /// The revision that is the final machine.
    public var finalRevision: Int { requests.count + 1 }

    /// The security system's five revisions (lesson 6).
    public static let securitySystem = Self(
      machine: "security-system", typeName: "SecuritySystem",
      requests: [
        "panic also works while disarmed",
        "the fourth wrong code alarms",
        "it also informs the administrator",
        "a new state: the silent alarm",
      ],
      revisionsFolder: "Sources/SecuritySystemRevisions", styles: SecuritySystem.styles)

    /// The game character's three revisions: movement without sliding,
    /// then with it, then the weapon region.
    public static let gameCharacter = Self(
      machine: "game-character", typeName: "GameCharacter",
      requests: [
        "a new ground state: sliding",
        "a second region: the weapon",
      ],
      revisionsFolder: "Sources/GameCharacterRevisions", styles: GameCharacter.styles)

    /// Every machine that grew in revisions, the default first.
    public static let all = [securitySystem, gameCharacter]

    /// The history of the machine with the public id `id`, if it has one.
    public static func of(_ id: String) -> Self? {
      all.first { $0.machine == id }
    }

    /// The folder of `revision`, from the repository root.
    func folder(of revision: Int) -> String {
      revision == finalRevision
        ? "Sources/StateMachines/\(typeName)" : "\(revisionsFolder)/Revision\(revision)"
    }
  }

  /// The security system's change requests: see `History.requests`.
  public static var requests: [String] { History.securitySystem.requests }

  /// The security system's final revision.
  public static var finalRevision: Int { History.securitySystem.finalRevision }

  /// A file of a revision: the vocabulary every style shares, or one style's
  /// own file.
  public enum Part: Hashable, Sendable, CustomStringConvertible {
    /// `SecuritySystem.swift`: states, events, outputs, description.
    case vocabulary
    /// `SecuritySystem+Style.swift`, one per style.
    case style(Style)

    /// Every part of `history`: its styles in their usual order, then the
    /// vocabulary.
    public static func all(in history: History) -> [Part] {
      history.styles.map(Part.style) + [.vocabulary]
    }

    /// The style's public id, or `shared vocabulary`.
    public var description: String {
      switch self {
      case .vocabulary: "shared vocabulary"
      case .style(let style): style.rawValue
      }
    }

    /// The file's name in `history`, the same in every revision.
    func fileName(in history: History) -> String {
      let suffix =
        switch self {
        case .vocabulary: ""
        case .style(let style): "+\(style.fileSuffix)"
        }
      return "\(history.typeName)\(suffix).swift"
    }
  }

  /// What one change cost in one file, or in several added up: the lines it
  /// edited, and in how many places and files.
  public struct EditCost: Hashable, Sendable, CustomStringConvertible {
    /// Files with at least one changed line.
    public var filesTouched: Int
    /// Lines the change added.
    public var linesAdded: Int
    /// Lines the change removed; a modified line is one removed and one added.
    public var linesRemoved: Int
    /// Places touched: runs of changed lines.
    public var places: Int

    /// Creates an edit cost.
    public init(filesTouched: Int = 0, linesAdded: Int = 0, linesRemoved: Int = 0, places: Int = 0)
    {
      self.filesTouched = filesTouched
      self.linesAdded = linesAdded
      self.linesRemoved = linesRemoved
      self.places = places
    }

    /// The cost of one file's diff.
    init(_ diff: LineDiff) {
      let places = diff.places.count
      self.init(
        filesTouched: places == 0 ? 0 : 1, linesAdded: diff.added, linesRemoved: diff.removed,
        places: places)
    }

    /// Both costs together.
    public static func + (left: EditCost, right: EditCost) -> EditCost {
      EditCost(
        filesTouched: left.filesTouched + right.filesTouched,
        linesAdded: left.linesAdded + right.linesAdded,
        linesRemoved: left.linesRemoved + right.linesRemoved, places: left.places + right.places)
    }

    /// As in `+12 −3 in 4 places`, or `no change`.
    public var description: String { text(placesAfter: " in ") }

    /// As in `+12 −3, 4 places` with `", "` (the tables' shorter cell), or
    /// `no change`.
    func text(placesAfter separator: String) -> String {
      guard places > 0 else { return "no change" }
      return "+\(linesAdded) −\(linesRemoved)\(separator)\(places) place\(places == 1 ? "" : "s")"
    }
  }

  /// What one change request cost, file by file.
  public struct Change: Hashable, Sendable {
    /// The revision the change starts from; it makes revision `from + 1`.
    public var from: Int
    /// The change request, in a few words.
    public var request: String
    /// The cost in each part's file.
    public var costs: [Part: EditCost]

    /// The cost in the file of `part`.
    public func cost(of part: Part) -> EditCost { costs[part] ?? EditCost() }

    /// What a team working in `style` paid: its own file and the vocabulary.
    public func total(for style: Style) -> EditCost {
      cost(of: .style(style)) + cost(of: .vocabulary)
    }
  }

  /// Why the change cost could not be measured.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// A source file of a revision is missing or unreadable.
    case missingSource(path: String, root: String)
    /// No change starts from this revision; `changes` start from 1 on.
    case noSuchChange(from: Int, changes: Int = ChangeCost.requests.count)

    /// What went wrong, and what would be right.
    public var description: String {
      switch self {
      case .missingSource(let path, let root):
        "cannot read \(path) under \(root): the change cost is measured on the sources of the"
          + " machines' revisions, so it needs the repository root of a checkout of the"
          + " workbench (the folder with Package.swift and Sources/)"
      case .noSuchChange(let from, let changes):
        "no change starts from revision \(from): the changes start from revisions"
          + " 1 to \(changes)"
      }
    }
  }

  /// Where `part` of `revision` of `history` lives, from the repository
  /// root.
  public static func path(
    of part: Part, revision: Int, in history: History = .securitySystem
  ) -> String {
    "\(history.folder(of: revision))/\(part.fileName(in: history))"
  }

  /// Measures every change of `history` in every part.
  ///
  /// - Throws: `Failure.missingSource` naming the first file it cannot read.
  public static func measure(
    _ history: History = .securitySystem, repositoryRoot: URL, counting lines: Lines = .code
  ) throws(Failure) -> [Change] {
    var reader = Reader(root: repositoryRoot, lines: lines, history: history)
    var changes: [Change] = []
    for (index, request) in history.requests.enumerated() {
      let from = index + 1
      var costs: [Part: EditCost] = [:]
      for part in Part.all(in: history) {
        costs[part] = EditCost(try reader.diff(of: part, from: from))
      }
      changes.append(Change(from: from, request: request, costs: costs))
    }
    return changes
  }

  /// The table of lesson 6: changes down, styles across, then the shared
  /// vocabulary and the files each style touched.
  ///
  /// - Throws: `Failure.missingSource` naming the first file it cannot read.
  public static func table(
    _ history: History = .securitySystem, repositoryRoot: URL, counting lines: Lines = .code
  ) throws(Failure) -> String {
    render(
      try measure(history, repositoryRoot: repositoryRoot, counting: lines), of: history,
      counting: lines)
  }

  /// What changed in `part` from revision `from` to the next, place by
  /// place, as the table counts it: removed lines with their line numbers in
  /// the old file, added ones with theirs in the new file.
  ///
  /// - Throws: `Failure.noSuchChange` for a revision no change starts from,
  ///   `Failure.missingSource` for a file it cannot read.
  public static func diff(
    of part: Part, from revision: Int, in history: History = .securitySystem,
    repositoryRoot: URL, counting lines: Lines = .code
  ) throws(Failure) -> String {
    // The range, not `revision - 1`, which overflows for `Int.min`.
    guard (1...history.requests.count).contains(revision) else {
      throw .noSuchChange(from: revision, changes: history.requests.count)
    }
    var reader = Reader(root: repositoryRoot, lines: lines, history: history)
    let old = try reader.lines(of: part, revision: revision)
    let new = try reader.lines(of: part, revision: revision + 1)
    let diff = LineDiff(from: old.map(\.key), to: new.map(\.key))
    let request = history.requests[revision - 1]
    var text = [
      "\(part), revision \(revision) → \(revision + 1) (\(request)): \(EditCost(diff))",
      "--- \(path(of: part, revision: revision, in: history))",
      "+++ \(path(of: part, revision: revision + 1, in: history))",
    ]
    let width = String(max(old.last?.number ?? 0, new.last?.number ?? 0)).count
    for (number, place) in zip(1..., diff.places) {
      text.append("@@ place \(number) of \(diff.places.count)")
      for edit in diff.edits[place] {
        switch edit {
        case .delete(let line):
          text.append("-\(padded(old[line].number, width)): \(old[line].text)")
        case .insert(let line):
          text.append("+\(padded(new[line].number, width)): \(new[line].text)")
        case .keep:
          break
        }
      }
    }
    return text.joined(separator: "\n")
  }

  /// `number`, right-aligned in `width` characters.
  private static func padded(_ number: Int, _ width: Int) -> String {
    let digits = String(number)
    return String(repeating: " ", count: max(0, width - digits.count)) + digits
  }
}

extension ChangeCost {
  /// Reads the revisions' files once each and diffs them.
  struct Reader {
    /// The repository root.
    let root: URL
    /// Which lines count.
    let lines: Lines
    /// The machine whose revisions are read.
    let history: History
    /// The files read so far, by path from the root.
    private var cache: [String: [SourceLine]] = [:]

    init(root: URL, lines: Lines, history: History) {
      self.root = root
      self.lines = lines
      self.history = history
    }

    /// The counted lines of `part` in `revision`.
    mutating func lines(of part: Part, revision: Int) throws(Failure) -> [SourceLine] {
      let path = ChangeCost.path(of: part, revision: revision, in: history)
      if let cached = cache[path] { return cached }
      let url = root.appendingPathComponent(path)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        throw .missingSource(path: path, root: root.path)
      }
      let counted = ChangeCost.sourceLines(of: text, counting: lines)
      cache[path] = counted
      return counted
    }

    /// The diff of `part` from revision `from` to the next.
    mutating func diff(of part: Part, from: Int) throws(Failure) -> LineDiff {
      let old = try lines(of: part, revision: from)
      let new = try lines(of: part, revision: from + 1)
      return LineDiff(from: old.map(\.key), to: new.map(\.key))
    }
  }
}
