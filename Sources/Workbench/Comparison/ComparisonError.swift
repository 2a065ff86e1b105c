/// Why the comparison cannot be made, in words that say what to do.
public enum ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The benchmarks have not been run yet: there is no results file.
  case noResults(path: String)

  /// The results file exists but cannot be read as an influx export.
  case malformedResults(path: String, reason: String)

  /// The machine asked for is not one that the workbench knows or measured.
  case unknownMachine(String, valid: [String])

  /// The message for the user.
  public var description: String {
    switch self {
    case .noResults(let path):
      """
      No benchmark results yet: there is no file at \(path).
      Run the benchmarks once (the first build takes about five minutes), from the \
      repository root:
        \(Comparison.benchmarkCommand)
      then compare again.
      """
    case .malformedResults(let path, let reason):
      """
      The benchmark results at \(path) cannot be read: \(reason).
      Run the benchmarks again to replace them:
        \(Comparison.benchmarkCommand)
      """
    case .unknownMachine(let machine, let valid):
      "unknown machine '\(machine)'; valid machines: \(valid.joined(separator: ", "))"
    }
  }
}
