// How `swift run exercises N.M --hint` prints a hint. It lives with the
// checks, not in main.swift, so that the lessons' tests, which compile this
// folder into programs of their own, can run it.

/// The most characters of a hint's line of text: `--hint` prints each line
/// after six spaces, so that a line fits a terminal 80 columns wide.
let hintWidth = 72

/// A hint, which is the Markdown of its lesson, as a terminal shows it.
///
/// The lesson wraps its Markdown where its editor did, and Markdown joins a
/// paragraph's lines into one when it is rendered; a terminal shows the
/// lines as they are. So each paragraph (and each item of a list) is joined,
/// then wrapped again at `width`: every line but a paragraph's last is as
/// full as the next word allows. The fences of a code block are left out and
/// its lines indented by four spaces instead, unwrapped; a table row, a
/// heading or a quote is kept as it is. Backticks and emphasis read well as
/// they are, so that is all the rendering a hint needs.
func terminalLines(ofHint hint: String, width: Int = hintWidth) -> [String] {
  var lines: [String] = []
  var words: [Substring] = []
  var prefix = ""
  var hanging = ""

  /// Wraps the paragraph gathered so far, if any.
  func flush() {
    guard !words.isEmpty else { return }
    var line = prefix
    var lineHasWords = false
    for word in words {
      if !lineHasWords {
        line += word
        lineHasWords = true
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = hanging + word
      }
    }
    lines.append(line)
    words = []
    prefix = ""
    hanging = ""
  }

  var inCode = false
  for line in hint.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.drop { $0 == " " }
    if trimmed.hasPrefix("```") {
      flush()
      inCode.toggle()
    } else if inCode {
      lines.append("    " + line)
    } else if trimmed.isEmpty {
      flush()
      lines.append("")
    } else if trimmed.hasPrefix("|") || trimmed.hasPrefix("#") || trimmed.hasPrefix(">") {
      flush()
      lines.append(String(line))
    } else if let marker = listMarker(of: trimmed) {
      flush()
      prefix = marker
      hanging = String(repeating: " ", count: marker.count)
      words = trimmed.dropFirst(marker.count).split(separator: " ")
    } else {
      words += trimmed.split(separator: " ")
    }
  }
  flush()
  return lines
}

/// The marker that starts a list item, with the space after it (`- `,
/// `* `, `2. `), or `nil` when `line` starts no item.
private func listMarker(of line: Substring) -> String? {
  if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") {
    return String(line.prefix(2))
  }
  let digits = line.prefix { $0.isNumber }
  guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
  return String(digits) + ". "
}
