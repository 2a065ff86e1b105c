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

  /// The widest a line may be, in characters, or `nil` for no limit.
  ///
  /// A wider table is cut into blocks of columns, stacked one under the
  /// other with a blank line between them: each block is a table of its own
  /// that starts with the first column again, and takes the next columns,
  /// in order, as long as they fit. A column too wide to fit beside the
  /// first still gets a block, alone with it.
  var maximumWidth: Int?

  /// The table as lines of text, with a rule under the header; as blocks of
  /// columns stacked one under the other if it is wider than
  /// `maximumWidth`.
  func render() -> String {
    // Cells escaped before they are measured, so that a cell of text read
    // from a file (a name with an ESC in it) keeps its column.
    var escaped = self
    escaped.header = header.map(\.printable)
    escaped.rows = rows.map { $0.map(\.printable) }
    return escaped.laidOut()
  }

  /// The table as `render` gives it, its cells as they are.
  private func laidOut() -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    return blocks(widths).map { table(of: $0, widths: widths) }.joined(separator: "\n\n")
  }

  /// The columns of each block: all of them in one if the table fits, or
  /// is not limited.
  private func blocks(_ widths: [Int]) -> [[Int]] {
    guard let maximumWidth, widths.count > 2 else { return [Array(widths.indices)] }
    var blocks: [[Int]] = []
    var block = [0]
    for column in widths.indices.dropFirst() {
      if block.count > 1 && width(of: block + [column], widths) > maximumWidth {
        blocks.append(block)
        block = [0]
      }
      block.append(column)
    }
    return blocks + [block]
  }

  /// How wide the lines of a table of `columns` are.
  private func width(of columns: [Int], _ widths: [Int]) -> Int {
    let cells = columns.map { widths[$0] }.reduce(0, +)
    return switch layout {
    case .plain: cells + 2 * (columns.count - 1)
    case .markdown: cells + 3 * (columns.count - 1) + 4
    }
  }

  /// A table of the `columns` of the header and rows, `widths` wide.
  private func table(of columns: [Int], widths: [Int]) -> String {
    /// One row, padded to the column widths.
    func line(_ cells: [String]) -> String {
      let padded = columns.map { column in
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
      case .plain:
        columns.map { String(repeating: "-", count: widths[$0]) }.joined(separator: "  ")
      case .markdown:
        "|" + columns.map { String(repeating: "-", count: widths[$0] + 2) }.joined(separator: "|")
          + "|"
      }
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
