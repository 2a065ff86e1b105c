import Foundation
import StateMachines
import Synchronization

/// The browser sessions of the class view, each with its own machines.
///
/// Bounded, so that a class of thirty, or a script that never stops, cannot
/// grow the server without end: at most `capacity` sessions, the
/// least recently used dropped first, none idle for longer than
/// `ServeLimits.idleSession`, and at most `perClient` made from one client
/// address (its own oldest goes first), so that one computer cannot push
/// the class's sessions out. A session in use is never dropped. Each
/// session keeps at most one playground per machine, and each playground a
/// bounded trace.
///
/// Each session has a lock of its own, held while its machines run, so
/// that one student's work never waits for another's; the store's lock is
/// held only to find, add or drop a session.
final class SessionStore: Sendable {
  /// One browser's machines.
  private struct Session {
    /// The playground of each machine opened, by machine id.
    var playgrounds: [String: any Playground] = [:]
  }

  /// A session, with what the store reads of it without waiting for the
  /// session's own lock.
  private final class Entry: Sendable {
    /// The session, locked while its machines run.
    let session = Mutex(Session())
    /// The address that made it.
    let client: String
    /// When the session was last used, as nanoseconds since `epoch`.
    private let lastUsed: Atomic<Int64>
    /// The requests at work in it: while any is, it is not dropped.
    let inUse = Atomic<Int>(0)
    /// Whether the session is never dropped (the teacher's); its
    /// playgrounds keep their events.
    let pinned = Atomic<Bool>(false)

    init(client: String, now: ContinuousClock.Instant) {
      self.client = client
      lastUsed = Atomic(Entry.stamp(now))
    }

    /// Marks the session used now.
    func touch() {
      lastUsed.store(Entry.stamp(.now), ordering: .relaxed)
    }

    /// How long the session has not been used, at `now`.
    func idle(at now: ContinuousClock.Instant) -> Duration {
      .nanoseconds(Entry.stamp(now) - lastUsed.load(ordering: .relaxed))
    }

