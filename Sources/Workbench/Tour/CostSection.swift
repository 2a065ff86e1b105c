/// The tour's section on speed: the turnstile's cost tables from the
/// results committed with the workbench, how to see every machine's, how to
/// reproduce them on your own machine and how to check that they agree.
struct CostSection: TourSection {
  /// The committed results (the JSON document of combined runs) in the
  /// workbench's checkout, or why the checkout was not found.
  let resultsPath: Result<String, WorkbenchRoot.NotFound>

  var heading: String { "What each style costs" }

  var name: TourSectionName { .costs }

  var about: String { "the committed benchmark results" }

  /// The machine whose tables the tour shows: lesson 1's, the smallest.
  static let machine = "turnstile"

  func run(on console: inout Console) -> TourFindings {
    let resultsPath: String
    switch self.resultsPath {
    case .success(let path): resultsPath = path
    case .failure(let error):
      print("No benchmark matrix: \(error).", to: &console)
      return TourFindings(summary: "no benchmark matrix: \(error)", passed: false)
    }
    print(
      """
      The dispatch-cost benchmarks time every machine in every implementation on the
      same event streams, beside the harness loop with no machine at all (the lower
      bound, no-machine); each cost is also a multiple of the enum style. These are the
      committed results in \(resultsPath) (docs/results.md), for the turnstile;
      `fsm compare` prints every machine's, with the targets and the checks. Reproduce
      them with
        \(Comparison.benchmarkCommand)
      which runs the suite several times and combines the runs, read your own numbers
      with `fsm compare`, and check them against the committed ones with
        \(Comparison.checkCommand)

      """, to: &console)
    do {
      console.write(
        try Comparison.report(machine: Self.machine, results: [resultsPath], brief: true))
      return TourFindings(summary: "benchmark matrix read from \(resultsPath)", passed: true)
    } catch {
      print(error.description, to: &console)
      return TourFindings(
        summary: "no benchmark matrix: \(resultsPath) cannot be read", passed: false)
    }
  }
}
