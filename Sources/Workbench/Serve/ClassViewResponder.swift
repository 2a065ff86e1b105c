import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOPosix
import Synchronization

/// Hands Hummingbird's requests to the class view, and its answers back.
///
/// The class view's work (machines, diagrams, pages read from disk) runs on
/// `pool`, never on Swift's cooperative threads, which answer every
/// connection: on two cores there are two, and one long request held on
/// them would keep every other page from being served. Each client
/// address works in a lane of its own (`ClientLanes`), so that its many
/// requests wait for each other, not for the class.
///
/// It reads at most `ServeLimits.bodyBytes` of a body, within
/// `ServerLimits.bodyTimeout`; past either it answers 413 or 408 and
/// closes the connection without reading on, so that the rest of a
/// refused body is never taken for the next request.
struct ClassViewResponder: Sendable {
  /// The pages and the API.
  let view: ClassView

  /// The server's limits.
  let limits: ServerLimits

  /// The threads the class view's work runs on.
  let pool: NIOThreadPool

  /// The requests of each client at work.
  let lanes: ClientLanes

  /// The large answers served again and again, shared by their clients.
  let bodies = SharedBodies()

  /// The name of the class view's cookie.
  static let cookie = "fsm-session"

  /// The name of the teacher's cookie: the teacher's key, which only the
  /// teacher's link sets, so that a restarted server (with the same key)
  /// knows the teacher's browser. Like the session's, it is `HttpOnly`
  /// (no script reads it) and `SameSite=Strict` (no other site's page
  /// sends it); it holds nothing the browser's history of the link does not.
  static let teacherCookie = "fsm-teacher"

  /// Answers `request` on `writer`; `channel` is its connection.
  func respond(
    to request: Request, writer: consuming ResponseWriter, channel: any Channel
  ) async throws {
    let answer: ServeResponse
    var closing = false
    switch await body(of: request) {
    case .success(let body):
      let client = channel.remoteAddress?.ipAddress ?? "unknown"
      let asked = ServeRequest(
        method: request.method.rawValue, path: request.uri.path,
        query: Self.parameters(request.uri.queryParameters), body: body,
        session: Self.cookie(Self.cookie, in: request.headers[values: .cookie]),
        teacherProof: Self.cookie(Self.teacherCookie, in: request.headers[values: .cookie]),
        client: client)
      do {
        answer = try await lanes.run(for: client) {
          try await pool.runIfActive { [view] in view.respond(to: asked) }
        }
      } catch {
        // The pool has stopped (the server is stopping), or the request's
        // task was cancelled (its client went away, or the server stops).
        answer = ServeError(
          status: 503, message: "the server is stopping; open the page again soon"
        )
        .response(for: asked.path)
        closing = true
      }
    case .failure(let refusal):
      answer = refusal.response(for: request.uri.path)
      closing = true
    }
    var fields: HTTPFields = [.contentType: answer.contentType, .cacheControl: "no-store"]
    if answer.events == nil { fields[.contentLength] = String(answer.body.count) }
    if let location = answer.location { fields[.location] = location }
    if let seconds = answer.retryAfter { fields[.retryAfter] = String(seconds) }
    if let session = answer.newSession {
      fields.append(
        HTTPField(
          name: .setCookie, value: "\(Self.cookie)=\(session); Path=/; HttpOnly; SameSite=Strict"))
    }
    if let key = answer.teacherCookie {
      fields.append(
        HTTPField(
          name: .setCookie,
          value: "\(Self.teacherCookie)=\(key); Path=/; HttpOnly; SameSite=Strict"))
    }
    if answer.status == 405 { fields[.allow] = "GET, HEAD, POST" }
    if closing { fields[.connection] = "close" }
    let head = HTTPResponse(status: .init(code: answer.status), headerFields: fields)
    if request.method == .head {
      try await writer.writeResponse(head)
    } else if let events = answer.events {
      try await writer.write(response: head, body: Self.stream(events, heartbeat: limits.heartbeat))
    } else {
      try await writer.write(
        response: head,
        body: ResponseBody(byteBuffer: bodies.buffer(for: request.uri.path, bytes: answer.body)))
    }
    if closing {
      channel.triggerUserOutboundEvent(RequestGuard.CloseGently(), promise: nil)
    }
  }

