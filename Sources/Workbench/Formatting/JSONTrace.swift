import Diagrams
import StateMachines

/// Writes trace steps as the JSON lines of `fsm run --json`.
///
/// The lines are written by hand rather than with an encoder because the
/// contract fixes the key order and the spacing (`"from": "armed"`), which
/// makes the output easy to read and to compare with `diff`.
enum JSONTrace {
  /// One step as one JSON object: event, from, to, fired, outputs, then
  /// `via` when the step passed through a transient state and `error` when
  /// the event was rejected.
  static func line<State, Event, Output>(
    _ step: TraceStep<State, Event, Output>,
    handled: CodeMarks? = nil
  ) -> String
  where
    State: CustomStringConvertible, Event: CustomStringConvertible,
    Output: CustomStringConvertible
  {
    var members = [
      ("event", string(step.event.description)),
      ("from", string(step.from.description)),
      ("to", string(step.to.description)),
      ("fired", step.fired ? "true" : "false"),
      // Closures, not key paths, which are instantiated on every call.
      ("outputs", array(step.outputs.map { $0.description })),
    ]
    if !step.via.isEmpty { members.append(("via", array(step.via.map { $0.description }))) }
    if let error = step.error { members.append(("error", string(error))) }
    if let handled { members.append(("handled", HandledLines.json(handled))) }
    let body = members.map { key, value in "\(string(key)): \(value)" }
    return "{" + body.joined(separator: ", ") + "}"
  }

  /// A JSON array of strings.
  static func array(_ elements: [String]) -> String {
    "[" + elements.map(string).joined(separator: ", ") + "]"
  }

  /// A JSON string literal, escaped: event data and messages are user text
  /// (`send:he said "hi"`).
  ///
  /// Every character that `mustBeEscaped` is written as `\u` escapes: the C1
  /// controls and the invisible format characters (`\u202E`) are valid raw
  /// in JSON, but a terminal or an editor showing the line obeys them.
  static func string(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case _ where scalar.mustBeEscaped: literal += escape(scalar)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// `scalar` as JSON's `\u` escape; beyond U+FFFF, as its two UTF-16
  /// halves, as JSON writes them.
  static func escape(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { unit in
      let hex = String(unit, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }.joined()
  }
}
