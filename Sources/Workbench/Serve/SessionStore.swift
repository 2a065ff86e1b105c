import Foundation
import StateMachines
import Synchronization

/// The browser sessions of the class view, each with its own machines.
///
/// Bounded, so that a class of thirty, or a script that never stops, cannot
/// grow the server without end: at most `capacity` sessions, the
/// least recently used dropped first, and none idle for longer than
/// `ServeLimits.idleSession`. Each session keeps at most one playground per
/// machine, and each playground a bounded trace.
///
/// Each session has a lock of its own, held while its machines run, so
/// that one student's work never waits for another's; the store's lock is
/// held only to find, make or drop a session.
final class SessionStore: Sendable {
  /// One browser's machines.
  private struct Session {
    /// The playground of each machine opened, by machine id.
    var playgrounds: [String: any Playground] = [:]
    /// Whether the session is never dropped (the teacher's).
    var pinned = false
  }

  /// A session, and when it was last used, which the store reads without
  /// waiting for the session's own lock.
  private final class Entry: Sendable {
    /// The session, locked while its machines run.
    let session: Mutex<Session>
    /// When the session was last used, as nanoseconds since `epoch`.
    let lastUsed: Atomic<Int64>
    /// Whether the session is never dropped (the teacher's).
    let pinned: Atomic<Bool>

    init(pinned: Bool, now: ContinuousClock.Instant) {
      session = Mutex(Session(pinned: pinned))
      lastUsed = Atomic(Entry.stamp(now))
      self.pinned = Atomic(pinned)
    }

    /// Marks the session used at `now`.
    func touch(_ now: ContinuousClock.Instant) {
      lastUsed.store(Entry.stamp(now), ordering: .relaxed)
    }

    /// How long the session has not been used, at `now`.
    func idle(at now: ContinuousClock.Instant) -> Duration {
      .nanoseconds(Entry.stamp(now) - lastUsed.load(ordering: .relaxed))
    }

    /// `instant` as nanoseconds since `epoch`.
    private static func stamp(_ instant: ContinuousClock.Instant) -> Int64 {
      let passed = (instant - epoch).components
      return passed.seconds * 1_000_000_000 + passed.attoseconds / 1_000_000_000
    }

    /// The origin of the stamps.
    private static let epoch = ContinuousClock.now
  }

  /// The sessions, by id.
  private let sessions = Mutex<[String: Entry]>([:])

  /// Whether timed machines start on the real clock (`fsm serve --real-time`).
  let realTime: Bool

  /// The most sessions kept at once.
  let capacity: Int

  /// A store of at most `capacity` sessions whose timed machines start on
  /// the real clock when `realTime`.
  init(realTime: Bool = false, capacity: Int = ServeLimits.sessions) {
    self.realTime = realTime
    self.capacity = max(1, capacity)
  }

  /// How many sessions there are, for tests and the load script.
  var count: Int { sessions.withLock { $0.count } }

