import StateMachines

extension ChangeCost {
  /// Renders measured changes as the table of lesson 6: a Markdown table
  /// whose columns line up in a terminal too, then what the numbers count.
  /// No line is wider than `width`: the columns that do not fit beside the
  /// first ones make a second table under the first, the changes repeated.
  static func render(_ changes: [Change], of history: History, counting lines: Lines) -> String {
    let parts = Part.all(in: history)
    let header = ["change"] + parts.map(\.description) + ["files per style"]
    var rows = changes.map { change in
      ["\(change.from)→\(change.from + 1) \(change.request)"]
        + parts.map { cell(change.cost(of: $0)) } + [filesPerStyle(change, styles: history.styles)]
    }
    if let first = changes.first, let last = changes.last {
      let total = parts.map { part in
        cell(changes.reduce(EditCost()) { $0 + $1.cost(of: part) })
      }
      rows.append(["\(first.from)→\(last.from + 1) all changes"] + total + [""])
    }

    let counted =
      switch lines {
      case .code: "Lines of code, compared without indentation; blank, comment and import lines"
      case .codeAndComments:
        "Lines of code and comments, compared without indentation; blank and import lines"
      }
    let legend = [
      "",
      "\(counted) do not count.",
      "A place is a run of changed lines. Each style is one file, and every style also pays for",
      "the shared vocabulary (\(history.typeName).swift: states, events, outputs, description).",
    ]
    let table = TextTable(header: header, rows: rows, layout: .markdown, maximumWidth: width)
    return ([table.render()] + legend).joined(separator: "\n")
  }

  /// The widest line of the table: lessons show it in a terminal, an editor
  /// and on a projector, where no line of theirs is wider.
  static let width = 120

  /// A cell of the table, as in `+12 −3, 4 places` (shorter than
  /// `EditCost.description`, so that two tables hold the five styles), or
  /// `no change`.
  private static func cell(_ cost: EditCost) -> String {
    cost.text(placesAfter: ", ")
  }

  /// How many files each of `styles` touched for `change`: its own and the
  /// vocabulary, as `2`, or as `1–2` where the styles differ.
  private static func filesPerStyle(_ change: Change, styles: [Style]) -> String {
    let files = styles.map { change.total(for: $0).filesTouched }
    guard let fewest = files.min(), let most = files.max() else { return "" }
    return fewest == most ? "\(most)" : "\(fewest)–\(most)"
  }
}
