// Reference solutions for Lesson 7. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson7 {
  /// Exercise 7.1: found with a loop over the seeds from 0 up. Three lucky
  /// customers in a row cannot happen with 5 gumballs: two winners take
  /// four, and with one gumball left there is no draw.
  static let luckySeed: UInt64 = 31

  /// Exercise 7.2: the internal edit fires without output; the deleted
  /// record refuses the last edit, which does not fire.
  static let recordLife: [RecordCommit.Enum.Step] = [
    TraceStep(event: .edit, from: .new, to: .new, fired: true, outputs: []),
    TraceStep(event: .commit, from: .new, to: .oldClean, fired: true, outputs: [.insertRow]),
    TraceStep(event: .delete, from: .oldClean, to: .oldDelete, fired: true, outputs: []),
    TraceStep(event: .commit, from: .oldDelete, to: .deleted, fired: true, outputs: [.deleteRow]),
    TraceStep(
      event: .edit, from: .deleted, to: .deleted, fired: false, outputs: [],
      error: RecordCommit.alreadyDeleted.message),
  ]

  /// Exercise 7.3: a sale takes one gumball (`via: [.sold]`), a winner two
  /// (`via: [.winner]`); a refill that fired adds its count (a rejected one
  /// does not fire).
  static func gumballsLeft(
    startingWith gumballs: Int, after trace: [GumballMachine.Enum.Step]
  ) -> Int {
    var left = gumballs
    for step in trace {
      if step.via.contains(.sold) { left -= 1 }
      if step.via.contains(.winner) { left -= 2 }
      if case .refill(let count) = step.event, step.fired { left += count }
    }
    return left
  }
}
