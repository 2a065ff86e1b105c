// Lesson 11's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 11
// (see Lessons/11-measuring-dispatch-cost.md, "Exercises").
import StateMachines

enum Lesson11 {
  /// Exercise 11.1: whether a rerun's time `now` agrees with the committed
  /// time `committed` of the same cell (both in ns per event): whether it is
  /// within the noise band the report's header states.
  static func agrees(committed: Double, now: Double) -> Bool {
    false  // TODO
  }

  /// Exercise 11.2: whether a benchmark that handles `moreEvents` events per
  /// iteration in `moreTime` measures work against one that handles `events`
  /// in `time`: whether the time grew with the events as the report's
  /// linearity check requires.
  static func measuresWork(events: Int, time: Double, moreEvents: Int, moreTime: Double)
    -> Bool
  {
    false  // TODO
  }
}
