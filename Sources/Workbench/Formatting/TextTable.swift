/// A table of text with aligned columns, for every table the workbench
/// prints.
struct TextTable {
  /// How the columns are set apart.
  enum Layout {
    /// Columns two spaces apart and a rule of dashes under the header; the
    /// first column to the left, the others to the right, as numbers read
    /// best.
    case plain
    /// A Markdown table, every cell to the left, whose columns line up in a
    /// terminal too.
    case markdown
  }

  /// The column titles.
  var header: [String]

  /// The rows, each with as many cells as the header.
  var rows: [[String]] = []

  /// How the columns are set apart.
  var layout = Layout.plain

  /// The table as lines of text, with a rule under the header.
  func render() -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }

    /// One row, padded to the column widths.
    func line(_ cells: [String]) -> String {
      let padded = widths.indices.map { column in
        let cell = cells.indices.contains(column) ? cells[column] : ""
        return column == 0 || layout == .markdown
          ? cell.padded(to: widths[column])
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }
      return switch layout {
      case .plain: padded.joined(separator: "  ").trimmingTrailingSpaces
      case .markdown: "| " + padded.joined(separator: " | ") + " |"
      }
    }

    let rule =
      switch layout {
      case .plain: widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
      case .markdown:
        "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
      }
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
