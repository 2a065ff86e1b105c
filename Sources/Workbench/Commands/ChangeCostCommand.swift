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
      places touched, read from the workbench's checkout: the folder \
      \(WorkbenchRoot.variable) names, else the current folder or the nearest one above it \
      that holds the workbench, else the checkout fsm was built from.
      """)

  @Option(help: "Show one style's change place by place instead of the table.")
  var diff: Style?

  // Optional, so that --from without --diff is refused rather than ignored;
  // `.unconditional` so that `--from -1` is a bad revision, not a missing one.
  @Option(
    parsing: .unconditional,
    help: "With --diff: the revision the change starts from, 1 to 4. (default: 4)",
    transform: { text throws(ValidationError) in
      let revisions = 1...ChangeCost.requests.count
      guard let revision = Int(text), revisions.contains(revision) else {
        throw ValidationError(
          "give a revision from \(revisions.lowerBound) to \(revisions.upperBound)")
      }
      return revision
    })
  var from: Int?

  @Flag(help: "Count comment lines too.")
  var withComments = false

  /// Refuses --from without --diff: the table shows every change.
  func validate() throws {
    if from != nil && diff == nil {
      throw ValidationError(
        "--from goes with --diff STYLE, which shows one change; the table shows them all")
    }
  }

  func run(on console: inout Console) throws {
    // The revisions' sources are in the checkout, wherever fsm runs.
    let root = URL(fileURLWithPath: try WorkbenchRoot.locate())
    let lines: ChangeCost.Lines = withComments ? .codeAndComments : .code
    do {
      if let style = diff {
        let text = try ChangeCost.diff(
          of: .style(style), from: from ?? ChangeCost.requests.count, repositoryRoot: root,
          counting: lines)
        print(text, to: &console)
      } else {
        print(try ChangeCost.table(repositoryRoot: root, counting: lines), to: &console)
      }
    } catch {
      throw ValidationError(error.description)
    }
  }
}
