import Synchronization

/// The machine work each client address may ask of the server: a bucket of
/// machine steps that refills with time.
///
/// A request's size says little of its cost: a 19.5 KB replay of
/// `wait:3600` on the traffic light passes through hundreds of thousands of
/// states. So work is counted as it is done, in *machine steps*: each
/// implementation handling one event is a step, and so is each state a
/// step passes through on the way. Every event a client sends (a click, a replay's
/// events, the events a copy replays) is paid from its address's bucket;
/// an empty bucket refuses the next event with a 429 until it has refilled.
/// Counting by address, not by session, because a client that sends no
/// cookie gets a new session for every request.
///
/// A token bucket is the classic rate limiter (the one that traffic
/// shaping and most HTTP servers use); it is hand-written here because
/// none of the packages at hand meters work rather than requests.
final class WorkAllowances: Sendable {
  /// How much work a client may ask for.
  struct Limits: Sendable {
    /// The most steps a client may spend at once, with a full bucket.
    var burst: Int
    /// The steps the bucket regains each second.
    var perSecond: Int

    /// The limits `fsm serve` uses: a full bucket is a copy of the
    /// longest log the teacher's machine keeps (`ServeLimits.copyableEvents`
    /// events) in every implementation of the machine that lists the most
    /// (eight: the styles and three variants), with a fifth to spare; it
    /// refills at 5,000 machine steps a second, about a third of a core in
    /// a debug build on the traffic light's longest waits, the costliest
    /// steps there are: 625 clicks a second of a machine in eight
    /// implementations.
    ///
    /// The burst was 60,000 when a machine played in the styles alone: it
    /// grew with the variants so that a copy of the longest log still
    /// fits, and a copy's work grew with it. `ClassViewWorkTests` holds it
    /// to the catalog, so that a machine listing more implementations
    /// fails a test, not the teacher's copy. The rate, the bound on the
    /// time a client takes, did not change.
    static let standard = Limits(burst: 96_000, perSecond: 5_000)
  }

  /// One address's bucket.
  private struct Bucket {
    /// The steps left, as of `updated`; below zero after an event that
    /// cost more than was left.
    var level: Double
    /// When `level` was last brought up to date.
    var updated: ContinuousClock.Instant
  }

  /// The limits every address is held to.
  let limits: Limits

  /// The buckets, by address.
  private let buckets = Mutex<[String: Bucket]>([:])

  /// Whether the server is stopping: no more work is started.
  private let stopping = Atomic<Bool>(false)

  /// Allowances held to `limits`.
  init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// Refuses all work from now on, so that a long replay ends at its next
  /// event when the server stops.
  func stop() {
    stopping.store(true, ordering: .relaxed)
  }

  /// A meter for one request from `client`.
  func meter(for client: String) -> WorkMeter {
    WorkMeter(allowances: self, client: client)
  }

  /// The steps `client` has left now.
  func level(of client: String) -> Double {
    buckets.withLock { buckets in refilled(&buckets, client, now: .now).level }
  }

  /// Checks that `client` may start another event: throws a 503 while the
  /// server stops, a 429 naming the limits while its bucket is empty.
  fileprivate func begin(_ client: String) throws(ServeError) {
    if stopping.load(ordering: .relaxed) {
      throw ServeError(status: 503, message: "the server is stopping; open the page again soon")
    }
    let level = buckets.withLock { buckets in refilled(&buckets, client, now: .now).level }
    guard level > 0 else {
      // At most an hour: a deficit of any size, or a rate of nothing, is
      // no reason to trap.
      let seconds = -level / Double(max(1, limits.perSecond))
      let wait = Int(min(3_600, seconds.rounded(.up))) + 1
      throw ServeError(
        status: 429,
        message: "this computer has asked the machines for more work than the server gives one "
          + "client: \(limits.perSecond) machine steps a second, \(limits.burst) at once (a step "
          + "is one implementation handling one event, or passing one state on the way); try again in "
          + "\(wait) s",
        retryAfter: wait)
    }
  }

  /// Takes `steps` from `client`'s bucket. Two requests of one client at
  /// work at once (its lane is two wide) may both have begun on the last
  /// of it: the bucket then goes below zero by an event or two, which the
  /// client waits for before its next.
  fileprivate func spend(_ steps: Int, by client: String) {
    buckets.withLock { buckets in
      var bucket = refilled(&buckets, client, now: .now)
      bucket.level -= Double(steps)
      buckets[client] = bucket
      if buckets.count > Self.bucketsKept { forgetFull(&buckets, now: .now) }
    }
  }

  /// How many buckets are kept before the full ones are looked for and
  /// forgotten: a client that never comes back would otherwise stay.
  private static let bucketsKept = 4_096

  /// Forgets the buckets that have refilled by `now`.
  private func forgetFull(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
    for client in Array(buckets.keys) { _ = refilled(&buckets, client, now: now) }
  }

  /// `client`'s bucket brought up to `now`; a full bucket is forgotten, as
  /// it is the same as a new one, so that the buckets kept are those of
  /// clients that worked in the last few seconds.
  private func refilled(
    _ buckets: inout [String: Bucket], _ client: String, now: ContinuousClock.Instant
  ) -> Bucket {
    let full = Double(limits.burst)
    guard var bucket = buckets[client] else { return Bucket(level: full, updated: now) }
    let passed = (now - bucket.updated).components
    let seconds = Double(passed.seconds) + Double(passed.attoseconds) * 1e-18
    bucket.level = min(full, bucket.level + seconds * Double(limits.perSecond))
    bucket.updated = now
    if bucket.level >= full {
      buckets[client] = nil
    } else {
      buckets[client] = bucket
    }
    return bucket
  }
}

/// The work one request does, paid from its client's allowance.
struct WorkMeter: Sendable {
  /// The allowances it pays from.
  let allowances: WorkAllowances

  /// The address it pays for.
  let client: String

  /// A meter that never refuses, for tests: its bucket holds more steps
  /// than any run takes (half of `Int.max`, so that adding to it cannot
  /// overflow).
  static let unlimited = WorkMeter(
    allowances: WorkAllowances(limits: .init(burst: .max / 2, perSecond: .max / 2)), client: "")

  /// Throws a 429 when the client's allowance is spent (or a 503 when the
  /// server stops): called before each event.
  func begin() throws(ServeError) {
    try allowances.begin(client)
  }

  /// Pays for `steps` machine steps.
  func spend(_ steps: Int) {
    allowances.spend(steps, by: client)
  }
}
