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

  /// The instruction counts named with `--instructions` do not exist.
  case noInstructionCounts(path: String)

  /// The instruction counts exist but cannot be read, and why.
  case malformedInstructionCounts(path: String, reason: String)

  /// No cost model can be fitted: the results have no simulated
  /// mispredictions (`simulated` false), or too few cells with them.
  case noCostModel(simulated: Bool)

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
    case .noInstructionCounts(let path):
      """
      No instruction counts: there is no file at \(path).
      Count them with valgrind (a few minutes), from the repository root:
        scripts/count-instructions --output \(path)
      """
    case .malformedInstructionCounts(let path, let reason):
      """
      The instruction counts at \(path) cannot be read: \(reason).
      Count them again to replace them:
        scripts/count-instructions --output \(path)
      """
    case .noCostModel(let simulated):
      (simulated
        ? "No cost model: no configuration has enough cells with their instructions and "
          + "branch mispredictions counted to fit one: four or more, whose counts do not all go "
          + "together (as they do when none of them mispredicts, or none allocates)."
        : "No cost model: the results have no simulated branch mispredictions, which the "
          + "model needs beside the instructions and the mallocs.")
          + """

          Count them with valgrind (a few minutes), from the repository root:
            scripts/count-instructions --output \(ResultsFiles.localInstructions)
          then show the model with them (or draw it: --format svg --chart model):
            fsm compare --instructions \(ResultsFiles.localInstructions) --model
          or run the benchmarks, which count them into the results:
            \(Comparison.benchmarkCommand)
          """
    }
  }
}
