import StateMachines

/// Real time, turned into the `wait` events a timed machine understands:
/// what `fsm shell --real-time` feeds the machine.
///
/// A machine never reads a clock of its own (time is an input); the shell
/// measures how long passed with a real `Clock` and sends it on as
/// `wait:SECONDS`, so the machine's code is the same as in every test. Time
/// goes out in whole milliseconds, the machines' unit; the part of a
/// millisecond left over waits for the next look, so nothing is lost or
/// counted twice however often the shell looks.
struct RealTimeFeed<C: Clock> where C.Duration == Duration {
  /// The clock that measures real time (`ContinuousClock`, or a test's).
  let clock: C

  /// Up to when the time has been handed out.
  private var handedOut: C.Instant

  /// Starts counting now.
  init(clock: C) {
    self.clock = clock
    handedOut = clock.now
  }

  /// The whole milliseconds that passed since the last call (or since the
  /// feed was made), in waits of at most an hour each, the longest a `wait`
  /// may be; none when less than a millisecond passed.
  mutating func waits() -> [Duration] {
    let passed = Duration.milliseconds(handedOut.duration(to: clock.now).wholeMilliseconds)
    guard passed > .zero else { return [] }
    handedOut = handedOut.advanced(by: passed)
    var waits: [Duration] = []
    var left = passed
    while left > .zero {
      let wait = min(left, .longestWait)
      waits.append(wait)
      left -= wait
    }
    return waits
  }
}
