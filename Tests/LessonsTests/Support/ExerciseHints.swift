/// The folded hints of a lesson's exercises, by exercise id, read by the
/// rules of `scripts/update-exercise-hints`, which copies them for
/// `swift run exercises N.M --hint`: in the section of
/// `### Exercise N.M: ...`, the Markdown between
/// `<details><summary>Hint</summary>` and `</details>`, without the blank
/// line that must follow the first and precede the second.
struct ExerciseHints {
  /// Each exercise's hint, by id (`8.2`).
  var hints: [String: String] = [:]
  /// Exercises whose hint is missing, doubled or malformed.
  var problems: [String] = []

  init(of lesson: Lesson, number: Int) {
    let lines = lesson.lines
    let starts = lines.indices.filter { lines[$0].hasPrefix("### Exercise \(number).") }
    for start in starts {
      let id = String(
        lines[start].dropFirst("### Exercise ".count).prefix { $0.isNumber || $0 == "." })
      let end =
        lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") || $0.hasPrefix("### ") }
        ?? lines.count
      let opens = (start..<end).filter { lines[$0] == "<details><summary>Hint</summary>" }
      let place = "\(lesson.path):\(start + 1): exercise \(id)"
      guard opens.count == 1, let open = opens.first else {
        problems.append(
          "\(place) has \(opens.count) hints; it needs exactly one, folded away under "
            + "`<details><summary>Hint</summary>`")
        continue
      }
      guard let close = (open..<end).first(where: { lines[$0] == "</details>" }) else {
        problems.append("\(place): its hint has no `</details>`")
        continue
      }
      guard close - open >= 4, lines[open + 1].isEmpty, lines[close - 1].isEmpty else {
        problems.append(
          "\(place): its hint needs a blank line after <summary> and before </details> (without "
            + "them GitHub and the class view show the Markdown raw), and text between them")
        continue
      }
      hints[id] = lines[(open + 2)..<(close - 1)].joined(separator: "\n")
    }
  }
}
