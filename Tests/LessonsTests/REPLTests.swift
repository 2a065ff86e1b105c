import Foundation
import Testing

/// The lessons typed into the real Swift REPL, started by `./repl`, the
/// command the lessons tell students to use.
///
/// On a busy Linux machine a plain `swift repl` sometimes crashes the code it
/// runs ("Execution interrupted"); `./repl` sets lldb up so that it does not
/// (the top of `repl` says why), and `scripts/repl-stress` counts it under
/// load. An interrupted line is a failure at once: a retry would hide the
/// fix coming undone. lldb still now and then stalls on a value it cannot
/// read, so the lessons run one at a time, each waits (a while, not
/// forever) for the CPU to be at least half idle, and a run that stalls
/// past its time limit (its whole process tree is then killed) is tried
/// again, up to `attempts` times, before it counts as a failure.
///
/// With `REPL_STRESS` in the environment (`scripts/repl-stress` sets it),
/// each lesson is typed once, without waiting for a quiet CPU, and a line
/// `repl-stress: LESSON typed=N interrupted=N recovered=yes|no|- wrong=N` is printed
/// for the script to add up.
@Suite("Lessons in the REPL", .serialized)
struct REPLTests {
  /// How many times a lesson is typed in before a stall counts as a
  /// failure.
  static let attempts = 2

  /// What lldb writes when the code it was running stopped with a signal.
  static let interruption = "Execution interrupted"

  /// Whether `scripts/repl-stress` runs the suite: no retry, no waiting.
  static let stress = ProcessInfo.processInfo.environment["REPL_STRESS"] != nil

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
    if !Self.stress { await CPU.waitUntilQuiet() }
    var run = try await Subprocess.run(
      script, [], input: LessonProgram.replInput(of: lesson), environment: environment,
      timeout: .seconds(120))
    var attempt = 1
    let attempts = Self.stress ? 1 : Self.attempts
    while run.timedOut, !run.stderr.contains(Self.interruption), attempt < attempts {
      attempt += 1
      print("\(lesson.path): the REPL stalled past its time limit; attempt \(attempt)")
      await CPU.waitUntilQuiet()
      run = try await Subprocess.run(
        script, [], input: LessonProgram.replInput(of: lesson), environment: environment,
        timeout: .seconds(120))
    }
    let printed = LessonProgram.split(LessonProgram.removingREPLEchoes(run.stdout))
    if Self.stress {
      print(
        REPLStressCount(lesson: lesson, printed: printed, stderr: run.stderr).report(for: lesson))
    }
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
        ? " (lldb interrupted a line: ./repl's fork-mode setting should prevent it; "
          + "scripts/repl-stress counts interruptions under load)" : ""
      Issue.record(
        Comment(
          rawValue: "\(lesson.path): the REPL reported errors\(interrupted) (\(run.ending)):\n"
            + errors.joined(separator: "\n")))
    }
  }

  @Test("scripts/repl-stress counts typed lines, interruptions, and recovery")
  func stressCounts() {
    let lesson = Lesson(
      parsing: """
        # Lesson 0: Counting

        ```swift
        print(1)

        print(2)
        ```

        ```output
        1
        2
        ```

        ```swift
        print(3)
        ```

        ```output
        3
        ```

        ```swift
        print(4)
        ```

        ```output
        4
        ```
        """, path: "Lessons/00-counting.md")
    let interrupted = "Execution interrupted. Enter code to recover and continue.\n"
    func count(_ blocks: [[String]], _ stderr: String) -> REPLStressCount {
      REPLStressCount(
        lesson: lesson, printed: LessonProgram.Printed(blocks: blocks), stderr: stderr)
    }
    let clean = count([["1", "2"], ["3"], ["4"]], "")
    #expect(clean.typed == 4 && clean.interrupted == 0 && clean.recovered == nil)
    #expect(clean.wrong == 0)
    // Not interrupted, yet block 3 stalled before printing: one wrong block.
    #expect(count([["1", "2"], ["3"]], "").wrong == 1)
    // Block 2 interrupted, block 3 right again: the REPL went on by itself.
    let recovered = count([["1", "2"], [], ["4"]], interrupted)
    #expect(recovered.interrupted == 1 && recovered.recovered == true && recovered.wrong == 1)
    // Block 2 interrupted, and block 3 failed too: no recovery.
    let broken = count([["1", "2"], [], []], interrupted + interrupted)
    #expect(broken.interrupted == 2 && broken.recovered == false)
    #expect(
      broken.report(for: lesson)
        == "repl-stress: Lessons/00-counting.md typed=4 interrupted=2 recovered=no wrong=2")
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
