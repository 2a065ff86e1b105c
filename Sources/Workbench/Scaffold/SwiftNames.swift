/// The names `fsm new` gives Swift declarations, and the names it refuses.
enum SwiftNames {
  /// Swift's keywords that cannot name a case or a method (`open`, `get`
  /// and other words that are keywords only in some places can).
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
    "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
    "in", "repeat", "return", "throw", "switch", "where", "while", "as", "Any", "false", "is",
    "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
  ]

  /// Names the generated code already uses beside the machine's own: a
  /// state, event or output with one of them would be mistaken for it.
  static let taken: Set<String> = [
    "state", "current", "id", "summary", "description", "handle", "step", "run", "outputs",
    "make", "entry", "exit", "transition", "table", "kind", "argument", "name", "data", "wait",
    "signatures", "sampleEvents", "workedExamples", "implementations", "emit", "event", "next",
    "effect", "stateObject", "sharedStateObjects", "ignore", "stay", "go", "type", "any",
  ]

  /// Whether `name` is a plain Swift identifier that starts with a lowercase
  /// ASCII letter and goes on with ASCII letters and digits.
  static func isLowerIdentifier(_ name: some StringProtocol) -> Bool {
    guard let first = name.first, first.isASCII, first.isLowercase else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }

  /// Whether `id` is a valid public id of a machine: lowercase words of
  /// letters and digits joined by single dashes, starting with a letter.
  static func isMachineID(_ id: String) -> Bool {
    let words = id.split(separator: "-", omittingEmptySubsequences: false)
    return !words.isEmpty
      && words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
      } && id.first?.isLetter == true
  }

  /// `garage-door` as `GarageDoor`; `closed` as `Closed`.
  static func upperCamel(_ text: String) -> String {
    text.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// `code matches` as `codeMatches`.
  static func lowerCamel(words text: String) -> String {
    let words = text.split(separator: " ")
    guard let first = words.first else { return "" }
    return first.prefix(1).lowercased() + first.dropFirst()
      + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// Whether `words` can name a guard: words of ASCII letters and digits,
  /// the first starting with a letter.
  static func isGuardLabel(_ words: String) -> Bool {
    let parts = words.split(separator: " ")
    guard let first = parts.first, first.first?.isLetter == true else { return false }
    return parts.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
  }
}
