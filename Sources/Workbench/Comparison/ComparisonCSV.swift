import CSV
import Foundation

/// The results as CSV, for a spreadsheet: the label as `# key: value`
/// comment lines (the convention of the run files), then one header line
/// and one row per cell, written by CSV.swift, which quotes what needs it.
enum ComparisonCSV {
  /// The header line's columns: those of a cell, then its configuration,
  /// its instructions per event, and the module boundary's share of its
  /// time and of its instructions (1 - own code / package; the same on the
  /// package's row and the own code's, empty where one is missing); then
  /// what the simulators counted per event and the time the cost model
  /// predicts (empty where not simulated).
  static let header = [
    "machine", "stream", "contender", "ns_per_event", "ns_min", "ns_max", "ratio_to_enum",
    "mallocs_per_event", "configuration", "instructions_per_event", "boundary_time_share",
    "boundary_instruction_share", "branches_per_event", "mispredictions_per_event",
    "indirect_mispredictions_per_event", "cache_misses_per_event", "predicted_ns_per_event",
  ]

  /// The whole file, ending with a newline; the predictions are those of
  /// `models`, by default fitted to `results`.
  static func render(_ results: ComparisonResults, models: [CostModel]? = nil) -> String {
    let comments = labelLines(results).map { "# " + $0.printable + "\n" }.joined()
    var shares: [CostCell.Key: BoundaryShare] = [:]
    for share in results.boundary {
      let key = CostCell.Key(
        machine: share.machine, stream: share.stream, contender: share.contender)
      shares[key] = share
    }
    var predicted: [CostCell.Key: Double] = [:]
    for prediction in (models ?? CostModel.fit(results)).flatMap(\.predictions) {
      predicted[prediction.cell.key] = prediction.predicted
    }
    let rows =
      [header]
      + results.cells.map { cell in
        var package = cell.key
        package.configuration = .package
        // CSV has no escapes of its own, and the file is printed as often
        // as it is opened: the names read from a file are made printable
        // as the comments are.
        return row(of: cell, share: shares[package], predicted: predicted[cell.key])
          .map(\.printable)
      }
    // Writing to memory fails only when memory runs out; then the cells
    // are left out rather than half written.
    return comments + (csv(rows).map { $0 + "\n" } ?? "")
  }

  /// `rows` as CSV lines, without a newline after the last.
  private static func csv(_ rows: [[String]]) -> String? {
    let stream = OutputStream(toMemory: ())
    stream.open()
    defer { stream.close() }
    do {
      let writer = try CSVWriter(stream: stream)
      for row in rows { try writer.write(row: row) }
    } catch {
      return nil
    }
    return (stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// The label, one `key: value` a line, after the headline.
  private static func labelLines(_ results: ComparisonResults) -> [String] {
    let label = results.label
    let fields: [(String, String?)] = [
      ("source", label.kind.rawValue), ("path", label.path), ("date", label.date),
      ("host", label.host), ("cpu", label.cpu), ("architecture", label.architecture),
      ("processors", label.processors), ("memory", label.memory), ("os", label.os),
      ("swift", label.swift), ("runs", String(label.runs.count)),
      ("suite-seconds", list(label.runs.map { $0.suiteSeconds.map { "\($0)" } })),
      ("build-seconds", list(label.runs.map { $0.buildSeconds.map { "\($0)" } })),
      ("command", list(label.runs.map(\.command))), ("noise-band", "\(NoiseBand.relative)"),
      ("instructions", label.instructions),
    ]
    return [label.headline] + fields.compactMap { key, value in value.map { "\(key): \($0)" } }
  }

  /// The values of each run, `-` for a run without one; `nil` when no run
  /// has one.
  private static func list(_ values: [String?]) -> String? {
    values.contains { $0 != nil } ? values.map { $0 ?? "-" }.joined(separator: "; ") : nil
  }

  /// One cell's fields, numbers in full precision, with the boundary's
  /// `share` of its contender if it was measured both ways, and the time
  /// the cost model `predicted` for it.
  private static func row(of cell: CostCell, share: BoundaryShare?, predicted: Double?)
    -> [String]
  {
    /// A number, or nothing.
    func field(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
    return [
      cell.machine, cell.stream, cell.contender, "\(cell.nsPerEvent)", "\(cell.nsMin)",
      "\(cell.nsMax)", field(cell.ratioToEnum), "\(cell.mallocsPerEvent)",
      cell.configuration.rawValue, field(cell.instructionsPerEvent), field(share?.timeShare),
      field(share?.instructionShare), field(cell.branchesPerEvent),
      field(cell.mispredictionsPerEvent), field(cell.indirectMispredictionsPerEvent),
      field(cell.cacheMissesPerEvent), field(predicted),
    ]
  }
}
