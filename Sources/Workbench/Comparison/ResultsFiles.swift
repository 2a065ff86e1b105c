import Foundation

/// Finds and reads the results a comparison shows: the files named with
/// `--results`, or else the first of the usual places that holds a file.
enum ResultsFiles {
  /// The local runs combined by the benchmark script, from the repository
  /// root.
  static let localCombined = "Benchmarks/Results/results.json"

  /// The latest raw run of package-benchmark, from the repository root.
  static let localRaw = "Benchmarks/Results/Current_run.influx.csv"

  /// The instruction counts the benchmark script makes beside its runs,
  /// from the repository root.
  static let localInstructions = "Benchmarks/Results/instructions.csv"

  /// The results committed with the workbench, from the repository root.
  static let committed = "docs/benchmarks/results.json"

  /// The files read without `--results`, the first that exists winning: a
  /// run of your own before the committed one.
  static let defaults = [localCombined, localRaw, committed]

  /// Results as read: the label names the file read; a JSON document's own
  /// label is kept beside it, for writing the document again unchanged.
  struct Loaded: Sendable {
    /// The results, labelled with the files they were read from.
    var results: ComparisonResults

    /// The label a JSON document was written with; `nil` for influx runs.
    var documentLabel: ResultsLabel?
  }

  /// The first of `defaults` that exists under `root`.
  ///
  /// - Throws: `ComparisonError.noDefaultResults` when none does.
  static func defaultPath(root: String) throws(ComparisonError) -> String {
    let candidates = defaults.map { root == "." ? $0 : OutputPath.join(root, $0) }
    guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
    else { throw .noDefaultResults(tried: candidates) }
    return found
  }

  /// Committed results when the file is in `docs/benchmarks/`, where the
  /// repository keeps them; a local run anywhere else.
  static func kind(of path: String) -> ResultsLabel.Kind {
    let folders = path.split(separator: "/").dropLast().suffix(2)
    return folders == ["docs", "benchmarks"] ? .committed : .local
  }

  /// Reads `paths`: one JSON document, or one or more influx exports of
  /// runs of the suite, combined.
  ///
  /// - Throws: `ComparisonError.noResults` for a file that does not exist,
  ///   `.malformedResults` for one that cannot be read,
  ///   `.incompatibleRuns` for a document among other files, a file given
  ///   twice or runs of different hosts.
  static func read(_ paths: [String]) throws(ComparisonError) -> Loaded {
    let committed = paths.allSatisfy { Self.kind(of: $0) == .committed }
    let kind = committed ? ResultsLabel.Kind.committed : .local
    if let repeated = paths.first(where: { path in paths.filter { $0 == path }.count > 1 }) {
      throw .incompatibleRuns("\(repeated) is given twice; give each run once")
    }
    let texts = try paths.map { path throws(ComparisonError) in (path, try text(of: path)) }
    if let document = texts.first(where: { isDocument(path: $0.0, text: $0.1) }) {
      guard texts.count == 1 else {
        throw .incompatibleRuns(
          "\(document.0) is a JSON document of runs already combined; give it alone, "
            + "or give the influx exports of every run")
      }
      var results = try ResultsJSON.decode(document.1, path: document.0)
      let stored = results.label
      results.label.kind = kind
      results.label.path = document.0
      return Loaded(results: results, documentLabel: stored)
    }
    let runs = try texts.map { path, text throws(ComparisonError) in
      try BenchmarkResults(influxCSV: text, path: path)
    }
    return Loaded(results: try ComparisonResults(runs: runs, kind: kind))
  }

  /// Whether the file is a JSON document: by its extension, or by its
  /// first character when the extension says nothing.
  private static func isDocument(path: String, text: String) -> Bool {
    path.lowercased().hasSuffix(".json") || text.drop(while: \.isWhitespace).first == "{"
  }

  /// The UTF-8 text of the file at `path`.
  private static func text(of path: String) throws(ComparisonError) -> String {
    guard FileManager.default.fileExists(atPath: path) else { throw .noResults(path: path) }
    // A folder exists too, but reading it fails as if it were not UTF-8.
    guard !OutputPath.isFolder(path) else {
      throw .malformedResults(path: path, reason: "it is a folder, not a file")
    }
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw .malformedResults(path: path, reason: "it is not readable UTF-8 text")
    }
  }
}
