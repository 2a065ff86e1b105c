import ArgumentParser
import StateMachines

/// `fsm tour`: every worked example of every machine in every style, side by
/// side, and whether they agree.
struct TourCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "tour",
    abstract: "Play every worked example in every style and show that the traces agree.",
    discussion: "Exits with a non-zero status when any section finds a problem.")

  /// The sections of the tour, in order; later issues append theirs here.
  var sections: [any TourSection] {
    [StylesAgreeSection(machines: Machines.all, styles: Style.allCases)]
  }

  func run(on console: inout Console) throws {
    try Self.take(Tour(sections: sections), on: &console)
  }

  /// Takes `tour`, failing with status 1 when any section found a problem.
  static func take(_ tour: Tour, on console: inout Console) throws {
    guard tour.run(on: &console) else { throw ExitCode.failure }
  }
}
