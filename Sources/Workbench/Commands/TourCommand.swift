import ArgumentParser
import StateMachines

/// `fsm tour`: every worked example of every machine in every style, side by
/// side, and whether they agree.
struct TourCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "tour",
    abstract: "Play every worked example in every style and show that the traces agree.",
    discussion: """
      Also draws every machine's diagram into a folder (tour-output/diagrams unless \
      --diagrams says otherwise) and checks that each style does what its diagram says. \
      The tour is long: its opening names the sections, and --section shows one alone \
      (styles, diagrams or costs). Exits with a non-zero status when any section shown \
      finds a problem.
      """)

  @Option(help: ArgumentHelp("The folder to draw the diagrams into.", valueName: "dir"))
  var diagrams = "tour-output/diagrams"

  @Option(
    help: ArgumentHelp(
      "Show only this section (repeat for several); every section when left out.",
      valueName: "name"))
  var section: [TourSectionName] = []

  /// The benchmark results committed with the workbench: runs of the
  /// dispatch-cost benchmarks on the machine the README names, combined.
  static let committedResults = ResultsFiles.committed

  /// The sections of the tour, in order; later issues append theirs here.
  var sections: [any TourSection] {
    [
      StylesAgreeSection(machines: Machines.all, styles: Style.allCases),
      DiagramsSection(machines: Machines.all, styles: Style.allCases, folder: diagrams),
      CostSection(
        resultsPath: Result { () throws(WorkbenchRoot.NotFound) in
          WorkbenchRoot.path(Self.committedResults, in: try WorkbenchRoot.locate())
        }),
    ]
  }

  /// Refuses an empty `--diagrams`, which the tour could only report as a
  /// folder it failed to create, after every other section had run.
  func validate() throws {
    guard !diagrams.isEmpty else {
      throw ValidationError("--diagrams needs a folder name, as in --diagrams tour-output/diagrams")
    }
  }

  func run(on console: inout Console) throws {
    try Self.take(Tour(sections: sections, shown: section), on: &console)
  }

  /// Takes `tour`, failing with status 1 when any section found a problem,
  /// which standard error repeats: a script that keeps only standard error,
  /// or a reader who missed a line in the long report, still learns why.
  static func take(_ tour: Tour, on console: inout Console) throws {
    let failed = tour.run(on: &console).filter { !$0.passed }
    guard !failed.isEmpty else { return }
    let problems = failed.count == 1 ? "a problem" : "\(failed.count) problems"
    let lines = failed.map { "  ✗ \($0.summary)" }
    console.printError((["Error: the tour found \(problems):"] + lines).joined(separator: "\n"))
    throw ExitCode.failure
  }
}
