/// Why the comparison cannot be made, in words that say what to do.
public enum ComparisonError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A results file named on the command line does not exist.
  case noResults(path: String)

  /// None of the files read by default exists: no run yet, and no committed
  /// results either.
  case noDefaultResults(tried: [String])

  /// The results file exists but cannot be read as an influx export or a
  /// JSON document of `fsm compare`.
  case malformedResults(path: String, reason: String)

  /// The machine asked for is not one that the workbench knows or measured.
  case unknownMachine(String, valid: [String])

  /// The results files exist but cannot be combined, and why.
  case incompatibleRuns(String)

  /// The message for the user.
  public var description: String {
    switch self {
    case .noResults(let path):
      """
      No benchmark results yet: there is no file at \(path).
      Run the benchmarks (the first build takes about five minutes), from the repository root:
        \(Comparison.benchmarkCommand)
      then compare again.
      """
    case .noDefaultResults(let tried):
      """
      No benchmark results: none of \(tried.joinedAsChoices) exists.
      Run the benchmarks (the first build takes about five minutes), from the repository root:
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
    case .incompatibleRuns(let reason):
      "The results cannot be combined: \(reason)."
    }
  }
}
