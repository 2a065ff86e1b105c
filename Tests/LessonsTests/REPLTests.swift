import Foundation
import Testing

/// The lessons typed into the real Swift REPL, started by `./repl`, the
/// command the lessons tell students to use.
///
/// On a busy Linux machine lldb sometimes crashes the code it runs
/// ("Execution interrupted"; a plain `swift repl` typing `print(1)` does it
/// too), and now and then stalls on a value it cannot read. So the lessons
/// run one at a time, each waits (a while, not forever) for the CPU to be at
/// least half idle, and a run that lldb interrupts, or that stalls past its
/// time limit (its whole process tree is then killed), is tried again, up to
/// `attempts` times, before it counts as a failure.
@Suite("Lessons in the REPL", .serialized)
struct REPLTests {
  /// How many times a lesson is typed in before lldb's interruptions count
  /// as a failure.
  static let attempts = 3

  /// What lldb writes when the code it was running stopped with a signal.
  static let interruption = "Execution interrupted"

  /// Every lesson: `LessonsTests` compiles each one as a program, and this
  /// suite proves the same code works as a student types it.
  static let lessons = LessonFile.all

  @Test(
    "a lesson typed into ./repl prints what the lesson shows",
    .disabled(
      if: ProcessInfo.processInfo.environment["WORKBENCH_SANITIZER"] != nil,
      "scripts/sanitize: lldb, which runs the REPL, cannot load a library built with a sanitizer"),
    arguments: lessons)
  func lessonInTheREPL(_ file: LessonFile) async throws {
    let workbench = try Workbench.require()
    let script = workbench.root.appending(path: "repl")
    // Use the products this test run was built with: no nested `swift build`.
    let environment = ["WORKBENCH_BIN_PATH": workbench.bin.path]

    let check = try await Subprocess.run(
      script, ["--check"], environment: environment, timeout: .seconds(120))
    // Status 3: lldb cannot start here (a missing shared library). That is a
    // failure too: the lessons were not checked, and `./repl` says what is missing.
    if check.status == 3 && !check.signaled && !check.timedOut {
      Issue.record(
        Comment(
          rawValue: "The Swift REPL cannot start on this machine, so \(file.name) was NOT checked "
            + "in the REPL (`./repl --check` \(check.ending)):\n\(check.stderr)\(check.stdout)"
            + "\nInstall what it names (.ci/run shows how), or point LLDB_PYTHON_LIBDIR at it."))
      return
    }
    guard check.succeeded else {
      Issue.record(
        Comment(rawValue: "`./repl --check` \(check.ending):\n\(check.stderr)\(check.stdout)"))
      return
    }

    let lesson = try file.load()
    await CPU.waitUntilQuiet()
    var run = try await Subprocess.run(
      script, [], input: LessonProgram.replInput(of: lesson), environment: environment,
      timeout: .seconds(120))
    var attempt = 1
    while run.stderr.contains(Self.interruption) || run.timedOut, attempt < Self.attempts {
      attempt += 1
      print(
        "\(lesson.path): lldb interrupted or stalled the REPL (a busy machine?); attempt \(attempt)"
      )
      await CPU.waitUntilQuiet()
      run = try await Subprocess.run(
        script, [], input: LessonProgram.replInput(of: lesson), environment: environment,
        timeout: .seconds(120))
    }
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
      let interrupted =
        run.stderr.contains(Self.interruption)
        ? " (lldb interrupted the REPL in all \(Self.attempts) attempts)" : ""
      Issue.record(
        Comment(
          rawValue: "\(lesson.path): the REPL reported errors\(interrupted) (\(run.ending)):\n"
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
