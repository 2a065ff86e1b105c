import Foundation

/// Reading the cost tables of `fsm compare`'s text report in tests.
enum ReportTables {
  /// The figures of `contender`'s row in the table titled `title` (as
  /// `turnstile, typical`), each as printed and without the spaces that
  /// align it: `["1.40 ns", "0.23x", "0", "15 ins"]`; nil when there is no
  /// such table or row.
  static func row(_ contender: String, in title: String, of report: String) -> [String]? {
    let table = report.components(separatedBy: "\n\n").first {
      $0.hasPrefix(title + " ") || $0.hasPrefix(title + "\n")
    }
    guard let table else { return nil }
    // The title column is as wide as its longest entry: a row's label is
    // what comes before the first run of two spaces.
    let row = table.split(separator: "\n").dropFirst(2).first {
      $0.components(separatedBy: "  ").first == contender
    }
    return row.map(figures)
  }

  /// The cells of a line after its first, split where two or more spaces
  /// part them.
  static func figures(_ line: Substring) -> [String] {
    Array(
      line.components(separatedBy: "  ")
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .dropFirst())
  }
}
