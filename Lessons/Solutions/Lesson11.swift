// Reference solutions for Lesson 11. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson11 {
  /// Exercise 11.1: three words of size, and no stricter alignment than a
  /// word. (A type that is not bitwise-takable, such as one holding a `weak`
  /// reference, is boxed too; `MemoryLayout` does not tell that.)
  static func fitsInline<T>(_ type: T.Type) -> Bool {
    MemoryLayout<T>.size <= 3 * MemoryLayout<Int>.size
      && MemoryLayout<T>.alignment <= MemoryLayout<Int>.alignment
  }

  /// Exercise 11.2: whether a rerun's time `now` agrees with the committed
  /// time `committed` of the same cell (both in ns per event): within 15% of
  /// the committed time, or 0.5 ns, whichever is larger.
  static func agrees(committed: Double, now: Double) -> Bool {
    committed.isFinite && now.isFinite
      && abs(now - committed) <= max(0.15 * committed, 0.5)
  }
}
