import Foundation
import Testing

@testable import Workbench

/// What a hostile client sends the class view's server, on a socket: each
/// is answered in bounded time with its status, the connection closed,
/// and the server goes on answering everyone else.
@Suite("fsm serve: hostile clients")
struct ClassViewAbuseTests {
  /// Limits with short times, so that the slow clients' tests take a
  /// fraction of a second, and few connections per client.
  static let limits = ServerLimits(
    headTimeout: .milliseconds(300), bodyTimeout: .milliseconds(300),
    lingerTimeout: .milliseconds(200), connectionsPerClient: 4)

  /// A server with `limits`, stopped after `body`.
  private func withServer(
    limits: ServerLimits = Self.limits,
    _ body: (ClassViewServer) async throws -> Void
  ) async throws {
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: ClassView(), limits: limits)
    do {
      try await body(server)
    } catch {
      await server.stop()
      throw error
    }
    try await expectServing(server)
    await server.stop()
  }

  /// A normal request still gets its answer.
  private func expectServing(_ server: ClassViewServer) async throws {
    let answer = try await exchange(
      server, "GET /api/machines/turnstile HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(status(of: answer) == 200)
  }

  /// Sends `request` on a new connection from `source` and reads until the
  /// server closes it.
  private func exchange(
    _ server: ClassViewServer, _ request: String, from source: String = "127.0.0.1"
  ) async throws -> String {
    try await roundTrip(port: server.port, request, from: source)
  }

  /// Polls `condition` until it holds, failing the test after `seconds`:
  /// how long the server takes to accept depends on how busy the machine is.
  private func waitUntil(
    seconds: Int, _ condition: () -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("still not so after \(seconds) s")
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test("a header line of 64 KB: 431, the connection closed")
  func longHeader() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server,
        "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + String(repeating: "a", count: 65536) + "\r\n\r\n")
      #expect(status(of: answer) == 431)
      #expect(answer.contains("16 KB"))
    }
  }

  @Test("a request line of 1 MB: 414, the connection closed")
  func longRequestLine() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server, "GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(status(of: answer) == 414)
    }
  }

  @Test("a body over 64 KB, sent in full: one 413, and the rest is never read as a request")
  func largeBody() async throws {
    try await withServer { server in
      // The body is made of requests: a server that parsed it after the
      // 413 would answer them.
      let smuggled = String(
        repeating: "GET /api/machines HTTP/1.1\r\nHost: x\r\n\r\n",
        count: (ServeLimits.bodyBytes * 2) / 40)
      let answer = try await exchange(
        server,
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nContent-Length: "
          + "\(smuggled.utf8.count)\r\n\r\n" + smuggled)
      #expect(status(of: answer) == 413)
      #expect(answerCount(in: answer) == 1)
    }
  }

  @Test("a chunked body that grows past 64 KB: 413 as soon as it does")
  func largeChunkedBody() async throws {
    try await withServer { server in
      let chunk = "8000\r\n" + String(repeating: "a", count: 0x8000) + "\r\n"
      let answer = try await exchange(
        server,
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + String(repeating: chunk, count: 4) + "0\r\n\r\n")
      #expect(status(of: answer) == 413)
      #expect(answerCount(in: answer) == 1)
    }
  }

  @Test("a head sent too slowly: 408 when its time is up")
  func slowHead() async throws {
    try await withServer { server in
      let started = ContinuousClock.now
      let answer = try await exchange(
        server, "GET /api/machines HTTP/1.1\r\nHost: x\r\n")  // Never the empty line.
      #expect(status(of: answer) == 408)
      #expect(ContinuousClock.now - started < .seconds(5))
    }
  }

  @Test("a body sent too slowly: 408 when its time is up")
  func slowBody() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server,
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
      #expect(status(of: answer) == 408)
    }
  }

  @Test("one address may hold only so many connections: 503 past them, others still served")
  func connectionsPerClient() async throws {
    // The held connections must outlast a busy machine's scheduling, so
    // their heads may take as long as they like here.
    var patient = Self.limits
    patient.headTimeout = .seconds(60)
    try await withServer(limits: patient) { server in
      let held = try (0..<Self.limits.connectionsPerClient).map { _ in
        try RawConnection(port: server.port, from: "127.0.0.2")
      }
      // Each holds a connection with a request in progress.
      for connection in held { connection.write("GET / HTTP/1.1\r\n") }
      try await waitUntil(seconds: 20) {
        server.clients.count(of: "127.0.0.2") == Self.limits.connectionsPerClient
      }
      let answer = try await exchange(server, "", from: "127.0.0.2")
      #expect(status(of: answer) == 503)
      #expect(server.clients.count(of: "127.0.0.2") == Self.limits.connectionsPerClient)
      try await expectServing(server)  // From 127.0.0.1: another client.
      for connection in held { connection.hangUp() }
    }
  }

  @Test(
    "a method the class view does not answer: 405 naming the ones it does",
    arguments: ["FOO", "PUT", "DELETE"])
  func unknownMethod(method: String) async throws {
    try await withServer { server in
      let answer = try await exchange(
        server, "\(method) / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
      #expect(status(of: answer) == 405)
      #expect(answer.contains("Allow: GET, HEAD, POST"))
      #expect(answer.contains("not \(method)"))
    }
  }

  @Test(
    "a method of 17 or more characters: 405 as for any other, not a bare 400", arguments: [17, 300])
  func longMethod(length: Int) async throws {
    try await withServer { server in
      let method = String(repeating: "M", count: length)
      let answer = try await exchange(server, "\(method) / HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(status(of: answer) == 405)
      #expect(answer.contains("Allow: GET, HEAD, POST"))
      #expect(answer.contains("not MMMMMMMMMMMMMMMM..."))
    }
  }

  @Test("empty lines before a request line: 408 when the head's time is up, 431 past its bytes")
  func leadingEmptyLines() async throws {
    try await withServer { server in
      let started = ContinuousClock.now
      let slow = try await exchange(server, "\r\n")
      #expect(status(of: slow) == 408)
      #expect(ContinuousClock.now - started < .seconds(5))
      let many = try await exchange(server, String(repeating: "\r\n", count: 32768))
      #expect(status(of: many) == 431)
    }
  }

  @Test("a chunk extension past 4 KB: 400 at once, not read on until the body's time is up")
  func longChunkExtension() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server,
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "5;ext=" + String(repeating: "a", count: 1 << 16))
      #expect(status(of: answer) == 400)
      #expect(answerCount(in: answer) == 1)
      // A chunked body within the bounds is read as ever.
      let event = #"{"event": "coin"}"#
      let served = try await exchange(
        server,
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
          + "Connection: close\r\n\r\n11;name=value\r\n\(event)\r\n0\r\nX-Trailer: 1\r\n\r\n")
      #expect(status(of: served) == 200)
    }
  }

  @Test("a NUL in the path: 400, not the file cut short at it")
  func nulInPath() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server, "GET /docs/README.md%00.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(status(of: answer) == 400)
      #expect(!answer.contains("image/png"))
    }
  }

  @Test("HEAD answers the head of GET")
  func head() async throws {
    try await withServer { server in
      let answer = try await exchange(
        server, "HEAD /api/machines HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      #expect(status(of: answer) == 200)
      #expect(answer.hasSuffix("\r\n\r\n"))
    }
  }

  @Test("keep-alive: requests one after another on one connection are all answered")
  func keepAlive() async throws {
    try await withServer { server in
      let port = server.port
      let answers = try await offPool {
        let connection = try RawConnection(port: port)
        return (0..<3).map { _ in
          connection.write(
            "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nContent-Length: 17\r\n\r\n"
              + #"{"event": "coin"}"#)
          return connection.readAnswer()
        }
      }
      #expect(answers.map { status(of: $0) } == [200, 200, 200])
    }
  }

  @Test("stop ends the server within 2 s, slow clients and all")
  func stopsWithSlowClients() async throws {
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: ClassView(), limits: ServerLimits())
    let slow = try (0..<3).map { _ in try RawConnection(port: server.port) }
    for connection in slow { connection.write("GET / HTTP/1.1\r\nHost: x\r\n") }
    let body = try RawConnection(port: server.port)
    body.write(
      "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nContent-Length: 99\r\n\r\n")
    try await Task.sleep(for: .milliseconds(50))
    let started = ContinuousClock.now
    await server.stop()
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(throws: (any Error).self) { try RawConnection(port: server.port) }
    _ = (slow, body)
  }
}
