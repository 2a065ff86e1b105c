/// A JSON document the class view's API answers with, written by hand.
///
/// Foundation's `JSONEncoder` would do for the envelopes, but the steps must
/// be the exact lines of `fsm run --json` (`JSONTrace`, whose key order and
/// spacing the contract fixes), embedded unchanged; a value that can hold
/// such a line verbatim is simpler than decoding it back into a `Codable`.
enum JSONValue {
  case string(String)
  case number(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  /// Members in the order written, so that a response reads like the trace.
  case object([(String, JSONValue)])
  /// JSON text already written, as a trace line of `JSONTrace`.
  case raw(String)

  /// The document as compact JSON text.
  var text: String {
    switch self {
    case .string(let string): JSONTrace.string(string)
    case .number(let number): String(number)
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    case .array(let elements): "[" + elements.map(\.text).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.map { "\(JSONTrace.string($0.0)): \($0.1.text)" }.joined(separator: ", ")
        + "}"
    case .raw(let text): text
    }
  }

  /// The object with `member` added at the end; any other value unchanged.
  func appending(_ key: String, _ value: JSONValue) -> JSONValue {
    guard case .object(let members) = self else { return self }
    return .object(members + [(key, value)])
  }

  /// An array of strings.
  static func strings(_ strings: [String]) -> JSONValue { .array(strings.map(JSONValue.string)) }
}
