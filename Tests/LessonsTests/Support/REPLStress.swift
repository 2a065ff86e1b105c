import Foundation

/// What lldb did to one lesson typed into the REPL, as `scripts/repl-stress`
/// adds it up: the lines typed, the lines it interrupted, whether the REPL
/// went on by itself after an interruption, and the blocks that printed
/// something else than the lesson shows.
struct REPLStressCount: Equatable, Sendable {
  /// The lesson's lines of code typed in (blank lines left out).
  var typed: Int
  /// How many times lldb said "Execution interrupted".
  var interrupted: Int
  /// After an interruption: whether there were blocks after the first wrong
  /// one and they all printed what the lesson shows (the REPL recovered by
  /// itself). `nil` when nothing was interrupted.
  var recovered: Bool?
  /// The blocks that did not print what the lesson shows (or did not finish).
  var wrong: Int

  /// Counts one run: `printed` is the REPL's output cut at the markers,
  /// `stderr` what lldb said (in a terminal, the whole screen).
  init(lesson: Lesson, printed: LessonProgram.Printed, stderr: String) {
    typed = lesson.blocks.reduce(0) { sum, block in
      sum + block.code.filter { !$0.allSatisfy(\.isWhitespace) }.count
    }
    interrupted = stderr.components(separatedBy: REPLTests.interruption).count - 1
    let right = lesson.blocks.map { block in
      block.number <= printed.blocks.count
        && printed.blocks[block.number - 1] == (block.output?.lines ?? [])
    }
    wrong = right.filter { !$0 }.count
    guard interrupted > 0 else {
      recovered = nil
      return
    }
    if let firstWrong = right.firstIndex(of: false) {
      let after = right[(firstWrong + 1)...]
      recovered = !after.isEmpty && after.allSatisfy { $0 }
    } else {
      // Interrupted, yet every block printed what it should.
      recovered = true
    }
  }

  /// The line `scripts/repl-stress` reads: the lesson and its counts.
  func report(for lesson: Lesson, pace: TerminalSession.Pace) -> String {
    let recoveredWord = recovered.map { $0 ? "yes" : "no" } ?? "-"
    return "repl-stress: \(lesson.path) pace=\(pace) typed=\(typed) interrupted=\(interrupted) "
      + "recovered=\(recoveredWord) wrong=\(wrong)"
  }
}
