import Foundation
import StateMachines
import Testing

@testable import Workbench

/// The teacher's link, the pages that follow the teacher, and a follower's
/// copy of the teacher's machine.
@Suite("fsm serve: a teacher and followers")
struct ClassroomTests {
  /// A class view and its teacher, who has opened the link with the key.
  private static func classWithTeacher() -> (ClassView, teacher: ClassViewClient) {
    let view = ClassView(classroom: Classroom(teacherKey: "key"))
    let teacher = ClassViewClient(view)
    let claimed = teacher.request("GET", "/teach/key")
    #expect(claimed.status == 303)
    #expect(claimed.location == "/")
    return (view, teacher)
  }

  @Test("only the printed key makes a teacher; a wrong one says where the right one is")
  func teacherKey() {
    let (view, teacher) = Self.classWithTeacher()
    #expect(view.classroom.isTeacher(teacher.session))
    let student = ClassViewClient(view)
    let refused = student.request("GET", "/teach/guess")
    #expect(refused.status == 403)
    #expect(refused.contentType.hasPrefix("text/html"))
    #expect(text(of: refused).contains("/follow"))
    #expect(!view.classroom.isTeacher(student.session))
    #expect(view.classroom.isTeacher(teacher.session))
  }

  @Test("the teacher's page shows the follow link; /follow goes to the teacher's machine")
  func followLink() {
    let (view, teacher) = Self.classWithTeacher()
    let page = text(of: teacher.request("GET", "/machines/tcp-connection"))
    #expect(page.contains(#"id="follow-link""#))
    let student = ClassViewClient(view)
    #expect(!text(of: student.request("GET", "/machines/tcp-connection")).contains("follow-link"))
    let follow = student.request("GET", "/follow")
    #expect(follow.status == 303)
    #expect(follow.location == "/machines/tcp-connection?view=follow")
    let followed = text(of: student.request("GET", "/machines/tcp-connection?view=follow"))
    #expect(followed.contains(#"<fieldset id="events" disabled>"#))
    #expect(followed.contains(#"id="continue""#))
  }

