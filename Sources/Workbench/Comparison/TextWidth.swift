/// How wide a line of the chart's text is drawn, so that the chart's layout
/// can keep its labels apart and wrap a line before it runs off the page.
///
/// Hand-written: the package mirror has no font or text-shaping library,
/// and the chart is drawn by its reader's browser with whatever font that
/// browser has. The chart asks for Helvetica or Arial, whose widths are the
/// same (Adobe's published Helvetica metrics; Liberation Sans, what Linux
/// draws for both, matches them), so those widths are the estimate, and a
/// character outside ASCII counts a whole em, at least as wide as any
/// common glyph.
enum TextWidth {
  /// Helvetica's advance widths of the printable ASCII characters, space
  /// (32) to tilde (126), in thousandths of an em.
  private static let helvetica: [Int] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // space to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0 to ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // @ to O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // P to _
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // ` to o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,  // p to ~
  ]

  /// How much wider bold is, at most, for the letters the chart writes
  /// (Helvetica Bold's `t` and `f` are 1.2 times the regular ones, most
  /// letters 1.1 times).
  private static let boldFactor = 1.12

  /// The width of `text` at `size` units per em.
  static func of(_ text: String, size: Double, bold: Bool = false) -> Double {
    let thousandths = text.unicodeScalars.reduce(0) { sum, scalar in
      (32...126).contains(scalar.value) ? sum + helvetica[Int(scalar.value) - 32] : sum + 1000
    }
    return Double(thousandths) / 1000 * size * (bold ? boldFactor : 1)
  }

  /// `text` broken into lines no wider than `width`, at spaces; a word
  /// wider than a whole line is broken where it must be, so that nothing
  /// runs past `width`.
  static func lines(_ text: String, width: Double, size: Double, bold: Bool = false) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ").flatMap({ pieces(String($0), width, size, bold) }) {
      let longer = line.isEmpty ? word : line + " " + word
      if of(longer, size: size, bold: bold) <= width || line.isEmpty {
        line = longer
      } else {
        lines.append(line)
        line = word
      }
    }
    return line.isEmpty ? lines : lines + [line]
  }

  /// `text` cut short with an ellipsis so that it fits in `width`; `text`
  /// itself when it fits. One pass, however long the text.
  static func truncated(_ text: String, width: Double, size: Double) -> String {
    guard of(text, size: size) > width else { return text }
    let room = width - of("\u{2026}", size: size)
    var (kept, used) = ("", 0.0)
    for character in text {
      let next = of(String(character), size: size)
      if used + next > room { break }
      kept.append(character)
      used += next
    }
    return kept + "\u{2026}"
  }

  /// `word` in pieces no wider than `width` (one piece when it fits).
  private static func pieces(_ word: String, _ width: Double, _ size: Double, _ bold: Bool)
    -> [String]
  {
    var pieces: [String] = []
    var piece = ""
    for character in word {
      if !piece.isEmpty, of(piece + String(character), size: size, bold: bold) > width {
        pieces.append(piece)
        piece = ""
      }
      piece.append(character)
    }
    return piece.isEmpty ? pieces : pieces + [piece]
  }
}
