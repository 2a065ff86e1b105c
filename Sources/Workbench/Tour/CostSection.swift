/// The tour's section on speed: the benchmark matrix of the run committed
/// with the workbench, and how to reproduce it on your own machine.
struct CostSection: TourSection {
  /// The committed results of a benchmark run.
  let resultsPath: String

  var heading: String { "What each style costs" }

  func run(on console: inout Console) -> TourFindings {
    print(
      """
      The dispatch-cost benchmarks time every machine in every style on the same
      event streams, against a bare transition table (the floor). This is the run
      committed in \(resultsPath) (README, "Results"). Reproduce it with
        \(Comparison.benchmarkCommand)
      and read your own numbers with `fsm compare`.

      """, to: &console)
    do {
      print(try Comparison.report(resultsPath: resultsPath), to: &console)
      return TourFindings(summary: "benchmark matrix read from \(resultsPath)", passed: true)
    } catch {
      print(error.description, to: &console)
      return TourFindings(summary: "no benchmark matrix: \(resultsPath) is missing", passed: false)
    }
  }
}