  @Test("a follower gets the last snapshot at once, then each of the teacher's steps")
  func snapshots() async throws {
    let (view, teacher) = Self.classWithTeacher()
    _ = teacher.request("GET", "/machines/traffic-light")
    let stream = try #require(
      view.respond(to: ServeRequest(method: "GET", path: "/api/follow")).events)
    var frames = stream.makeAsyncIterator()
    let first = try Self.snapshot(await frames.next())
    #expect(first["machine"] as? String == "traffic-light")
    _ = try teacher.step("traffic-light", "wait:4")
    let second = try Self.snapshot(await frames.next())
    let trace = try #require(second["trace"] as? [String: Any])
    #expect(trace["events"] as? Int == 1)
    let teachers = try #require(
      teacher.json("GET", "/api/machines/traffic-light/trace") as? [String: Any])
    #expect(trace["state"] as? String == teachers["state"] as? String)
    #expect((second["diagram"] as? String)?.contains("<svg") == true)
    #expect((trace["handlers"] as? [Any])?.isEmpty == false)
    // A student's step is not the teacher's: nothing is sent for it.
    let student = ClassViewClient(view)
    _ = try student.step("traffic-light", "wait:1")
    _ = try teacher.step("traffic-light", "wait:1")
    let third = try Self.snapshot(await frames.next())
    #expect((third["trace"] as? [String: Any])?["events"] as? Int == 2)
  }

  @Test("at most the limit of pages follow at once; a page that goes frees its place")
  func followerLimit() {
    let classroom = Classroom(teacherKey: "key", followerLimit: 2)
    var first = classroom.follow()
    let second = classroom.follow()
    #expect(first != nil && second != nil)
    #expect(classroom.follow() == nil)
    #expect(classroom.followerCount == 2)
    first = nil
    #expect(classroom.followerCount == 1)
    #expect(classroom.follow() != nil)
  }

  @Test("continuing on one's own copies the teacher's machine, events and all")
  func copy() throws {
    let (view, teacher) = Self.classWithTeacher()
    for event in ["arm", "breach", "disarm:0000"] { _ = try teacher.step("security-system", event) }
    let student = ClassViewClient(view)
    _ = try student.step("security-system", "arm")
    let copy = try #require(
      student.json("POST", "/api/machines/security-system/copy") as? [String: Any])
    #expect(copy["journal"] as? [String] == ["arm", "breach", "disarm:0000"])
    let theirs = try #require(
      teacher.json("GET", "/api/machines/security-system/trace") as? [String: Any])
    let mine = try #require(
      student.json("GET", "/api/machines/security-system/trace") as? [String: Any])
    #expect(mine["state"] as? String == theirs["state"] as? String)
    #expect(mine["events"] as? Int == 3)
    #expect(mine["sent"] as? Int == 3)
    // The copy is the student's own: the teacher's machine does not move.
    _ = try student.step("security-system", "reset:1234")
    let after = try #require(
      teacher.json("GET", "/api/machines/security-system/trace") as? [String: Any])
    #expect(after["events"] as? Int == 3)
  }

  @Test("no teacher, or a teacher's session too long to copy: a 409 that says why")
  func copyRefused() throws {
    let student = ClassViewClient(ClassView())
    let none = student.request("POST", "/api/machines/turnstile/copy")
    #expect(none.status == 409)
    #expect(text(of: none).contains("no teacher"))

    let (view, teacher) = Self.classWithTeacher()
    let events = Array(repeating: "coin", count: ServeLimits.copyableEvents + 1)
    for start in stride(from: 0, to: events.count, by: 2_000) {
      let batch = events[start..<min(start + 2_000, events.count)]
      let body = #"{"events": [\#(batch.map { #""\#($0)""# }.joined(separator: ","))]}"#
      #expect(teacher.request("POST", "/api/machines/turnstile/replay", body: body).status == 200)
    }
    let refused = ClassViewClient(view).request("POST", "/api/machines/turnstile/copy")
    #expect(refused.status == 409)
    #expect(text(of: refused).contains("\(ServeLimits.copyableEvents)"))
  }

  @Test(
    "only the teacher's playgrounds keep their events; one played before the link copies after a start again"
  )
  func onlyTheTeacherKeepsALog() throws {
    let view = ClassView(classroom: Classroom(teacherKey: "key"))
    let teacher = ClassViewClient(view)
    _ = try teacher.step("turnstile", "coin")
    // A student's playground (as the teacher's was until now) keeps no log.
    let before = try view.sessions.with(session: teacher.session, machine: Turnstile.self) {
      playground, _ in playground.log
    }.0
    #expect(before == nil)
    _ = teacher.request("GET", "/teach/key")
    let student = ClassViewClient(view)
    let refused = student.request("POST", "/api/machines/turnstile/copy")
    #expect(refused.status == 409)
    #expect(text(of: refused).contains("Start again"))
    _ = teacher.request("POST", "/api/machines/turnstile/reset", body: "{}")
    _ = try teacher.step("turnstile", "coin")
    let copy = try #require(student.json("POST", "/api/machines/turnstile/copy") as? [String: Any])
    #expect(copy["journal"] as? [String] == ["coin"])
  }

  @Test("the teacher's session is never dropped to make room")
  func teacherStays() throws {
    let view = ClassView(sessions: 2, classroom: Classroom(teacherKey: "key"))
    let teacher = ClassViewClient(view)
    _ = teacher.request("GET", "/teach/key")
    _ = try teacher.step("turnstile", "coin")
    for _ in 0..<5 { _ = try ClassViewClient(view).step("turnstile", "coin") }
    let trace = try #require(teacher.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(trace["events"] as? Int == 1)
  }

  /// The JSON object of an SSE frame `event: snapshot\ndata: {...}\n\n`.
  private static func snapshot(_ frame: [UInt8]?) throws -> [String: Any] {
    let text = String(decoding: try #require(frame), as: UTF8.self)
    #expect(text.hasPrefix("event: snapshot\ndata: "))
    #expect(text.hasSuffix("\n\n"))
    let data = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") })
    return try #require(
      JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
  }
}
