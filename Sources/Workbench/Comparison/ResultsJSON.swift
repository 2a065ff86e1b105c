import Diagrams
import Foundation

/// The JSON document of a comparison: Foundation's coder with sorted keys
/// and pretty printing, so that the same results always give the same
/// bytes, and a committed file changes only where the numbers do.
enum ResultsJSON {
  /// The document for `results`, ending with a newline.
  ///
  /// Every character that `mustBeEscaped` is a `\u` escape, as in
  /// `fsm run --json`: the coder escapes the controls below space (ESC)
  /// but writes the others (DEL, a right-to-left override) raw, which a
  /// terminal showing the document obeys. Those are never JSON's own
  /// syntax, so only inside a string, where the escape reads back as the
  /// character; the controls below space left are the pretty printing's
  /// line breaks.
  static func encode(_ results: ComparisonResults) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every number in the results is finite (the readers refuse the rest),
    // so encoding cannot fail; nothing is written if it ever did.
    guard let data = try? encoder.encode(results) else { return "" }
    let text = String(decoding: data, as: UTF8.self)
    guard text.unicodeScalars.contains(where: \.isRawInvisible) else { return text + "\n" }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar.isRawInvisible {
        escaped += JSONTrace.escape(scalar)
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\n"
  }

  /// Reads a document that `encode` wrote.
  ///
  /// - Throws: `ComparisonError.malformedResults` naming the key at fault,
  ///   for text that is not JSON, a key that is missing or of the wrong
  ///   type, or a number that no run can measure.
  static func decode(_ text: String, path: String) throws(ComparisonError) -> ComparisonResults {
    let results: ComparisonResults
    do {
      results = try JSONDecoder().decode(ComparisonResults.self, from: Data(text.utf8))
    } catch let error as DecodingError {
      throw .malformedResults(path: path, reason: reason(for: error))
    } catch {
      throw .malformedResults(path: path, reason: "it is not valid JSON")
    }
    if let problem = ResultsCheck.problem(in: results) {
      throw .malformedResults(path: path, reason: problem)
    }
    return results
  }

  /// What is wrong with the document, naming the key, as in
  /// `'cells[2].nsPerEvent' is missing`.
  private static func reason(for error: DecodingError) -> String {
    let document = "not a results document of fsm compare --format json"
    switch error {
    case .keyNotFound(let key, let context):
      return "it is \(document): '\(name(context.codingPath + [key]))' is missing"
    case .typeMismatch(let type, let context):
      return "it is \(document): '\(name(context.codingPath))' is not \(typeName(type))"
    case .valueNotFound(_, let context):
      return "it is \(document): '\(name(context.codingPath))' is null"
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      // A value of a known set (a cell's configuration) names the set.
      let valid =
        context.debugDescription.hasPrefix("valid: ") ? "; " + context.debugDescription : ""
      return "it is \(document): '\(name(context.codingPath))' has a value it cannot have\(valid)"
    default:
      return "it is not valid JSON"
    }
  }

  /// A coding path as a reader finds the key: `cells[2].nsPerEvent`.
  private static func name(_ path: [any CodingKey]) -> String {
    var name = ""
    for key in path {
      if let index = key.intValue {
        name += "[\(index)]"
      } else {
        name += (name.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return name.isEmpty ? "the document" : name
  }

  /// What a value of `type` is, in words.
  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: "a number"
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is [Any].Type: "a list"
    default: "an object"
    }
  }
}

extension Unicode.Scalar {
  /// Whether the scalar must be escaped and the coder leaves it raw: DEL
  /// or one beyond ASCII.
  fileprivate var isRawInvisible: Bool { value >= 0x7F && mustBeEscaped }
}
