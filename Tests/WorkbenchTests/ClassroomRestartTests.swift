import Foundation
import Testing

@testable import Workbench

/// A class that survives a restart: a restarted class view with the same
/// key knows the teacher's browser by its cookie, the old teacher's link
/// still works, a page that is no longer the teacher's is told so, and the
/// follow link the class sees is one students can type.
@Suite("fsm serve: a class that survives a restart")
struct ClassroomRestartTests {
  static let key = "Room-101_autumn-2025"

  /// The teacher's browser on a first server, with the link opened.
  private static func teacherBefore() -> ClassViewClient {
    let teacher = ClassViewClient(ClassView(classroom: Classroom(teacherKey: key)))
    let claimed = teacher.request("GET", "/teach/\(key)")
    #expect(claimed.status == 303)
    #expect(claimed.teacherCookie == key)
    return teacher
  }

  /// `browser`'s cookies, on `view` (the restarted server).
  private static func after(_ browser: ClassViewClient, on view: ClassView) -> ClassViewClient {
    let restarted = ClassViewClient(view)
    restarted.session = browser.session
    restarted.teacherProof = browser.teacherProof
    return restarted
  }

  /// The first frame of `stream`, or "" if none comes within five seconds.
  private static func firstFrame(of stream: AsyncStream<[UInt8]>) async -> String {
    await withTaskGroup(of: String?.self) { race in
      race.addTask {
        var frames = stream.makeAsyncIterator()
        return await frames.next().map { String(decoding: $0, as: UTF8.self) }
      }
      race.addTask {
        try? await Task.sleep(for: .seconds(5))
        return nil
      }
      let first = await race.next() ?? nil
      race.cancelAll()
      return first ?? ""
    }
  }

  private static func isTeacher(_ client: ClassViewClient, machine: String = "turnstile") throws
    -> Bool?
  {
    let trace = try client.json("GET", "/api/machines/\(machine)/trace") as? [String: Any]
    return trace?["teacher"] as? Bool
  }

