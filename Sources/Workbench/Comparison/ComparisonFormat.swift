/// What `fsm compare` writes: the report to read, or the results for a
/// program, a spreadsheet or a page.
public enum ComparisonFormat: String, CaseIterable, Sendable {
  /// The report: matrices, targets, checks and code size.
  case text
  /// One JSON document with everything, the one committed as
  /// `docs/benchmarks/results.json`.
  case json
  /// One row per cell, for a spreadsheet.
  case csv
  /// A chart: the bars of the costs, or the cost model's (`ComparisonChart`).
  case svg
}
