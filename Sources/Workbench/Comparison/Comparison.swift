import Foundation
import StateMachines

/// The comparison a class reads after running the benchmarks: what each
/// style costs per event, against the floor of its machine, and how much
/// code each style takes.
///
/// The numbers come from the latest run of the dispatch-cost benchmarks,
/// exported by package-benchmark as an influx CSV file; the code counts come
/// from the sources of the machines.
public enum Comparison {
  /// Where the benchmark command writes its results, from the repository
  /// root.
  public static let defaultResultsPath = "Benchmarks/Results/Current_run.influx.csv"

  /// Where the machines' sources are, from the repository root.
  public static let defaultSourcesRoot = "Sources/StateMachines"

  /// The command that runs the benchmarks and writes the results file, from
  /// the repository root.
  public static let benchmarkCommand =
    "(cd Benchmarks && swift package --allow-writing-to-package-directory benchmark "
    + "--format influx --path Results)"

  /// The comparison as plain text: for each stream a matrix of machines and
  /// styles, the linearity checks, and the static cost of each style.
  ///
  /// - Parameters:
  ///   - machine: A machine's public id, to show only its row; `nil` for all.
  ///   - resultsPath: The influx CSV file of the benchmark run.
  ///   - sourcesRoot: The folder with one folder of sources per machine.
  /// - Throws: `ComparisonError.noResults` (with the command to produce them)
  ///   when the benchmarks have not been run, `.malformedResults` when the
  ///   file cannot be read, `.unknownMachine` for a machine id that is
  ///   neither known nor measured.
  public static func report(
    machine: String? = nil, resultsPath: String = defaultResultsPath,
    sourcesRoot: String = defaultSourcesRoot
  ) throws(ComparisonError) -> String {
    guard FileManager.default.fileExists(atPath: resultsPath) else {
      throw .noResults(path: resultsPath)
    }
    // A folder exists too, but reading it fails as if it were not UTF-8.
    guard !OutputPath.isFolder(resultsPath) else {
      throw .malformedResults(path: resultsPath, reason: "it is a folder, not a file")
    }
    let text: String
    do {
      text = try String(contentsOfFile: resultsPath, encoding: .utf8)
    } catch {
      throw .malformedResults(path: resultsPath, reason: "it is not readable UTF-8 text")
    }
    let results = try BenchmarkResults(influxCSV: text, path: resultsPath)
    var matrix = CostMatrix(results: results)
    guard !matrix.machines.isEmpty else {
      throw .malformedResults(path: resultsPath, reason: "it holds no dispatch-cost benchmarks")
    }

    var machines = matrix.machines + Machines.ids.filter { !matrix.machines.contains($0) }
    if let machine {
      guard machines.contains(machine) else {
        throw .unknownMachine(machine, valid: machines)
      }
      matrix = matrix.only(machine)
      machines = [machine]
    }
    let report = ComparisonReport(
      matrix: matrix, machines: machines, host: results.host, resultsPath: resultsPath,
      sourcesRoot: sourcesRoot)
    return report.render()
  }
}
