import Foundation
import Testing

@testable import Workbench

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("fsm serve: the server on a socket")
struct ClassViewServerTests {
  @Test("it serves the API on an ephemeral port, refuses a large body, and stops")
  func serves() async throws {
    let server = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: ClassView())
    #expect(server.port != 0)
    #expect(server.url == "http://127.0.0.1:\(server.port)/")

    let (list, listResponse) = try await fetch(server, "api/machines")
    #expect((listResponse as? HTTPURLResponse)?.statusCode == 200)
    let machines = try JSONSerialization.jsonObject(with: list) as? [[String: Any]]
    #expect(machines?.count == Machines.all.count)

    let large = Data(repeating: UInt8(ascii: "a"), count: ServeLimits.bodyBytes + 1)
    let (refusal, refusalResponse) = try await fetch(
      server, "api/machines/turnstile/step", body: large)
    #expect((refusalResponse as? HTTPURLResponse)?.statusCode == 413)
    let error = try JSONSerialization.jsonObject(with: refusal) as? [String: Any]
    #expect((error?["error"] as? String)?.contains("64 KB") == true)

    let (_, stepResponse) = try await fetch(
      server, "api/machines/turnstile/step", body: Data(#"{"event": "coin"}"#.utf8))
    let http = try #require(stepResponse as? HTTPURLResponse)
    #expect(http.statusCode == 200)
    #expect((http.value(forHTTPHeaderField: "Set-Cookie") ?? "").hasPrefix("fsm-session="))

    await server.stop()
  }

  @Test("a port in use is refused with a reason, not a crash")
  func portInUse() async throws {
    let first = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: ClassView())
    await #expect(throws: ClassViewServer.StartError.self) {
      _ = try await ClassViewServer.start(host: "127.0.0.1", port: first.port, view: ClassView())
    }
    await first.stop()
  }

  @Test("clients that hang up mid-request leave the server serving everyone else")
  func hangUps() async throws {
    let server = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: ClassView())
    for _ in 0..<20 {
      try RawConnection(port: server.port).write(
        "POST /api/machines/turnstile/step HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n{\"ev"
      )
      try RawConnection(port: server.port).write("GET /api/mach")
    }
    let (_, response) = try await fetch(server, "api/machines/turnstile/trace")
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    await server.stop()
  }

  /// `GET` (or `POST` with `body`) of `path` on `server`.
  private func fetch(
    _ server: ClassViewServer, _ path: String, body: Data? = nil
  ) async throws -> (Data, URLResponse) {
    var request = URLRequest(url: try #require(URL(string: server.url + path)))
    if let body {
      request.httpMethod = "POST"
      request.httpBody = body
    }
    // A session of its own: the shared one keeps cookies across tests (a
    // cookie names no port), and the server would take another test's.
    return try await URLSession(configuration: .ephemeral).data(for: request)
  }

  @Test("followers on sockets see the teacher's click as it happens; stop ends their streams")
  func followers() async throws {
    let view = ClassView(classroom: Classroom(teacherKey: "key"))
    let server = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: view)
    let teacher = ClassViewClient(view)
    _ = teacher.request("GET", "/teach/key")
    _ = teacher.request("GET", "/machines/turnstile")
    let port = server.port
    // Used by one task at a time: written here, then read off the pool.
    nonisolated(unsafe) let followers = try (0..<5).map { _ in try RawConnection(port: port) }
    for follower in followers {
      follower.write("GET /api/follow HTTP/1.1\r\nHost: x\r\n\r\n")
    }
    let heads = try await offPool { followers.map { $0.read(until: "event: snapshot") } }
    for head in heads {
      #expect(head.hasPrefix("HTTP/1.1 200"))
      #expect(head.lowercased().contains("content-type: text/event-stream"))
    }
    let clicked = ContinuousClock.now
    _ = try teacher.step("turnstile", "coin")
    let seen = try await offPool { followers.map { $0.read(until: #""events": 1"#) } }
    // The second a click may take is measured where nothing else runs,
    // by scripts/load-test (30 followers, in CI); beside the other tests
    // on two cores, this one only checks that the click arrives unprompted.
    #expect(ContinuousClock.now - clicked < .seconds(5))
    for frame in seen { #expect(frame.contains(#""state": "unlocked""#)) }
    let started = ContinuousClock.now
    await server.stop()
    #expect(ContinuousClock.now - started < .seconds(2))
    #expect(view.classroom.followerCount == 0)
  }
}