    /// Whether the store may drop it.
    var droppable: Bool {
      !pinned.load(ordering: .relaxed) && inUse.load(ordering: .relaxed) == 0
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

  /// The most sessions kept that one client address made.
  let perClient: Int

  /// A store of at most `capacity` sessions, `perClient` of them from one
  /// address, whose timed machines start on the real clock when `realTime`.
  init(
    realTime: Bool = false, capacity: Int = ServeLimits.sessions,
    perClient: Int = ServeLimits.sessionsPerClient
  ) {
    self.realTime = realTime
    self.capacity = max(1, capacity)
    self.perClient = max(1, perClient)
  }

  /// How many sessions there are, for tests and the load script.
  var count: Int { sessions.withLock { $0.count } }

  /// Runs `body` with `machine`'s playground in the session `id`, made
  /// when the playground is new.
  ///
  /// Only the server issues session ids: an id it does not know (made up,
  /// or of a session it dropped) is never adopted. Where `create`, a new
  /// session with a new id takes its place, for `client`; it is kept only
  /// if `body` succeeds or sent its machines events before it was refused,
  /// so that a refused request drops no one else's session to make room.
  /// Otherwise (a read, which changes nothing) `body` gets a fresh
  /// playground that is not kept, so that pages and polls without a
  /// session cost nothing to keep.
  ///
  /// - Returns: what `body` returned, and the session's id when it was made
  ///   here (to set as the browser's cookie).
  func with<Result: Sendable>(
    session id: String?, machine: any CatalogMachine.Type, create: Bool = true,
    client: String = "local",
    _ body: (_ playground: any Playground, _ allowance: Int) throws(ServeError) -> Result
  ) throws(ServeError) -> (Result, newSession: String?) {
    let known: Entry? = sessions.withLock { sessions in
      guard let id, let entry = sessions[id] else { return nil }
      // Counted in use under the store's lock, so that no request drops it
      // between finding it and working in it.
      entry.inUse.add(1, ordering: .relaxed)
      return entry
    }
    if known == nil && !create {
      return (try body(try makeFreshPlayground(machine), ServeLimits.argumentBytes), nil)
    }
    let entry = known ?? Entry(client: client, now: .now)
    let newSession = known == nil ? Self.makeID() : nil
    entry.touch()
    defer {
      entry.touch()
      if known != nil { entry.inUse.subtract(1, ordering: .relaxed) }
    }
    do throws(ServeError) {
      let result = try work(in: entry, machine: machine, body)
      if let newSession { add(entry, as: newSession) }
      return (result, newSession)
    } catch {
      // A refused request keeps no new session, unless it sent events
      // before it was refused (a replay cut short): the error then names
      // the session's cookie, as an answer does.
      guard let newSession,
        entry.session.withLock({ $0.playgrounds.values.contains { $0.sent > 0 } })
      else { throw error }
      add(entry, as: newSession)
      var kept = error
      kept.newSession = newSession
      throw kept
    }
  }

  /// Runs `body` with `machine`'s playground in `entry`, under its lock.
  private func work<Result: Sendable>(
    in entry: Entry, machine: any CatalogMachine.Type,
    _ body: (_ playground: any Playground, _ allowance: Int) throws(ServeError) -> Result
  ) throws(ServeError) -> Result {
    try entry.session.withLock { session throws(ServeError) -> Result in
      let playground: any Playground
      if let existing = session.playgrounds[machine.id] {
        playground = existing
      } else {
        playground = try makeFreshPlayground(machine)
        // The teacher's playgrounds keep their events, for followers to copy.
        playground.keepsLog = entry.pinned.load(ordering: .relaxed)
        session.playgrounds[machine.id] = playground
      }
      // The event data the session may still send, all its machines together.
      let spent = session.playgrounds.values.reduce(0) { $0 + $1.argumentBytes }
      return try body(playground, ServeLimits.argumentBytes - spent)
    }
  }

  /// Keeps `entry` as `id`, dropping others first to make room.
  private func add(_ entry: Entry, as id: String) {
    let dropped = sessions.withLock { sessions in
      let dropped = Self.makeRoom(
        in: &sessions, for: entry.client, capacity: capacity, perClient: perClient, now: .now)
      sessions[id] = entry
      return dropped
    }
    if dropped { MemoryRelease.returnFreedMemory() }
  }

  /// The teacher's session: `id` if the store has it, else a new one
  /// (whose id is returned as `newSession`), made for `client`. It is
  /// never dropped, and its playgrounds keep their events.
  func pinnedSession(_ id: String?, client: String = "local") -> (
    id: String, newSession: String?
  ) {
    let found: (String, Entry)? = sessions.withLock { sessions in
      guard let id, let entry = sessions[id] else { return nil }
      return (id, entry)
    }
    let (key, entry) = found ?? (Self.makeID(), Entry(client: client, now: .now))
    entry.pinned.store(true, ordering: .relaxed)
    entry.session.withLock { session in
      for playground in session.playgrounds.values { playground.keepsLog = true }
    }
    if found == nil { add(entry, as: key) }
    return (key, found == nil ? key : nil)
  }

  /// A fresh playground of `machine`, on the real clock if the server says so.
  private func makeFreshPlayground(
    _ machine: any CatalogMachine.Type
  ) throws(ServeError) -> any Playground {
    let playground = try makePlayground(machine)
    if realTime && machine.hasClock { try playground.useRealClock(true) }
    return playground
  }

  /// Drops the sessions idle for too long; then, if `client` already made
  /// `perClient` sessions, its least recently used; then, if there is still
  /// no room for another, the least recently used of all. Sessions in use
  /// and the teacher's are never dropped. `true` if any went.
  private static func makeRoom(
    in sessions: inout [String: Entry], for client: String, capacity: Int, perClient: Int,
    now: ContinuousClock.Instant
  ) -> Bool {
    let before = sessions.count
    sessions = sessions.filter {
      !$0.value.droppable || $0.value.idle(at: now) < ServeLimits.idleSession
    }
    func dropOldest(where chosen: (Entry) -> Bool) {
      guard
        let oldest = sessions.filter({ $0.value.droppable && chosen($0.value) })
          .max(by: { $0.value.idle(at: now) < $1.value.idle(at: now) })
      else { return }
      sessions[oldest.key] = nil
    }
    var own = sessions.values.filter { $0.client == client }.count
    while own >= perClient, sessions.count > 0 {
      let count = sessions.count
      dropOldest { $0.client == client }
      if sessions.count == count { break }
      own -= 1
    }
    while sessions.count >= capacity {
      let count = sessions.count
      dropOldest { _ in true }
      if sessions.count == count { break }
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
