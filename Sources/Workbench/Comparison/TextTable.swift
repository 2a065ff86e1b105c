/// A plain-text table with aligned columns: the first column to the left,
/// the others to the right, as numbers read best.
struct TextTable {
  /// The column titles.
  var header: [String]

  /// The rows, each with as many cells as the header.
  var rows: [[String]] = []

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
        // Numbers read best aligned to the right.
        return column == 0
          ? cell.padded(to: widths[column])
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }
      return padded.joined(separator: "  ").trimmingTrailingSpaces
    }

    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}