  @Test("a restarted server with the same key knows the teacher's browser by its cookie")
  func teacherKnownAgain() async throws {
    let before = Self.teacherBefore()
    let oldSession = try #require(before.session)
    #expect(try Self.isTeacher(before) == true)
    let view = ClassView(classroom: Classroom(teacherKey: Self.key))
    let teacher = Self.after(before, on: view)
    // The first request after the restart: the teacher again, in a new session.
    #expect(try Self.isTeacher(teacher) == true)
    #expect(teacher.session != oldSession)
    #expect(view.classroom.isTeacher(teacher.session))
    // Its events reach the followers, as before the restart: a page that
    // follows now gets the teacher's machine first.
    _ = try teacher.step("turnstile", "coin")
    let stream = try #require(
      view.respond(to: ServeRequest(method: "GET", path: "/api/follow")).events)
    let seen = await Self.firstFrame(of: stream)
    #expect(seen.contains(#""events": 1"#))
    #expect(seen.contains(#""state": "unlocked""#))
    // Its session is the teacher's: its events are kept for a follower's copy.
    let copy = try #require(
      ClassViewClient(view).json("POST", "/api/machines/turnstile/copy") as? [String: Any])
    #expect(copy["journal"] as? [String] == ["coin"])
  }

  @Test("requests already on their way with the old session all land in the same new one")
  func oneSessionForRequestsInFlight() throws {
    let before = Self.teacherBefore()
    let view = ClassView(classroom: Classroom(teacherKey: Self.key))
    let first = Self.after(before, on: view)
    let second = Self.after(before, on: view)
    _ = first.request("GET", "/api/machines/turnstile/trace")
    _ = second.request("GET", "/api/machines/turnstile/diagram")
    #expect(first.session == second.session)
    #expect(view.classroom.isTeacher(second.session))
    #expect(view.sessions.count == 1)
  }

  @Test("the old teacher's link works after a restart; another key's server does not know it")
  func oldLinkAndOtherKey() throws {
    let before = Self.teacherBefore()
    let restarted = ClassView(classroom: Classroom(teacherKey: Self.key))
    #expect(ClassViewClient(restarted).request("GET", "/teach/\(Self.key)").status == 303)

    let renewed = ClassView(classroom: Classroom(teacherKey: "another-key-0123456789"))
    let teacher = Self.after(before, on: renewed)
    #expect(try Self.isTeacher(teacher) == false)
    #expect(!renewed.classroom.isTeacher(teacher.session))
    #expect(renewed.classroom.teacher == nil)
    #expect(ClassViewClient(renewed).request("GET", "/teach/\(Self.key)").status == 403)
  }

  @Test("a browser with the cookie does not take the class from the one that opened the link")
  func linkWins() throws {
    let before = Self.teacherBefore()
    let view = ClassView(classroom: Classroom(teacherKey: Self.key))
    let projector = ClassViewClient(view)
    _ = projector.request("GET", "/teach/\(Self.key)")
    let laptop = Self.after(before, on: view)
    #expect(try Self.isTeacher(laptop) == false)
    #expect(view.classroom.isTeacher(projector.session))
    #expect(try Self.isTeacher(projector) == true)
    // A step's answer says it too.
    #expect(try laptop.step("turnstile", "coin")["teacher"] as? Bool == false)
  }

  @Test("students' follow link: the network's addresses, never loopback or 0.0.0.0")
  func followLink() {
    let found = [
      NetworkAddresses.Reachable(interface: "eth0", address: "192.168.1.20"),
      NetworkAddresses.Reachable(interface: "wlan0", address: "10.0.0.7"),
    ]
    let wildcard = Classroom.Reach.of(host: "0.0.0.0", port: 8080) { _ in found }
    #expect(
      wildcard
        == .network([
          .init(url: "http://192.168.1.20:8080/follow", interface: "eth0"),
          .init(url: "http://10.0.0.7:8080/follow", interface: "wlan0"),
        ]))
    let page = Pages.followLink(wildcard)
    #expect(page.contains(#"<a href="http://192.168.1.20:8080/follow">"#))
    #expect(page.contains("(wlan0)"))
    for local in ["127.0.0.1", "localhost", "::1"] {
      let reach = Classroom.Reach.of(host: local, port: 8080) { _ in found }
      #expect(reach == .thisComputerOnly(host: local))
      let line = Pages.followLink(reach)
      #expect(line.contains("Students on other computers cannot reach this server"))
      #expect(line.contains("<code>fsm serve --host 0.0.0.0</code>"))
      #expect(!line.contains("http://"))
    }
    let given = Classroom.Reach.of(host: "192.168.1.20", port: 9000)
    #expect(given == .network([.init(url: "http://192.168.1.20:9000/follow", interface: "")]))
    let none = Pages.followLink(Classroom.Reach.of(host: "0.0.0.0", port: 8080) { _ in [] })
    #expect(none.contains("No network address found"))
  }

  @Test("a server knows where it listens: the teacher's page on loopback says how to serve a class")
  func serverSetsReach() async throws {
    let view = ClassView(classroom: Classroom(teacherKey: Self.key))
    let server = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: view)
    #expect(view.classroom.reach == .thisComputerOnly(host: "127.0.0.1"))
    let teacher = ClassViewClient(view)
    _ = teacher.request("GET", "/teach/\(Self.key)")
    let page = text(of: teacher.request("GET", "/machines/turnstile?view=present"))
    #expect(page.contains("fsm serve --host 0.0.0.0"))
    await server.stop()

    let everywhere = ClassView(classroom: Classroom(teacherKey: Self.key))
    let wide = try await ClassViewServer.start(host: "0.0.0.0", port: 0, view: everywhere)
    guard case .network(let links) = everywhere.classroom.reach else {
      Issue.record("a server on 0.0.0.0 is on the network: \(everywhere.classroom.reach)")
      await wide.stop()
      return
    }
    for link in links {
      #expect(!link.url.contains("0.0.0.0") && !link.url.contains("//127."))
      #expect(link.url.hasSuffix(":\(wide.port)/follow"))
    }
    await wide.stop()
  }

  @Test("the teacher's cookie on a socket: HttpOnly, SameSite=Strict, beside the session's")
  func cookieOnSocket() async throws {
    let view = ClassView(classroom: Classroom(teacherKey: Self.key))
    let server = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: view)
    let port = server.port
    let head = try await offPool {
      let connection = try RawConnection(port: port)
      connection.write("GET /teach/\(Self.key) HTTP/1.1\r\nHost: x\r\n\r\n")
      return connection.read(until: "See /")
    }
    #expect(head.contains("fsm-teacher=\(Self.key); Path=/; HttpOnly; SameSite=Strict"))
    #expect(head.contains("fsm-session="))
    await server.stop()

    // Restarted: a request with the old cookies is the teacher's.
    let restarted = ClassView(classroom: Classroom(teacherKey: Self.key))
    let again = try await ClassViewServer.start(host: "127.0.0.1", port: 0, view: restarted)
    let againPort = again.port
    let answer = try await offPool {
      let connection = try RawConnection(port: againPort)
      connection.write(
        "GET /api/machines/turnstile/trace HTTP/1.1\r\nHost: x\r\n"
          + "Cookie: fsm-session=0123456789abcdef0123456789abcdef; fsm-teacher=\(Self.key)\r\n\r\n")
      return connection.read(until: #""teacher": true"#)
    }
    #expect(answer.contains(#""teacher": true"#))
    #expect(answer.contains("fsm-session="))
    await again.stop()
  }

  @Test("a follower is told to connect again within a second: before any snapshot, and in each")
  func reconnectSoon() async throws {
    let classroom = Classroom(teacherKey: Self.key)
    let first = try #require(classroom.follow())
    #expect(await Self.firstFrame(of: first) == "retry: 1000\n\n")
    classroom.publish("{}")
    let second = try #require(classroom.follow())
    #expect(await Self.firstFrame(of: second) == "event: snapshot\ndata: {}\nretry: 1000\n\n")
  }
}
