import Foundation
import Testing

/// The exercises of the lessons, checked only when you ask:
///
///     CHECK_EXERCISES=1 swift test --filter exercise1_2
///
/// (`--filter exercise1_` checks all of lesson 1.) Each test runs the check in
/// Checks/ against your code in this folder and lists what is still wrong.
@Suite(
  "Exercises",
  .enabled(
    if: ProcessInfo.processInfo.environment["CHECK_EXERCISES"] == "1",
    "exercises are checked only when you ask, as in CHECK_EXERCISES=1 swift test --filter exercise1_2"
  ))
struct ExercisesTests {
  @Test("1.1 the transition table as a function") func exercise1_1() { check("1.1") }
  @Test("1.2 events for alarm, unlock, thankYou, lock") func exercise1_2() { check("1.2") }
  @Test("1.3 counting the people who walked through") func exercise1_3() { check("1.3") }

  @Test("2.1 the nested switches the other way round") func exercise2_1() { check("2.1") }
  @Test("2.2 a fourth style: the table as data") func exercise2_2() { check("2.2") }
  @Test("2.3 do these machines agree?") func exercise2_3() { check("2.3") }

  /// Records each problem the check of exercise `id` finds.
  private func check(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let exercise = ExerciseCheck.named(id) else {
      Issue.record("there is no check for exercise \(id)", sourceLocation: sourceLocation)
      return
    }
    for problem in exercise.problems() {
      Issue.record(
        Comment(rawValue: "exercise \(id) (\(exercise.title)) is not solved yet: \(problem)"),
        sourceLocation: sourceLocation)
    }
  }
}
