import Foundation
import StateMachines
import Synchronization

/// The browser sessions of the class view, each with its own machines.
///
/// Bounded, so that a class of thirty, or a script that never stops, cannot
/// grow the server without end: at most `ServeLimits.sessions` sessions, the
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
  }

  /// The sessions, by id.
  private let sessions = Mutex<[String: Session]>([:])

  /// Whether timed machines start on the real clock (`fsm serve --real-time`).
  let realTime: Bool

  /// A store whose timed machines start on the real clock when `realTime`.
  init(realTime: Bool = false) {
    self.realTime = realTime
  }

  /// How many sessions there are, for tests and the load script.
  var count: Int { sessions.withLock { $0.count } }

  /// Runs `body` with `machine`'s playground in the session `id`, made
  /// when the session or the playground is new.
  ///
  /// - Returns: what `body` returned, and the session's id when it was made
  ///   here (to set as the browser's cookie).
  func with<Result: Sendable>(
    session id: String?, machine: any CatalogMachine.Type,
    _ body: (any Playground) throws(ServeError) -> Result
  ) throws(ServeError) -> (Result, newSession: String?) {
    let now = ContinuousClock.now
    return try sessions.withLock { sessions throws(ServeError) -> (Result, newSession: String?) in
      var newSession: String?
      let key: String
      if let id, Self.isWellFormed(id), sessions[id] != nil {
        key = id
      } else {
        key = id.flatMap { Self.isWellFormed($0) ? $0 : nil } ?? Self.makeID()
        newSession = key == id ? nil : key
        Self.makeRoom(in: &sessions, now: now)
        sessions[key] = Session(lastUsed: now)
      }
      sessions[key]?.lastUsed = now
      let playground: any Playground
      if let existing = sessions[key]?.playgrounds[machine.id] {
        playground = existing
      } else {
        playground = try makePlayground(machine)
        if realTime && machine.hasClock { try playground.useRealClock(true) }
        sessions[key]?.playgrounds[machine.id] = playground
      }
      return (try body(playground), newSession)
    }
  }

  /// Drops the sessions idle for too long, then the least recently used
  /// one if there is still no room for another.
  private static func makeRoom(in sessions: inout [String: Session], now: ContinuousClock.Instant) {
    sessions = sessions.filter { now - $0.value.lastUsed < ServeLimits.idleSession }
    while sessions.count >= ServeLimits.sessions,
      let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed })
    {
      sessions[oldest.key] = nil
    }
  }

  /// A new session id: 128 random bits in hex.
  static func makeID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let hex = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Whether `id` looks like one `makeID` made: a cookie is user input.
  static func isWellFormed(_ id: String) -> Bool {
    id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
