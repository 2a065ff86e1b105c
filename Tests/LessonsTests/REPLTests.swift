import Foundation
import Testing

/// The lessons typed into the real Swift REPL, started by `./repl`, the
/// command the lessons tell students to use, through a pseudo-terminal
/// (`scripts/repl-typist`, with pexpect): one line after each prompt, as a
/// student types.
///
/// In a terminal lldb draws a status line, and on a busy machine that work
/// interrupted lines ("Execution interrupted"); `./repl` turns it off and
/// sets lldb up so that it does not (the top of `repl` says why), and
/// `scripts/repl-stress` counts it under load. An interrupted line is a
/// failure at once: a retry would hide the fix coming undone. lldb still now
/// and then stalls on a value it cannot read, so the lessons run one at a
/// time, each waits (a while, not forever) for the CPU to be at least half
/// idle, and a run that stalls past its time limit is tried again, up to
/// `attempts` times, before it counts as a failure.
///
/// Every lesson is typed at the fast pace; the lessons in
/// `REPL_HUMAN_LESSONS` (numbers, comma-separated; lesson 1 unless set) are
/// typed at a human pace too. `REPL_UNDER_TEST` names another script than
/// `./repl` to type into (to measure an older one). With `REPL_STRESS` in
/// the environment (`scripts/repl-stress` sets it), each lesson is typed once,
/// without waiting for a quiet CPU, and a line
/// `repl-stress: LESSON pace=P typed=N interrupted=N recovered=yes|no|- wrong=N`
/// is printed for the script to add up.
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

  /// The lessons also typed at a human pace: `REPL_HUMAN_LESSONS`, or lesson 1.
  static let humanLessons: [LessonFile] = {
    let chosen = ProcessInfo.processInfo.environment["REPL_HUMAN_LESSONS"] ?? "1"
    let numbers = Set(chosen.split(separator: ",").compactMap { Int($0) })
    return lessons.filter { numbers.contains($0.number) }
  }()

  /// scripts/sanitize: lldb, which runs the REPL, cannot load a library
  /// built with a sanitizer.
  static let notUnderASanitizer = ConditionTrait.disabled(
    if: ProcessInfo.processInfo.environment["WORKBENCH_SANITIZER"] != nil,
    "scripts/sanitize: lldb, which runs the REPL, cannot load a library built with a sanitizer")

  @Test(
    "a lesson typed into ./repl in a terminal, fast, prints what the lesson shows",
    REPLTests.notUnderASanitizer,
    arguments: lessons)
  func lessonInTheREPL(_ file: LessonFile) async throws {
    try await type(file, at: .fast)
  }

  @Test(
    "a lesson typed into ./repl in a terminal, at a human pace, prints what the lesson shows",
    REPLTests.notUnderASanitizer,
    arguments: humanLessons)
  func lessonTypedSlowly(_ file: LessonFile) async throws {
    try await type(file, at: .human)
  }

  /// Types `file` into the REPL at `pace`, and records what differs from
  /// the lesson.
  func type(_ file: LessonFile, at pace: TerminalSession.Pace) async throws {
    let workbench = try Workbench.require()
    let script =
      ProcessInfo.processInfo.environment["REPL_UNDER_TEST"]
      .flatMap { $0.isEmpty ? nil : URL(filePath: $0) }
      ?? workbench.root.appending(path: "repl")
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
    let input = LessonProgram.replInput(of: lesson)
    func typeOnce() async throws -> TerminalSession? {
      switch try await TerminalSession.type(
        input, into: script, pace: pace, environment: environment, root: workbench.root)
      {
      case .success(let session): return session
      case .failure(let failure):
        Issue.record(Comment(rawValue: "\(lesson.path) (\(pace)): \(failure.message)"))
        return nil
      }
    }
    if !Self.stress { await CPU.waitUntilQuiet() }
    guard var session = try await typeOnce() else { return }
    var attempt = 1
    let attempts = Self.stress ? 1 : Self.attempts
    while session.stalled, !session.screen.contains(Self.interruption), attempt < attempts {
      attempt += 1
      print("\(lesson.path): the REPL stalled past its time limit; attempt \(attempt)")
      await CPU.waitUntilQuiet()
      guard let again = try await typeOnce() else { return }
      session = again
    }
    let printed = LessonProgram.split(LessonProgram.removingREPLEchoes(session.screen))
    if Self.stress {
      print(
        REPLStressCount(lesson: lesson, printed: printed, stderr: session.screen)
          .report(for: lesson, pace: pace))
    }
    let problems = session.problems
    let ending =
      "the REPL \(session.ending)"
      + (problems.isEmpty ? "" : "; lldb said:\n" + problems.joined(separator: "\n"))
    for message in LessonProgram.mismatches(
      lesson, printed: printed, how: "typed into ./repl in a terminal (\(pace))", ending: ending)
    {
      Issue.record(Comment(rawValue: message))
    }
    if !problems.isEmpty || session.ending != "exited 0" {
      let interrupted =
        session.screen.contains(Self.interruption)
        ? " (lldb interrupted a line: ./repl's settings should prevent it; "
          + "scripts/repl-stress counts interruptions under load)" : ""
      Issue.record(
        Comment(
          rawValue: "\(lesson.path), typed at the \(pace) pace: the REPL \(session.ending)"
            + "\(interrupted)" + (problems.isEmpty ? "" : ":\n" + problems.joined(separator: "\n")))
      )
    }
  }

  @Test("the typist reads what a line showed: no echo, prompt, status line or colours")
  func typistReadsTheScreen() async throws {
    let root = try Workbench.packageRoot()
    let scratch = try Scratch(prefix: "fake-repl")
    defer { scratch.remove() }
    // A REPL in miniature: a numbered prompt, a status line drawn on the last
    // row, colours, a continuation prompt, a line and a closing brace drawn
    // again with prompts in them, and an interruption. The terminal itself echoes what
    // is typed, as it does for lldb's editor.
    let fake = scratch.url.appending(path: "fake-repl")
    try #"""
    #!/usr/bin/env bash
    printf 'Welcome to a fake REPL.\n'
    n=1 prompt='>'
    while printf '\e7\e[40;1f\e[7mfake | REPL\e[0m\e8%3d%s ' "$n" "$prompt"; IFS= read -r line; do
      prompt='>'
      case "$line" in
        'print(1)') printf '\e[1;32m1\e[0m\n' ;;
        'print(2)') printf ': 3>  nt(2)\n2\n' ;;
        'do {') prompt='.' ;;
        '}') printf '\r}  4. \ntwo\nlines\n' ;;
        'boom') printf 'Execution interrupted. Enter code to recover and continue.\n' ;;
      esac
      n=$((n + 1))
    done
    """#.write(to: fake, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)

    let typed = "print(1)\nprint(2)\n\ndo {\n  let x = 2\n}\nboom\n"
    let session = try await TerminalSession.type(
      typed, into: fake, pace: .fast, environment: [:], root: root
    ).get()
    #expect(session.ending == "exited 0")
    #expect(
      session.lines.map(\.typed) == [
        "print(1)", "print(2)", "", "do {", "  let x = 2", "}", "boom",
      ])
    #expect(
      session.lines.map(\.shown) == [
        "1", "2", "", "", "", "two\nlines",
        "Execution interrupted. Enter code to recover and continue.",
      ])
    #expect(session.problems == ["Execution interrupted. Enter code to recover and continue."])
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
      broken.report(for: lesson, pace: .human)
        == "repl-stress: Lessons/00-counting.md pace=human typed=4 interrupted=2 recovered=no "
        + "wrong=2")
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