  /// The body, refused with a 413 past the limit (by its declared length
  /// before reading any of it, or as soon as it goes over), or a 408 when
  /// it does not arrive in time.
  private func body(of request: Request) async -> Result<[UInt8], ServeError> {
    let limit = ServeLimits.bodyBytes
    let tooLarge = ServeError(
      status: 413,
      message: "the body is over \(limit / 1024) KB; an event is a few bytes, "
        + #"as in {"event": "coin"}"#)
    if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
      return .failure(tooLarge)
    }
    let timeout = limits.bodyTimeout
    return await withTaskGroup(of: Result<[UInt8], ServeError>?.self) { race in
      race.addTask {
        var bytes: [UInt8] = []
        do {
          for try await chunk in request.body {
            bytes += chunk.readableBytesView
            if bytes.count > limit { return .failure(tooLarge) }
          }
        } catch {
          return Task.isCancelled
            ? nil
            : .failure(ServeError(status: 400, message: "the body could not be read"))
        }
        return .success(bytes)
      }
      race.addTask {
        try? await Task.sleep(for: timeout)
        return Task.isCancelled
          ? nil
          : .failure(
            ServeError(
              status: 408,
              message: "the body did not arrive within \(timeout.components.seconds) s"))
      }
      let first = await race.next() ?? nil
      race.cancelAll()
      return first ?? .failure(ServeError(status: 408, message: "the body did not arrive"))
    }
  }

  /// A body of Server-Sent Events: the newest frame of `events` as it
  /// comes, and a comment after every `heartbeat` without one, so that a
  /// follower that went away is noticed (the write fails) and its task ends.
  ///
  /// A follower that reads slowly gets only the newest snapshot: each is
  /// the whole of the teacher's machine, so an older one waiting to be
  /// written is replaced, not queued, and what a follower holds of the
  /// server's memory is at most one frame, however many changes it misses.
  private static func stream(
    _ events: AsyncStream<[UInt8]>, heartbeat: Duration
  ) -> ResponseBody {
    ResponseBody { writer in
      let mailbox = FrameMailbox()
      let (wakeups, wake) = AsyncStream.makeStream(
        of: Void.self, bufferingPolicy: .bufferingNewest(1))
      let forward = Task {
        for await frame in events {
          mailbox.put(frame)
          wake.yield()
        }
        wake.finish()
      }
      let beat = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: heartbeat)
          mailbox.putHeartbeat()
          wake.yield()
        }
      }
      defer {
        forward.cancel()
        beat.cancel()
      }
      for await _ in wakeups {
        while let frame = mailbox.take() {
          try await writer.write(ByteBuffer(bytes: frame))
        }
      }
      try await writer.finish(nil)
    }
  }

  /// The query's parameters, the first of each name.
  static func parameters(_ query: FlatDictionary<Substring, Substring>) -> [String: String] {
    var parameters: [String: String] = [:]
    for (name, value) in query where parameters[String(name)] == nil {
      parameters[String(name)] = String(value)
    }
    return parameters
  }

  /// The value of the cookie `name` in the `Cookie` headers, if there is one.
  static func cookie(_ name: String, in headers: [String]) -> String? {
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
}

/// The one frame waiting to be written to a follower: the newest snapshot,
/// or a heartbeat when there is none.
final class FrameMailbox: Sendable {
  /// The newest snapshot not yet written, and whether a heartbeat is due.
  private let waiting = Mutex<(snapshot: [UInt8]?, heartbeat: Bool)>((nil, false))

  /// Keeps `frame` in place of any snapshot not yet written.
  func put(_ frame: [UInt8]) {
    waiting.withLock { $0.snapshot = frame }
  }

  /// Asks for a heartbeat, unless a snapshot is written first.
  func putHeartbeat() {
    waiting.withLock { $0.heartbeat = true }
  }

  /// The frame to write now, if any: the snapshot first, as it also tells
  /// the follower the server is there.
  func take() -> [UInt8]? {
    waiting.withLock { waiting in
      defer { waiting = (nil, false) }
      if let snapshot = waiting.snapshot { return snapshot }
      return waiting.heartbeat ? Classroom.heartbeat : nil
    }
  }
}
