/// Finds the messages of exercise checks that interpolate what the check
/// compares against. The checks name those values `expected...`,
/// `wanted...` or `reference...` (ExerciseCheck.swift says so); a message
/// may show the student's answer and the exercise's input, never them, or
/// the check would print the answer.
enum AnswerLeaks {
  /// The prefixes of the names a message must not interpolate.
  static let referenceNames = ["expected", "wanted", "reference"]

  /// `path:line: ...` for every interpolation in `text` whose expression
  /// mentions a reference name.
  static func find(in text: String, path: String) -> [String] {
    var leaks: [String] = []
    for (number, line) in zip(1..., text.split(separator: "\n", omittingEmptySubsequences: false)) {
      for expression in interpolations(in: Substring(line))
      where identifiers(in: expression).contains(where: isReferenceName) {
        leaks.append("\(path):\(number): \\(\(expression))")
      }
    }
    return leaks
  }

  /// The expressions of the `\( ... )` interpolations on one line.
  static func interpolations(in line: Substring) -> [Substring] {
    var found: [Substring] = []
    var rest = line[...]
    while let start = rest.range(of: "\\(") {
      var depth = 1
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" { depth -= 1 }
        if depth > 0 { index = rest.index(after: index) }
      }
      found.append(rest[start.upperBound..<index])
      rest = index < rest.endIndex ? rest[rest.index(after: index)...] : rest[rest.endIndex...]
    }
    return found
  }

  /// The words of an expression that could be names.
  private static func identifiers(in expression: Substring) -> [Substring] {
    expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// Whether `name` is one a check gives what it compares against.
  private static func isReferenceName(_ name: Substring) -> Bool {
    referenceNames.contains { name.hasPrefix($0) }
  }
}
