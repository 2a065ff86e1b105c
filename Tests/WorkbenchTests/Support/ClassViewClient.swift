import Foundation
import Testing

@testable import Workbench

/// Drives a `ClassView` as a browser would, keeping its session cookie.
final class ClassViewClient {
  /// The class view under test.
  let view: ClassView

  /// The session the class view gave this client.
  var session: String?

  /// The teacher's cookie the class view gave this client, if it opened
  /// the teacher's link.
  var teacherProof: String?

  /// The address the client's requests come from.
  let address: String

  init(_ view: ClassView = ClassView(), address: String = "local") {
    self.view = view
    self.address = address
  }

  /// The answer to `method path` with `body`, the cookie kept; a query
  /// in `path` (`?view=present`) is read as the server reads it.
  func request(_ method: String, _ path: String, body: String = "") -> ServeResponse {
    let parts = path.split(separator: "?", maxSplits: 1)
    var query: [String: String] = [:]
    for pair in parts.dropFirst().first?.split(separator: "&") ?? [] {
      let nameAndValue = pair.split(separator: "=", maxSplits: 1).map(String.init)
      query[nameAndValue[0]] = nameAndValue.count == 2 ? nameAndValue[1] : ""
    }
    let response = view.respond(
      to: ServeRequest(
        method: method, path: parts.first.map(String.init) ?? path, query: query,
        body: Array(body.utf8), session: session, teacherProof: teacherProof, client: address))
    if let new = response.newSession { session = new }
    if let proof = response.teacherCookie { teacherProof = proof }
    return response
  }

  /// The JSON answer to `method path`, decoded.
  func json(_ method: String, _ path: String, body: String = "") throws -> Any {
    try JSONSerialization.jsonObject(with: Data(request(method, path, body: body).body))
  }

  /// The answer to a step with `event`, as JSON.
  func step(_ machine: String, _ event: String) throws -> [String: Any] {
    let body = #"{"event": \#(JSONTrace.string(event))}"#
    return try #require(json("POST", "/api/machines/\(machine)/step", body: body) as? [String: Any])
  }
}

/// The text of a response's body.
func text(of response: ServeResponse) -> String {
  String(decoding: response.body, as: UTF8.self)
}

/// The error message of an error answer: a JSON answer's `error`, or the
/// message of an error page, its entities decoded.
func errorMessage(of response: ServeResponse) throws -> String {
  guard response.contentType.hasPrefix("text/html") else {
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    return try #require(object?["error"] as? String)
  }
  let page = text(of: response)
  let start = try #require(page.range(of: #"<p class="error-message">"#))
  let end = try #require(page.range(of: "</p>", range: start.upperBound..<page.endIndex))
  return String(page[start.upperBound..<end.lowerBound])
    .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&amp;", with: "&")
}