  /// Runs `body` with `machine`'s playground in the session `id`, made
  /// when the playground is new.
  ///
  /// Only the server issues session ids: an id it does not know (made up,
  /// or of a session it dropped) is never adopted. Where `create`, a new
  /// session with a new id takes its place; otherwise (a read, which
  /// changes nothing) `body` gets a fresh playground that is not kept, so
  /// that pages and polls without a session cost nothing to keep.
  ///
  /// - Returns: what `body` returned, and the session's id when it was made
  ///   here (to set as the browser's cookie).
  func with<Result: Sendable>(
    session id: String?, machine: any CatalogMachine.Type, create: Bool = true,
    _ body: (_ playground: any Playground, _ allowance: Int) throws(ServeError) -> Result
  ) throws(ServeError) -> (Result, newSession: String?) {
    let now = ContinuousClock.now
    let (found, newSession, evicted): (Entry?, String?, Bool) = sessions.withLock { sessions in
      if let id, let entry = sessions[id] { return (entry, nil, false) }
      guard create else { return (nil, nil, false) }
      let key = Self.makeID()
      let evicted = Self.makeRoom(in: &sessions, capacity: capacity, now: now)
      let entry = Entry(pinned: false, now: now)
      sessions[key] = entry
      return (entry, key, evicted)
    }
    if evicted { MemoryRelease.returnFreedMemory() }
    guard let entry = found else {
      return (try body(try makeFreshPlayground(machine), ServeLimits.argumentBytes), nil)
    }
    entry.touch(now)
    do throws(ServeError) {
      let result = try entry.session.withLock { session throws(ServeError) -> Result in
        let playground: any Playground
        if let existing = session.playgrounds[machine.id] {
          playground = existing
        } else {
          playground = try makeFreshPlayground(machine)
          // The teacher's playgrounds keep their events, for followers to copy.
          playground.keepsLog = session.pinned
          session.playgrounds[machine.id] = playground
        }
        // The event data the session may still send, all its machines together.
        let spent = session.playgrounds.values.reduce(0) { $0 + $1.argumentBytes }
        return try body(playground, ServeLimits.argumentBytes - spent)
      }
      return (result, newSession)
    } catch {
      // A refused request leaves no session behind that no cookie names,
      // unless it sent events before it was refused (a replay cut short):
      // the error then names the session's cookie, as an answer does.
      if let newSession {
        let sentSome = entry.session.withLock { $0.playgrounds.values.contains { $0.sent > 0 } }
        if !sentSome {
          sessions.withLock { _ = $0.removeValue(forKey: newSession) }
          throw error
        }
        var kept = error
        kept.newSession = newSession
        throw kept
      }
      throw error
    }
  }

  /// The session `id` if the store has it, else a new one (whose id is
  /// returned as `newSession`); when `pinned`, it is never dropped.
  func session(_ id: String?, pinned: Bool) -> (id: String, newSession: String?) {
    let now = ContinuousClock.now
    let (key, entry, newSession, evicted): (String, Entry, String?, Bool) = sessions.withLock {
      sessions in
      if let id, let entry = sessions[id] { return (id, entry, nil, false) }
      let key = Self.makeID()
      let evicted = Self.makeRoom(in: &sessions, capacity: capacity, now: now)
      let entry = Entry(pinned: pinned, now: now)
      sessions[key] = entry
      return (key, entry, key, evicted)
    }
    if evicted { MemoryRelease.returnFreedMemory() }
    if pinned {
      entry.pinned.store(true, ordering: .relaxed)
      entry.session.withLock { session in
        session.pinned = true
        for playground in session.playgrounds.values { playground.keepsLog = true }
      }
    }
    return (key, newSession)
  }

  /// A fresh playground of `machine`, on the real clock if the server says so.
  private func makeFreshPlayground(
    _ machine: any CatalogMachine.Type
  ) throws(ServeError) -> any Playground {
    let playground = try makePlayground(machine)
    if realTime && machine.hasClock { try playground.useRealClock(true) }
    return playground
  }

  /// Drops the sessions idle for too long, then the least recently used
  /// one if there is still no room for another; `true` if any went.
  private static func makeRoom(
    in sessions: inout [String: Entry], capacity: Int, now: ContinuousClock.Instant
  ) -> Bool {
    let before = sessions.count
    sessions = sessions.filter {
      $0.value.pinned.load(ordering: .relaxed) || $0.value.idle(at: now) < ServeLimits.idleSession
    }
    while sessions.count >= capacity,
      let oldest = sessions.filter({ !$0.value.pinned.load(ordering: .relaxed) })
        .max(by: { $0.value.idle(at: now) < $1.value.idle(at: now) })
    {
      sessions[oldest.key] = nil
    }
    return sessions.count < before
  }

  /// A new session id: 128 bits from the system's cryptographic random
  /// source (`getrandom` on Linux), in hex.
  static func makeID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }
}
