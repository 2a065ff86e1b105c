/// The size of one file of code, the static cost the comparison prints: how
/// much there is to read.
///
/// The counts are lexical, so that they are simple to state and to check:
/// - `lines`: lines with code on them, after comments are removed (a line
///   with only a comment or only whitespace does not count);
/// - `types`: declarations of a `struct`, `enum`, `class`, `actor` or
///   `protocol` (extensions and type aliases are not new types);
/// - `switches`: `switch` statements and expressions.
///
/// Keywords are only counted in code, never in comments or strings, and not
/// when they are used as names (`.enum`, `` `enum` ``).
public struct CodeSize: Hashable, Sendable {
  /// Lines with code on them.
  public var lines: Int

  /// Types declared.
  public var types: Int

  /// `switch` statements and expressions.
  public var switches: Int

  /// Creates a size from its counts.
  public init(lines: Int, types: Int, switches: Int) {
    self.lines = lines
    self.types = types
    self.switches = switches
  }

  /// Measures the Swift source `source`.
  public init(source: String) {
    let code = SourceLexer(source).lines.map(\.code).filter { !$0.allSatisfy(\.isWhitespace) }
    let words = code.flatMap(Self.words(in:))
    lines = code.count
    types =
      zip(words, words.dropFirst()).filter { word, next in
        Self.typeKeywords.contains(word) && !Self.memberKeywords.contains(next)
      }.count
    switches = words.filter { $0 == "switch" }.count
  }

  /// The keywords that declare a new type.
  private static let typeKeywords: Set<Substring> = [
    "struct", "enum", "class", "actor", "protocol",
  ]

  /// What follows `class` when it declares a member rather than a type.
  private static let memberKeywords: Set<Substring> = [
    "func", "var", "let", "subscript", "init", "deinit",
  ]

  /// The identifiers and keywords of a line of code, leaving out any that
  /// follow a `.` or a backtick: those are names, not keywords.
  private static func words(in line: String) -> [Substring] {
    var words: [Substring] = []
    var rest = line[...]
    var previous: Character?
    while let first = rest.first {
      guard first.isWordCharacter else {
        if !first.isWhitespace { previous = first }
        rest = rest.dropFirst()
        continue
      }
      let word = rest.prefix(while: \.isWordCharacter)
      if previous != "." && previous != "`" { words.append(word) }
      previous = word.last
      rest = rest[word.endIndex...]
    }
    return words
  }
}

extension Character {
  /// Whether the character can be part of an identifier.
  fileprivate var isWordCharacter: Bool { isLetter || isNumber || self == "_" }
}
