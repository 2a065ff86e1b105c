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
}
