import ArgumentParser
import Foundation
import StateMachines

/// `fsm change-cost [MACHINE]`: what each revision of a machine cost in each
/// style, measured from the sources.
struct ChangeCostCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "change-cost",
    abstract: "Measure what each change request to a machine cost in each style.",
    discussion: """
      Two machines grew in revisions, each of which exists as compiled code in every \
      style: the security system in five (Sources/SecuritySystemRevisions and, for the \
      last, Sources/StateMachines), the game character in three \
      (Sources/GameCharacterRevisions, then Sources/StateMachines). This command diffs \
      consecutive revisions and prints lines added and removed and the places touched, \
      read from the workbench's checkout: the folder \(WorkbenchRoot.variable) names, else \
      the current folder or the nearest one above it that holds the workbench, else the \
      checkout fsm was built from.
      """)

  @Argument(help: "The machine whose revisions are measured. (default: security-system)")
  var machine: RevisedMachine?

  @Option(help: "Show one style's change place by place instead of the table.")
  var diff: Style?

  // Text, so that --from without --diff is refused rather than ignored and
  // the range is the machine's; `.unconditional` so that `--from -1` is a
  // bad revision, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "With --diff: the revision the change starts from. (default: the last change's)")
  var from: String?

  @Flag(help: "Count comment lines too.")
  var withComments = false

  /// The revisions measured.
  private var history: ChangeCost.History { machine?.history ?? .securitySystem }

  /// Refuses --from without --diff (the table shows every change), and a
  /// revision no change of the machine starts from.
  func validate() throws {
    guard let from else { return }
    if diff == nil {
      throw ValidationError(
        "--from goes with --diff STYLE, which shows one change; the table shows them all")
    }
    let revisions = 1...history.requests.count
    guard let revision = Int(from), revisions.contains(revision) else {
      throw ValidationError(
        "The value '\(from)' is invalid for '--from <from>': give a revision from "
          + "\(revisions.lowerBound) to \(revisions.upperBound)")
    }
  }

  func run(on console: inout Console) throws {
    // The revisions' sources are in the checkout, wherever fsm runs.
    let root = URL(fileURLWithPath: try WorkbenchRoot.locate())
    let lines: ChangeCost.Lines = withComments ? .codeAndComments : .code
    do {
      if let style = diff {
        let revision = from.flatMap { Int($0) } ?? history.requests.count
        let text = try ChangeCost.diff(
          of: .style(style), from: revision, in: history, repositoryRoot: root, counting: lines)
        print(text, to: &console)
      } else {
        print(try ChangeCost.table(history, repositoryRoot: root, counting: lines), to: &console)
      }
    } catch {
      throw ValidationError(error.description)
    }
  }
}

/// A machine named on the command line that grew in revisions, as in
/// `fsm change-cost game-character`; any other id is refused with the ids
/// that have revisions.
struct RevisedMachine: ExpressibleByArgument {
  /// Its revisions.
  let history: ChangeCost.History

  init?(argument: String) {
    guard let history = ChangeCost.History.of(argument) else { return nil }
    self.history = history
  }

  var defaultValueDescription: String { history.machine }

  static var allValueStrings: [String] { ChangeCost.History.all.map(\.machine) }
}
