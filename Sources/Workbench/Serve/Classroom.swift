import Foundation
import Synchronization

/// The class in front of one teacher: who the teacher is, what they show,
/// and the pages that follow them.
///
/// `fsm serve` prints a teacher's link with a key only it knows (kept
/// across restarts, `TeacherKey`); the browser that opens it becomes the
/// teacher (its session is never dropped to make room) and keeps the key
/// in a cookie, by which a restarted server knows it again. Every page
/// opened on `/follow` mirrors the
/// teacher's machine, read-only, through Server-Sent Events: after each
/// of the teacher's changes, one snapshot (the trace, the lines that
/// handled the step shown, the diagram) is made once and sent to all.
final class Classroom: Sendable {
  /// The key in the teacher's link, `/teach/KEY`.
  let teacherKey: String

  /// The mutable part: the teacher and the followers.
  private struct State {
    /// The teacher's session, once claimed.
    var teacher: String?
    /// The session a browser proving the key had when it claimed the
    /// class back after a restart (`reclaim`), for its requests already
    /// on their way with that cookie.
    var reclaimedFrom: String??
    /// Where students can reach the server.
    var reach = Reach.unknown
    /// The last snapshot sent, as an SSE frame, for a page that starts following.
    var last: [UInt8]?
    /// The machine and trace of the last snapshot, to send only news.
    var lastTrace: (machine: String, trace: String)?
    /// The followers' streams, by a number of their own.
    var followers: [Int: AsyncStream<[UInt8]>.Continuation] = [:]
    /// The number the next follower gets.
    var next = 0
  }

  /// The teacher and the followers, under one lock held only to read or
  /// swap them (never while a snapshot is made).
  private let state = Mutex(State())

  /// The most pages that may follow at once.
  let followerLimit: Int

  /// A classroom with a new random teacher's key, followed by at most
  /// `followerLimit` pages at once.
  init(teacherKey: String = SessionStore.makeID(), followerLimit: Int = ServeLimits.followers) {
    self.teacherKey = teacherKey
    self.followerLimit = followerLimit
  }

  /// The teacher's session, if a browser has claimed it.
  var teacher: String? { state.withLock { $0.teacher } }

  /// The machine the teacher last opened or changed.
  var teacherMachine: String? { state.withLock { $0.lastTrace?.machine } }

  /// Whether `session` is the teacher's.
  func isTeacher(_ session: String?) -> Bool {
    session != nil && session == teacher
  }

  /// Makes `session` the teacher's (the last browser to open the link).
  func claim(by session: String) {
    state.withLock {
      $0.teacher = session
      $0.reclaimedFrom = nil
    }
  }

  /// Whether `proof`, a teacher's cookie, holds the teacher's key
  /// (compared in time that does not depend on where they differ).
  func isTeachersProof(_ proof: String?) -> Bool {
    guard let proof else { return false }
    let given = Array(proof.utf8)
    let key = Array(teacherKey.utf8)
    guard given.count == key.count else { return false }
    return zip(given, key).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// The teacher's session for a browser that proves the key but whose
  /// session is not the teacher's: when no browser is the teacher yet (the
  /// server restarted), `make` gives it a session (from its `session`, or
  /// a new one) that becomes the teacher's; requests that come with the
  /// same old `session` afterwards get the same one. `nil` when another
  /// browser is the teacher, or `proof` is not the key.
  ///
  /// - Returns: the teacher's session, and whether the browser must be
  ///   given it as its cookie.
  func reclaim(
    session: String?, proof: String?, make: (String?) -> (id: String, newSession: String?)
  ) -> (session: String, setCookie: Bool)? {
    guard isTeachersProof(proof) else { return nil }
    return state.withLock { state in
      if let teacher = state.teacher {
        guard let from = state.reclaimedFrom, from == session else { return nil }
        return (teacher, true)
      }
      let made = make(session)
      state.teacher = made.id
      state.reclaimedFrom = .some(session)
      return (made.id, made.newSession != nil)
    }
  }

  /// Where students can reach a server: the follow links it shows the class.
  enum Reach: Equatable, Sendable {
    /// Not on a socket (a test that calls the class view directly).
    case unknown
    /// Listening on `host`, a loopback address: this computer only.
    case thisComputerOnly(host: String)
    /// The follow links other computers can use (none found when the
    /// computer is on no network).
    case network([Link])

    /// A follow link, and the network interface its address belongs to
    /// (empty for an address given with `--host`).
    struct Link: Equatable, Sendable {
      var url: String
      var interface: String
    }

    /// Where students reach a server listening on `host` and `port`:
    /// never `localhost`, `127.x` or `0.0.0.0`, which they cannot type;
    /// `reachable` gives the addresses of a wildcard host.
    static func of(
      host: String, port: UInt16,
      reachable: (String) -> [NetworkAddresses.Reachable] = NetworkAddresses.reachable(bound:)
    ) -> Reach {
      guard !NetworkAddresses.isLoopback(host) else { return .thisComputerOnly(host: host) }
      return .network(
        reachable(host).map { found in
          Link(
            url: ClassViewServer.url(host: found.address, port: port) + "follow",
            interface: found.interface)
        })
    }
  }

  /// Where students can reach the server, once it listens.
  var reach: Reach {
    get { state.withLock { $0.reach } }
    set { state.withLock { $0.reach = newValue } }
  }

  /// How many pages follow the teacher now.
  var followerCount: Int { state.withLock { $0.followers.count } }

  /// A stream of SSE frames for a new follower: the last snapshot first,
  /// then each new one; `nil` when `followerLimit` pages already follow.
  func follow() -> AsyncStream<[UInt8]>? {
    let (stream, continuation) = AsyncStream.makeStream(
      of: [UInt8].self, bufferingPolicy: .bufferingNewest(2))
    let number: Int? = state.withLock { state in
      guard state.followers.count < followerLimit else { return nil }
      let number = state.next
      state.next += 1
      state.followers[number] = continuation
      continuation.yield(state.last ?? Self.reconnect)
      return number
    }
    guard let number else { return nil }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.followers.removeValue(forKey: number) }
    }
    return stream
  }

  /// Whether the teacher's `machine` with `trace` differs from the last
  /// snapshot (and is then taken as the last).
  func isNews(machine: String, trace: String) -> Bool {
    state.withLock { state in
      if let last = state.lastTrace, last.machine == machine, last.trace == trace { return false }
      state.lastTrace = (machine, trace)
      return true
    }
  }

  /// Sends `snapshot` (a JSON object) to every follower as one SSE frame.
  func publish(_ snapshot: String) {
    let frame = Array("event: snapshot\ndata: \(snapshot)\n\(Self.retry)\n".utf8)
    let followers = state.withLock { state in
      state.last = frame
      return Array(state.followers.values)
    }
    for follower in followers { follower.yield(frame) }
  }

  /// Ends every follower's stream, as the server stops.
  func dismiss() {
    let followers = state.withLock { state in
      defer { state.followers = [:] }
      return Array(state.followers.values)
    }
    for follower in followers { follower.finish() }
  }

  /// How soon a follower's browser connects again after its stream ends
  /// (the server stopped, or restarts), in every snapshot's frame: a
  /// second, not the browser's default three.
  static let retry = "retry: 1000\n"

  /// The first frame of a follower that no snapshot waits for yet: only
  /// how soon to connect again.
  static let reconnect = Array((retry + "\n").utf8)

  /// An SSE comment, sent to a follower now and then so that a connection
  /// that died is noticed and closed.
  static let heartbeat = Array(": still here\n\n".utf8)
}
