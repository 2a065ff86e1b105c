// Reference solutions for Lesson 11. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson11 {
  /// Exercise 11.1: whether a rerun's time `now` agrees with the committed
  /// time `committed` of the same cell (both in ns per event): within 15% of
  /// the committed time, or 0.5 ns, whichever is larger.
  static func agrees(committed: Double, now: Double) -> Bool {
    committed.isFinite && now.isFinite
      && abs(now - committed) <= max(0.15 * committed, 0.5)
  }

  /// Exercise 11.2: the ratio of the times within 20% of the ratio of the
  /// events (a ratio, not a difference: twice the events, twice the time).
  static func measuresWork(events: Int, time: Double, moreEvents: Int, moreTime: Double)
    -> Bool
  {
    guard events > 0, moreEvents > 0, time > 0, moreTime > 0, time.isFinite, moreTime.isFinite
    else { return false }
    let expected = Double(moreEvents) / Double(events)
    return abs((moreTime / time) / expected - 1) <= 0.2
  }
}
