@testable import Workbench

/// Results made up in the tests, cell by cell, for the comparison and the
/// check: no benchmark runs, no timing.
enum CraftedResults {
  /// One cell, named as the harness names its benchmark
  /// (`own-code/turnstile/enum/typical`): its time per event, its runs'
  /// fastest and slowest (the time itself unless given), its instructions
  /// and simulated mispredictions per event if counted, and its mallocs.
  static func cell(
    _ name: String, _ nsPerEvent: Double, runs: ClosedRange<Double>? = nil,
    instructions: Double? = nil, mispredictions: Double? = nil, mallocs: Double = 0
  ) -> CostCell {
    // A name the tests write: a wrong one shows as a cell of no stream.
    let parsed = BenchmarkName(name)
    return CostCell(
      machine: parsed?.machine ?? name, stream: parsed?.stream ?? "",
      contender: parsed?.contender ?? "-", configuration: parsed?.configuration ?? .package,
      nsPerEvent: nsPerEvent, nsMin: runs?.lowerBound ?? nsPerEvent,
      nsMax: runs?.upperBound ?? nsPerEvent, mallocsPerEvent: mallocs,
      instructionsPerEvent: instructions, mispredictionsPerEvent: mispredictions)
  }

  /// Cells made by a known model, 0.25 ns an instruction, 6 a misprediction
  /// on the uniform stream and 2 on the typical one, 20 a malloc and 0.5 an
  /// event: twelve cells of one configuration, whose names start with
  /// `configuration` (`own-code/`, or nothing for the package).
  static func modelled(_ configuration: String = "") -> [CostCell] {
    let figures: [(String, Double, Double, Double)] = [
      ("turnstile/no-machine/typical", 15, 0, 0), ("turnstile/enum/typical", 80, 0.05, 0),
      ("turnstile/enum/uniform", 80, 0.5, 0), ("turnstile/table/typical", 399, 0.6, 0),
      ("turnstile/table/uniform", 399, 1.2, 0), ("turnstile/state-classes/typical", 659, 0.3, 1),
      ("turnstile/state-classes/uniform", 659, 0.9, 1),
      ("gumball-machine/enum/typical", 120, 0.1, 0), ("gumball-machine/enum/uniform", 118, 0.7, 0),
      ("gumball-machine/state-classes/uniform", 700, 1.1, 0.5),
      ("gumball-machine/table/typical", 450, 0.2, 0),
      ("gumball-machine/table/uniform", 440, 1.5, 0),
    ]
    return figures.map { name, instructions, mispredictions, mallocs in
      cell(
        configuration + name,
        0.25 * instructions + (name.hasSuffix("uniform") ? 6 : 2) * mispredictions
          + 20 * mallocs + 0.5,
        instructions: instructions, mispredictions: mispredictions, mallocs: mallocs)
    }
  }

  /// Results of `runs` runs on the processor `cpu` with Swift `swift`,
  /// holding `cells`.
  static func results(
    _ cells: [CostCell], cpu: String?, runs: Int = 3,
    swift: String? = "Swift version 6.3.1 (swift-6.3.1-RELEASE)", kind: ResultsLabel.Kind = .local,
    path: String = "Benchmarks/Results/results.json"
  ) -> ComparisonResults {
    ComparisonResults(
      label: ResultsLabel(
        kind: kind, path: path, cpu: cpu, swift: swift,
        runs: (0..<runs).map { ResultsLabel.Run(file: "run-\($0 + 1)") }),
      cells: cells)
  }

  /// The same cells as committed results, on `cpu`.
  static func committed(
    _ cells: [CostCell], cpu: String? = "AMD EPYC",
    swift: String? = "Swift version 6.3.1 (swift-6.3.1-RELEASE)"
  ) -> ComparisonResults {
    results(
      cells, cpu: cpu, runs: 3, swift: swift, kind: .committed,
      path: "docs/benchmarks/results.json")
  }

  /// An influx export of one run, as package-benchmark writes it and the
  /// run script labels it: for each benchmark, its median time per event
  /// over 1,000 events an iteration.
  static func influx(_ times: [(String, Double)], cpu: String = "Example CPU 3000") -> String {
    var lines = ["test,metric,percentile,value,hostName,time"]
    for (name, time) in times {
      lines.append("\(name),Events,50,1000,lab,2026-01-10T10:00:00Z")
      lines.append("\(name),Time (wallclock),50,\(time * 1000),lab,2026-01-10T10:00:00Z")
      lines.append("\(name),Malloc (total),50,0,lab,2026-01-10T10:00:00Z")
    }
    return (lines + ["# cpu: \(cpu)"]).joined(separator: "\n") + "\n"
  }
}
