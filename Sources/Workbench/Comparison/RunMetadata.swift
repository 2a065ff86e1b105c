import Foundation

/// What the run script knows about a run and package-benchmark does not
/// write: comment lines it appends to the influx export, one `# key: value`
/// each (`# cpu: AMD EPYC 7B13`).
struct RunMetadata: Hashable, Sendable {
  /// How long the whole suite took, in seconds.
  var suiteSeconds: Double?

  /// How long the release build took before the suite ran, in seconds:
  /// package-benchmark and the suite built from nothing, the first time.
  var buildSeconds: Double?

  /// The processor's model name.
  var cpu: String?

  /// The first line of `swift --version`.
  var swift: String?

  /// The operating system's pretty name.
  var os: String?

  /// The command that produced the run.
  var command: String?

  /// The keys read so far, so that a key given twice is refused rather
  /// than one value silently lost.
  private var given: Set<String> = []

  /// The keys a metadata line may have, in the order the run script writes
  /// them.
  static let keys = ["build-seconds", "suite-seconds", "cpu", "swift", "os", "command"]

  /// Whether `line` is one of package-benchmark's own annotations, such as
  /// `#datatype tag,...`: a `#` and a word, with no space between. A word
  /// that ends with a colon (`#cpu: ...`) is metadata without its space.
  static func isAnnotation(_ line: Substring) -> Bool {
    let word = line.dropFirst().prefix { !$0.isWhitespace && $0 != "," }
    return word.first?.isLetter == true && word.last != ":"
  }

  /// Reads one `# key: value` line into the metadata.
  ///
  /// - Parameter number: The line's number in the file, for the messages.
  /// - Throws: `ComparisonError.malformedResults` naming the line and the
  ///   valid keys, for a line of any other shape, an unknown or repeated
  ///   key, an empty value, or seconds that are not a number.
  mutating func read(_ line: Substring, number: Int, path: String) throws(ComparisonError) {
    /// The error for this line.
    func malformed(_ reason: String) -> ComparisonError {
      .malformedResults(path: path, reason: "line \(number) \(reason)")
    }
    let body = line.dropFirst().drop(while: \.isWhitespace)
    guard let colon = body.firstIndex(of: ":") else {
      throw malformed(
        "is a comment, not a metadata line '# key: value' with a key from "
          + Self.keys.joinedAsChoices)
    }
    let key = body[..<colon].trimmingCharacters(in: .whitespaces)
    let value = String(body[body.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
    guard Self.keys.contains(key) else {
      throw malformed("has the key '\(key.printable)'; valid keys: \(Self.keys.joinedAsChoices)")
    }
    guard !value.isEmpty else { throw malformed("gives no value for '\(key)'") }
    guard !given.contains(key) else { throw malformed("gives '\(key)' a second time") }
    given.insert(key)
    switch key {
    case "suite-seconds", "build-seconds":
      guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
        throw malformed(
          "gives \(key) '\(value.printable)', not a number of seconds from 0 to 1.8e308")
      }
      if key == "suite-seconds" { suiteSeconds = seconds } else { buildSeconds = seconds }
    case "cpu": cpu = value
    case "swift": swift = value
    case "os": os = value
    default: command = value
    }
  }
}
