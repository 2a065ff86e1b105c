/// The clock a timed machine reads: how long since the machine was created,
/// moved only by the `wait` events its caller sends.
///
/// Time is an input like any other. A machine never reads the system clock:
/// it keeps one of these, which reads zero at creation and goes forward
/// exactly as far as each `wait` says, so every run is exact, repeatable
/// and instant. (`fsm shell --real-time` measures real time with the
/// standard library's `ContinuousClock` and hands it to the machine as
/// `wait` events; the machine's code does not change.)
public struct VirtualClock: Hashable, Sendable, CustomStringConvertible {
  /// The time since the machine was created, in whole milliseconds.
  public private(set) var now: Duration = .zero

  /// A clock that reads zero.
  public init() {}

  /// Lets `duration` pass; a clock never goes back, so a negative one
  /// changes nothing.
  public mutating func advance(by duration: Duration) {
    if duration > .zero { now += duration }
  }

  /// Moves the clock on to `instant`, a deadline that has come due; a clock
  /// never goes back, so an instant in the past leaves it as it is.
  public mutating func advance(to instant: Duration) {
    if instant > now { now = instant }
  }

  /// The reading, as in `t=1.5s`.
  public var description: String { "t=\(now.secondsText)s" }
}
