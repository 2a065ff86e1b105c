import ArgumentParser
import Foundation
import StateMachines

/// `fsm change-cost`: what each of the security system's five revisions cost
/// in each style, measured from the sources.
struct ChangeCostCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "change-cost",
    abstract: "Measure what each change request to the security system cost in each style.",
    discussion: """
      The security system grew in five revisions; each exists as compiled code in every \
      style (Sources/SecuritySystemRevisions and, for the last, Sources/StateMachines). \
      This command diffs consecutive revisions and prints lines added and removed and the \
      places touched. Run it inside a checkout of the workbench.
      """)

  @Option(help: "Show one style's change place by place instead of the table.")
  var diff: Style?

  // `.unconditional` so that `--from -1` is a revision no change starts
  // from, explained as such, instead of `-1` read as an option. The
  // `transform` hides the default from help, so the help says it.
  @Option(
    parsing: .unconditional,
    help: "With --diff: the revision the change starts from (1 to 4). (default: 4)",
    transform: {
      try WholeNumber.parse($0, expected: "a revision from 1 to \(ChangeCost.requests.count)")
    })
  var from = 4

  @Flag(help: "Count comment lines too.")
  var withComments = false

  func run(on console: inout Console) throws {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    guard let root = ChangeCost.repositoryRoot(from: here) else {
      throw ValidationError(
        "change-cost reads the workbench's sources: run it inside a checkout of the workbench")
    }
    let lines: ChangeCost.Lines = withComments ? .codeAndComments : .code
    do {
      if let style = diff {
        let text = try ChangeCost.diff(
          of: .style(style), from: from, repositoryRoot: root, counting: lines)
        print(text, to: &console)
      } else {
        print(try ChangeCost.table(repositoryRoot: root, counting: lines), to: &console)
      }
    } catch {
      throw ValidationError(error.description)
    }
  }
}
