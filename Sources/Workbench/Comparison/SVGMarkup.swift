import Diagrams
import Foundation

/// Writes SVG elements as text. Hand-written: no chart or SVG library is in
/// the package mirror, and a chart of rectangles, lines and text needs only
/// elements, attributes and escaping.
enum SVGMarkup {
  /// An element with `attributes` in the order given (so that the same
  /// chart is always the same bytes) and `content`, already markup; an
  /// empty element when `content` is `nil`.
  static func element(
    _ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil
  ) -> String {
    let written = attributes.map { " \($0.key)=\"\(escaped($0.value))\"" }.joined()
    guard let content else { return "<\(name)\(written)/>" }
    return "<\(name)\(written)>\(content)</\(name)>"
  }

  /// A text element with `text` escaped.
  static func text(_ text: String, _ attributes: KeyValuePairs<String, String>) -> String {
    element("text", attributes, content: escaped(text))
  }

  /// `text` with the five characters that XML gives a meaning escaped, and
  /// the control characters XML 1.0 cannot hold at all made visible, as are
  /// the other characters that `mustBeEscaped` (a right-to-left override).
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      case "\t", "\n", "\r": escaped += " "
      case _ where scalar.mustBeEscaped || (0xFFFE...0xFFFF).contains(scalar.value):
        escaped += "\u{FFFD}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A coordinate with one digit after the point: enough for a screen, and
  /// the same text on every machine.
  static func number(_ value: Double) -> String {
    String(format: "%.1f", value)
  }
}
