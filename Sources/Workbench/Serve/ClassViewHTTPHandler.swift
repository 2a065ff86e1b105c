import FlyingFox
import Foundation

/// Hands FlyingFox's requests to the class view, reading at most
/// `ServeLimits.bodyBytes` of a body, and its answers back.
struct ClassViewHTTPHandler: HTTPHandler {
  /// The pages and the API.
  let view: ClassView

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let body: [UInt8]
    do {
      body = try await Self.body(of: request)
    } catch {
      return Self.response(error.response)
    }
    let served = ServeRequest(
      method: request.method.rawValue, path: request.path, body: body,
      session: Self.session(in: request.headers[HTTPHeader("Cookie")]))
    return Self.response(view.respond(to: served))
  }

  /// The name of the class view's cookie.
  static let cookie = "fsm-session"

  /// The body, refused with a 413 past the limit: by its declared length
  /// before reading any of it, or as soon as a chunked one goes over.
  /// (FlyingFox drains what is left unread before the next request.)
  private static func body(of request: HTTPRequest) async throws(ServeError) -> [UInt8] {
    let tooLarge = ServeError(
      status: 413,
      message: "the body is over \(ServeLimits.bodyBytes / 1024) KB; an event is a few bytes, "
        + #"as in {"event": "coin"}"#)
    if let count = request.bodySequence.count, count > ServeLimits.bodyBytes { throw tooLarge }
    var bytes: [UInt8] = []
    do {
      for try await chunk in request.bodySequence {
        bytes += chunk
        if bytes.count > ServeLimits.bodyBytes { throw tooLarge }
      }
    } catch let error as ServeError {
      throw error
    } catch {
      throw ServeError(status: 400, message: "the body could not be read: the client went away")
    }
    return bytes
  }

  /// The session id in a `Cookie` header, if there is one.
  static func session(in header: String?) -> String? {
    guard let header else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookie {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  /// The class view's answer as FlyingFox sends it.
  private static func response(_ response: ServeResponse) -> HTTPResponse {
    var headers: HTTPHeaders = [
      HTTPHeader("Content-Type"): response.contentType,
      HTTPHeader("Cache-Control"): "no-store",
    ]
    if let session = response.newSession {
      headers[HTTPHeader("Set-Cookie")] = "\(cookie)=\(session); Path=/; HttpOnly; SameSite=Strict"
    }
    return HTTPResponse(
      statusCode: HTTPStatusCode(response.status, phrase: phrase(response.status)),
      headers: headers, body: Data(response.body))
  }

  /// The reason phrase of the statuses the class view answers with.
  private static func phrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 413: "Content Too Large"
    case 429: "Too Many Requests"
    default: "Internal Server Error"
    }
  }
}
