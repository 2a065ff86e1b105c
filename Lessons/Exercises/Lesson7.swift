// Lesson 7's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 7
// (see Lessons/07-states-with-data.md, "Exercises").
import StateMachines

enum Lesson7 {
  /// Exercise 7.1: the smallest seed with which the first two customers of a
  /// machine holding 5 gumballs (policy `.random`) both win.
  static let luckySeed: UInt64 = 0  // TODO: find it with a loop in the REPL

  /// Exercise 7.2: the trace of a record created in memory that is edited,
  /// committed, deleted, committed, and edited once more, written by hand.
  static let recordLife: [RecordCommit.Enum.Step] = [
    // TODO: one step per event, in order. A step is written like this:
    // TraceStep(event: .commit, from: .oldDirty, to: .oldClean, fired: true, outputs: [.updateRow]),
    // and a rejected one has `error: "the message"` after its outputs.
  ]

  /// Exercise 7.3: how many gumballs are left in a machine that started with
  /// `gumballs` and then recorded `trace`.
  static func gumballsLeft(
    startingWith gumballs: Int, after trace: [GumballMachine.Enum.Step]
  ) -> Int {
    // TODO: which steps change the count, and by how much?
    gumballs
  }
}
