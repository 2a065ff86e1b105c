import Foundation
import Testing

/// The lessons typed into the real Swift REPL, started by `./repl`, the
/// command the lessons tell students to use.
@Suite("Lessons in the REPL")
struct REPLTests {
  /// Whether a REPL that cannot start is a failure rather than a known
  /// issue: `LESSONS_REQUIRE_REPL=1`.
  static let replIsRequired = ProcessInfo.processInfo.environment["LESSONS_REQUIRE_REPL"] == "1"

  @Test("each lesson, typed into ./repl, prints what the lesson shows", arguments: LessonFile.all)
  func lessonInTheREPL(_ file: LessonFile) async throws {
    let workbench = try Workbench.require()
    let script = workbench.root.appending(path: "repl")
    // Use the products this test run was built with: no nested `swift build`.
    let environment = ["WORKBENCH_BIN_PATH": workbench.bin.path]

    let check = try await Subprocess.run(
      script, ["--check"], environment: environment, timeout: .seconds(120))
    guard check.succeeded else {
      let message = Comment(
        rawValue: "The Swift REPL cannot start on this machine, so \(file.name) was NOT checked "
          + "in the REPL (`./repl --check` \(check.ending)):\n\(check.stderr)\(check.stdout)"
          + "\nSet LESSONS_REQUIRE_REPL=1 to make this a failure.")
      if Self.replIsRequired {
        Issue.record(message)
      } else {
        withKnownIssue(message) { Issue.record(message) }
      }
      return
    }

    let lesson = try file.load()
    let run = try await Subprocess.run(
      script, [], input: LessonProgram.replInput(of: lesson), environment: environment,
      timeout: .seconds(300))
    let printed = LessonProgram.split(LessonProgram.removingREPLEchoes(run.stdout))
    let errors = run.stderr.textLines.filter {
      !$0.hasPrefix("./repl:") && !$0.allSatisfy(\.isWhitespace)
    }
    let ending =
      run.ending + (errors.isEmpty ? "" : "; errors:\n" + errors.joined(separator: "\n"))
    for message in LessonProgram.mismatches(
      lesson, printed: printed, how: "typed into ./repl", ending: ending)
    {
      Issue.record(Comment(rawValue: message))
    }
    if !errors.isEmpty {
      Issue.record(
        Comment(
          rawValue: "\(lesson.path): the REPL reported errors (\(run.ending)):\n"
            + errors.joined(separator: "\n")))
    }
  }

  @Test("what the REPL shows by itself is told apart from what the lesson prints")
  func echoesAreRemoved() {
    let transcript = """
      gate: StateMachines.Turnstile.StatePattern = {
        current = {}
      }
      [unlock]
      $R0: Int = 2
      locked --coin--> unlocked [unlock]
      steps: [StateMachines.TraceStep<A, B, C>] = 1 value {
        [0] = {
          event = coin
        }
      }
      true
      """
    #expect(
      LessonProgram.removingREPLEchoes(transcript)
        == "[unlock]\nlocked --coin--> unlocked [unlock]\ntrue")
  }
}
