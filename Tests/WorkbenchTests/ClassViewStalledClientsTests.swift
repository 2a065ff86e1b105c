import Foundation
import Testing

@testable import Workbench

/// Clients that ask for an answer and never read it, on a socket: their
/// connections are closed once their answers make no progress for
/// `ServerLimits.writeTimeout`, and until then none of them keeps a new
/// client out.
@Suite("fsm serve: clients that do not read")
struct ClassViewStalledClientsTests {
  /// A file of the checkout larger than a socket's buffers hold (421 KB).
  static let largeFile = "/docs/images/class-view.png"

  /// Limits with a short write timeout, so that the tests take a second.
  static let limits = ServerLimits(
    writeTimeout: .milliseconds(500), lingerTimeout: .milliseconds(200), connectionsPerClient: 4)

  /// A client from `source` that asks for the large file `times` times,
  /// with a receive buffer of 1 KB, and never reads.
  static func staller(port: UInt16, from source: String, times: Int = 16) throws -> RawConnection {
    let connection = try RawConnection(port: port, from: source, receiveBuffer: 1024)
    connection.write(
      String(repeating: "GET \(largeFile) HTTP/1.1\r\nHost: x\r\n\r\n", count: times))
    return connection
  }

  /// Once, and 16 times: the system's send buffer is bounded
  /// (`sendBufferBytes`), so that even one 421 KB answer stays where the
  /// server sees it; left to grow, the buffer took it whole, and the client
  /// looked like one that read it.
  @Test(
    "a client that never reads a large answer is closed after the write timeout",
    arguments: [1, 16])
  func neverReads(times: Int) async throws {
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: ClassView(), limits: Self.limits)
    let staller = try Self.staller(port: server.port, from: "127.0.0.3", times: times)
    #expect(await eventually(within: 5) { server.clients.count(of: "127.0.0.3") == 1 })
    #expect(await eventually(within: 5) { server.clients.count(of: "127.0.0.3") == 0 })
    await server.stop()
    _ = staller
  }

  @Test("a client that reads a large answer slowly, but reads, gets all of it")
  func readsSlowly() async throws {
    // The system tells the server a socket takes more only once a third of
    // its buffer is free: with the buffer bounded, a reader of 16 KB every
    // 150 ms makes the server's progress visible about every 0.6 s. So 2 s
    // here; `fsm serve`'s 10 s serves a reader of 10 KB/s.
    var limits = Self.limits
    limits.writeTimeout = .seconds(2)
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: ClassView(), limits: limits)
    let port = server.port
    let size = try FileManager.default.attributesOfItem(atPath: "." + Self.largeFile)[.size] as? Int
    let received = try await offPool {
      let connection = try RawConnection(port: port, receiveBuffer: 16 * 1024)
      connection.write("GET \(Self.largeFile) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      var received: [UInt8] = []
      // Bounded: the file and its head in 16 KB reads, 150 ms apart, about 4 s.
      for _ in 0..<200 {
        let piece = connection.read(upTo: 16 * 1024)
        if piece.isEmpty { break }
        received += piece
        Thread.sleep(forTimeInterval: 0.15)
      }
      return received
    }
    let head = String(decoding: received.prefix(200), as: UTF8.self)
    #expect(status(of: head) == 200)
    #expect(received.count > (size ?? .max))
    await server.stop()
  }

  @Test("a follower that stops reading is dropped after the write timeout")
  func followerStopsReading() async throws {
    let view = ClassView(classroom: Classroom(teacherKey: "key"))
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: view, limits: Self.limits)
    let teacher = ClassViewClient(view)
    _ = teacher.request("GET", "/teach/key")
    _ = teacher.request("GET", "/machines/turnstile")
    let follower = try RawConnection(port: server.port, from: "127.0.0.5", receiveBuffer: 1024)
    follower.write("GET /api/follow HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(await eventually(within: 5) { view.classroom.followerCount == 1 })
    // It reads nothing: the teacher's clicks (each a snapshot with its
    // diagram) fill its socket, then wait. At most 1,000 clicks.
    var clicks = 0
    let dropped = await eventually(within: 10) {
      if clicks < 1000 {
        _ = try? teacher.step("turnstile", clicks % 2 == 0 ? "coin" : "push")
        clicks += 1
      }
      return server.clients.count(of: "127.0.0.5") == 0
    }
    #expect(dropped, "still connected after \(clicks) clicks")
    #expect(await eventually(within: 5) { view.classroom.followerCount == 0 })
    await server.stop()
    _ = follower
  }

  @Test(
    "at the connection cap, a new client is served: clients that never read, or send nothing, make room",
    arguments: [true, false])
  func fairConnections(asking: Bool) async throws {
    var limits = Self.limits
    limits.writeTimeout = .seconds(60)  // Only shedding can make room here.
    limits.connections = 8
    let server = try await ClassViewServer.start(
      host: "127.0.0.1", port: 0, view: ClassView(), limits: limits)
    let port = server.port
    let hostile = try (0..<8).map { index in
      let source = index < 4 ? "127.0.0.6" : "127.0.0.7"
      return asking
        ? try Self.staller(port: port, from: source) : try RawConnection(port: port, from: source)
    }
    let held = { server.clients.count(of: "127.0.0.6") + server.clients.count(of: "127.0.0.7") }
    // The eighth reaches the cap: the server holds seven of them.
    #expect(await eventually(within: 10) { held() >= 7 })
    for newcomer in ["127.0.0.1", "127.0.0.8", "127.0.0.9"] {
      let answer = try await offPool {
        let connection = try RawConnection(port: port, from: newcomer, readTimeout: 5)
        connection.write(
          "GET /api/machines/turnstile HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return connection.readToEnd()
      }
      try #require(status(of: answer) == 200, "\(newcomer)")
    }
    #expect(held() < 7)
    await server.stop()
    _ = hostile
  }
}
