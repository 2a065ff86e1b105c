import Foundation
import Synchronization

/// The class in front of one teacher: who the teacher is, what they show,
/// and the pages that follow them.
///
/// `fsm serve` prints a teacher's link with a key only it knows; the
/// browser that opens it becomes the teacher (its session is never
/// dropped to make room). Every page opened on `/follow` mirrors the
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
    state.withLock { $0.teacher = session }
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
      if let last = state.last { continuation.yield(last) }
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
    let frame = Array("event: snapshot\ndata: \(snapshot)\n\n".utf8)
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

  /// An SSE comment, sent to a follower now and then so that a connection
  /// that died is noticed and closed.
  static let heartbeat = Array(": still here\n\n".utf8)
}
