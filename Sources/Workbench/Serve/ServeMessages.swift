import Foundation

/// A request to the class view, as the router sees it: independent of the
/// server library, so that tests drive the router without a socket.
struct ServeRequest: Sendable {
  /// `GET` or `POST`.
  var method: String

  /// The path as sent, percent-encoded, without the query, as in
  /// `/api/machines/turnstile`.
  var path: String

  /// The query's parameters, as in `view=present` for `?view=present`.
  var query: [String: String] = [:]

  /// The body's bytes, already checked against `ServeLimits.bodyBytes`.
  var body: [UInt8] = []

  /// The session the browser's cookie names, if it sent one.
  var session: String?

  /// The teacher's cookie, if the browser sent one: the teacher's key, set
  /// by the teacher's link, by which a restarted server knows the teacher.
  var teacherProof: String?

  /// The address the request came from, whose allowance pays for the
  /// machine work it asks for.
  var client = "local"
}

/// What the router answers.
struct ServeResponse: Sendable {
  /// The HTTP status code.
  var status: Int

  /// The `Content-Type`.
  var contentType: String

  /// The body.
  var body: [UInt8]

  /// A session id to set as the browser's cookie, when the router made one.
  var newSession: String?

  /// Where a redirect (303) sends the browser.
  var location: String?

  /// The teacher's key, to set as the browser's teacher cookie (the
  /// teacher's link sets it).
  var teacherCookie: String?

  /// When a client that was refused for asking too much may ask again, in
  /// seconds (`Retry-After`, with a 429).
  var retryAfter: Int?

  /// For a stream of Server-Sent Events: the frames, sent as they come
  /// after `body`, until the stream or the connection ends.
  var events: AsyncStream<[UInt8]>?

  /// A 303 to `location`.
  static func redirect(to location: String) -> ServeResponse {
    var response = ServeResponse(
      status: 303, contentType: "text/plain; charset=utf-8", body: Array("See \(location)\n".utf8))
    response.location = location
    return response
  }

  /// A stream of Server-Sent Events.
  static func eventStream(_ events: AsyncStream<[UInt8]>) -> ServeResponse {
    var response = ServeResponse(status: 200, contentType: "text/event-stream", body: [])
    response.events = events
    return response
  }

  /// A JSON answer.
  static func json(_ value: JSONValue, status: Int = 200) -> ServeResponse {
    ServeResponse(
      status: status, contentType: "application/json; charset=utf-8", body: Array(value.text.utf8))
  }

  /// An HTML page.
  static func html(_ page: String) -> ServeResponse {
    ServeResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
  }

  /// An SVG image.
  static func svg(_ bytes: [UInt8]) -> ServeResponse {
    ServeResponse(status: 200, contentType: "image/svg+xml", body: bytes)
  }
}

/// Bad input to the class view: a 4xx status and a message that names the
/// valid choices, answered as `{"error": MESSAGE, "status": N}`.
struct ServeError: Error, Sendable {
  /// The HTTP status: 400, 404, 405, 408, 409, 413, 429 or 503.
  var status: Int

  /// What was wrong, and what would be right.
  var message: String

  /// The session a request made before it was refused (a replay cut
  /// short keeps the events it sent), to set as the browser's cookie.
  var newSession: String? = nil

  /// When the client may ask again, in seconds, for a 429.
  var retryAfter: Int? = nil

  /// The error as the API answers it.
  var response: ServeResponse {
    var answer = ServeResponse.json(
      .object([("error", .string(message)), ("status", .number(status))]), status: status)
    answer.newSession = newSession
    answer.retryAfter = retryAfter
    return answer
  }

  /// The error as a person reads it: a page, except under `/api`, where
  /// programs read JSON.
  func response(for path: String) -> ServeResponse {
    guard !ServeError.isAPI(path) else { return response }
    let page = Pages.layout(
      title: "\(status) \(ServeError.phrase(status))",
      body: """
        <h1>\(status) \(escaped(ServeError.phrase(status)))</h1>
        <p class="error-message">\(escaped(message))</p>
        <p><a href="/">Back to the machines</a></p>
        """)
    var answer = ServeResponse.html(page)
    answer.status = status
    answer.newSession = newSession
    answer.retryAfter = retryAfter
    return answer
  }

  /// Whether `path` is the API's, whose errors are JSON.
  static func isAPI(_ path: String) -> Bool {
    path == "/api" || path.hasPrefix("/api/")
  }

  /// The reason phrase of the statuses the class view answers with.
  static func phrase(_ status: Int) -> String {
    switch status {
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 403: "Forbidden"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 429: "Too Many Requests"
    case 503: "Service Unavailable"
    default: "Server Error"
    }
  }

  /// A 404 for a path the class view does not serve.
  static func notFound(_ path: String) -> ServeError {
    ServeError(
      status: 404,
      message: "no page or API at '\(path)'; see /, /machines/ID, /costs, /lessons, /docs, "
        + "/README.md, /api/machines")
  }
}

/// The bounds that keep one client from taking the server from the others.
enum ServeLimits {
  /// The largest request body read: an event is a few bytes.
  static let bodyBytes = 64 * 1024

  /// The steps of a session's trace kept per machine; older ones are dropped
  /// (the count of all events handled is kept).
  static let traceSteps = 200

  /// The most events a playground keeps as text for a follower to copy
  /// (`POST /api/machines/ID/copy`); a longer session is not copied.
  static let copyableEvents = 10_000

  /// The most pages that follow the teacher at once (each holds a connection).
  static let followers = 500

  /// The longest event text, as in `send:hello`: a line a person types.
  static let eventBytes = 1024

  /// The bytes of event arguments one session may send its machines, all
  /// together, before one starts again: the TCP connection queues what is
  /// sent before it is established, and a session must not grow without
  /// end. With the trace's bounded steps, a full session holds under 1 MiB
  /// of the server's memory (measured by `scripts/abuse-test`). Steps that
  /// pass through many states keep them all: 200 hour-long waits of the
  /// traffic light hold about 16 MiB in its eight implementations (18 MiB
  /// in the five styles before the variants were played: the
  /// implementations that agree share their lists of states and outputs),
  /// which the client's allowance of machine work (`WorkAllowances`)
  /// spreads over thirteen minutes (eight, with five styles).
  static let argumentBytes = 256 * 1024

  /// The sessions kept at once; the one least recently used goes first.
  static let sessions = 1_000

  /// The sessions kept that one client address made: a student's browser
  /// keeps one; a teacher trying the class view in a few browsers, a few.
  /// Past it, that address's least recently used goes, not a classmate's.
  static let sessionsPerClient = 20

  /// How long a session may sit unused before it is dropped.
  static let idleSession: Duration = .seconds(2 * 60 * 60)
}
