/// How much the runs combined in one set of results disagree with each
/// other: for each cell the slowest run's time over the fastest's, and the
/// median of that over the cells.
///
/// A check whose own runs disagree by more than the noise band cannot tell
/// a cell that moved from a machine that is busy: measured on a shared
/// host, three runs of one check disagreed by a median of 41%.
struct RunNoise: Sendable {
  /// The runs combined, as the label lists them; 0 when it lists none.
  var runs: Int

  /// The median over the cells of the slowest run's time over the
  /// fastest's: 1.41 when the runs disagree by a median of 41%; `nil` for
  /// one run, or no cells.
  var medianSpread: Double?

  /// The noise of `results`.
  init(_ results: ComparisonResults) {
    runs = results.label.runs.count
    let spreads = results.cells.compactMap(\.spread).sorted()
    medianSpread =
      runs == 1 || spreads.isEmpty ? nil : ComparisonResults.median(of: spreads)
  }

  /// Whether the runs disagree beyond the band: the median cell's slowest
  /// run is further from its fastest than the band allows.
  var isTooNoisy: Bool { (medianSpread ?? 1) - 1 > NoiseBand.relative }

  /// The median disagreement as a percentage, as in `41%`.
  private var percent: String {
    (((medianSpread ?? 1) - 1) * 100).formatted(digits: 1) + "%"
  }

  /// The runs in words: `the 3 runs`, or `the runs` when the label does
  /// not say how many.
  private var theRuns: String { runs > 1 ? "the \(runs) runs" : "the runs" }

  /// The verdict of a check too noisy to judge, for its last line.
  var summary: String {
    "Not judged: too noisy, \(theRuns) disagreeing by a median of \(percent)"
  }

  /// How noisy the runs are, in a sentence.
  var text: String {
    guard medianSpread != nil else {
      return "Noise: one run, so how far this machine's runs disagree cannot be told\n"
        + "(\(Comparison.benchmarkCommand) combines three)."
    }
    if isTooNoisy {
      return "Too noisy to judge: \(theRuns) of this check disagree with each other by a\n"
        + "median of \(percent) (slowest over fastest, per cell), more than the band of "
        + "\(Int((NoiseBand.relative * 100).rounded()))%.\n"
        + "No time is judged; run again on a quiet machine."
    }
    return "Noise: \(theRuns) of this check disagree with each other by a median of \(percent)\n"
      + "(slowest over fastest, per cell), within the band."
  }
}
