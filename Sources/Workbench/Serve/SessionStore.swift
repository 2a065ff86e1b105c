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
/// One lock guards all sessions; it is held only while one event runs
/// through five machines (microseconds), never while a diagram renders.
final class SessionStore: Sendable {
  /// One browser's machines.
  private struct Session {
    /// The playground of each machine opened, by machine id.
    var playgrounds: [String: any Playground] = [:]
    /// When the session was last used.
    var lastUsed: ContinuousClock.Instant
    /// Whether the session is never dropped (the teacher's).
    var pinned = false
  }

  /// The sessions, by id.
  private let sessions = Mutex<[String: Session]>([:])

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
    let (result, newSession, evicted) = try sessions.withLock {
      sessions throws(ServeError) -> (Result, String?, Bool) in
      var newSession: String?
      var evicted = false
      let key: String
      if let id, sessions[id] != nil {
        key = id
      } else if create {
        key = Self.makeID()
        newSession = key
        evicted = Self.makeRoom(in: &sessions, capacity: capacity, now: now)
        sessions[key] = Session(lastUsed: now)
      } else {
        return (try body(try makeFreshPlayground(machine), ServeLimits.argumentBytes), nil, false)
      }
      sessions[key]?.lastUsed = now
      let playground: any Playground
      if let existing = sessions[key]?.playgrounds[machine.id] {
        playground = existing
      } else {
        playground = try makeFreshPlayground(machine)
        // The teacher's playgrounds keep their events, for followers to copy.
        playground.keepsLog = sessions[key]?.pinned ?? false
        sessions[key]?.playgrounds[machine.id] = playground
      }
      // The event data the session may still send, all its machines together.
      let spent = sessions[key]?.playgrounds.values.reduce(0) { $0 + $1.argumentBytes } ?? 0
      do throws(ServeError) {
        return (try body(playground, ServeLimits.argumentBytes - spent), newSession, evicted)
      } catch {
        // A refused request leaves no session behind that no cookie names.
        if newSession != nil { sessions[key] = nil }
        throw error
      }
    }
    if evicted { MemoryRelease.returnFreedMemory() }
    return (result, newSession)
  }

  /// The session `id` if the store has it, else a new one (whose id is
  /// returned as `newSession`); when `pinned`, it is never dropped.
  func session(_ id: String?, pinned: Bool) -> (id: String, newSession: String?) {
    let now = ContinuousClock.now
    let (key, newSession, evicted) = sessions.withLock { sessions in
      if let id, let session = sessions[id] {
        if pinned {
          sessions[id]?.pinned = true
          for playground in session.playgrounds.values { playground.keepsLog = true }
        }
        return (id, String?.none, false)
      }
      let key = Self.makeID()
      let evicted = Self.makeRoom(in: &sessions, capacity: capacity, now: now)
      sessions[key] = Session(lastUsed: now, pinned: pinned)
      return (key, key, evicted)
    }
    if evicted { MemoryRelease.returnFreedMemory() }
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
    in sessions: inout [String: Session], capacity: Int, now: ContinuousClock.Instant
  ) -> Bool {
    let before = sessions.count
    sessions = sessions.filter {
      $0.value.pinned || now - $0.value.lastUsed < ServeLimits.idleSession
    }
    while sessions.count >= capacity,
      let oldest = sessions.filter({ !$0.value.pinned })
        .min(by: { $0.value.lastUsed < $1.value.lastUsed })
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
