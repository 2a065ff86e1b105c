import Foundation

@testable import Workbench

/// The hand-made results files the tests of `compare` read, found from this
/// file's own path so that the tests need no bundled resources.
enum ComparisonFixtures {
  /// The folder of the fixtures.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Comparison").path

  /// One run in the shape package-benchmark exports, every percentile of a
  /// few benchmarks of two machines, with the run script's metadata.
  static let sample = folder + "/sample.influx.csv"

  /// Three runs of the turnstile's typical stream, every contender, with a
  /// linearity check and the scale benchmarks: only medians.
  static let runs = (1...3).map { folder + "/runs/run-\($0).influx.csv" }

  /// A hand-made JSON document in the shape `--format json` writes, as if
  /// committed: some cells agree with `runs`, one does not, some are
  /// missing on either side.
  static let committed = folder + "/committed.json"

  /// A JSON document cut short.
  static let malformed = folder + "/malformed.json"

  /// The fixture machine sources the code size is measured in.
  static let sourcesRoot = folder + "/Sources"

  /// The text of the fixture at `path`.
  static func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  /// The three runs combined.
  static func combined() throws -> ComparisonResults {
    try ResultsFiles.read(runs).results
  }

  /// The cell of the turnstile's typical stream for `contender` in `results`.
  static func cell(_ contender: String, in results: ComparisonResults) -> CostCell? {
    results.cellsByKey[CostCell.Key(machine: "turnstile", stream: "typical", contender: contender)]
  }
}
