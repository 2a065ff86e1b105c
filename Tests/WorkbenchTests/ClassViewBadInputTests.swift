import Foundation
import Testing

@testable import Workbench

@Suite("fsm serve: bad input is a 4xx error naming the valid choices, JSON for the API")
struct ClassViewBadInputTests {
  @Test("an unknown machine names the machines")
  func unknownMachine() throws {
    let client = ClassViewClient()
    for path in ["/api/machines/toaster", "/machines/toaster", "/api/machines/toaster/trace"] {
      let response = client.request("GET", path)
      #expect(response.status == 404, "\(path)")
      // A person reads a page; a program reads JSON.
      let type = path.hasPrefix("/api/") ? "application/json" : "text/html"
      #expect(response.contentType.hasPrefix(type), "\(path)")
      let message = try errorMessage(of: response)
      #expect(message.contains("unknown machine 'toaster'"))
      #expect(message.contains("security-system"))
    }
  }

  @Test("an unknown event, a missing or malformed argument, or an extra one names the events")
  func badEvents() throws {
    let client = ClassViewClient()
    let cases = [
      ("toast", "unknown event 'toast'"), ("disarm", "disarm"), ("arm:5", "arm"),
      ("reset:abc", "code"),
    ]
    for (event, expected) in cases {
      let response = client.request(
        "POST", "/api/machines/security-system/step", body: #"{"event": "\#(event)"}"#)
      #expect(response.status == 400, "\(event)")
      let message = try errorMessage(of: response)
      #expect(message.contains(expected), "\(event): \(message)")
    }
    let message = try errorMessage(
      of: client.request("POST", "/api/machines/security-system/step", body: #"{"event": "toast"}"#)
    )
    #expect(message.contains("disarm:CODE"))
    // Nothing ran.
    let trace = try #require(
      try client.json("GET", "/api/machines/security-system/trace") as? [String: Any])
    #expect(trace["events"] as? Int == 0)
  }

  @Test("a weapon the character cannot pick up names bow and gun, and she is unchanged")
  func badWeapon() throws {
    let client = ClassViewClient()
    _ = try client.step("game-character", "run")
    for event in ["pickUp:sword", "pickUp:Bow", "pickUp", "run:fast"] {
      let response = client.request(
        "POST", "/api/machines/game-character/step", body: #"{"event": "\#(event)"}"#)
      #expect(response.status == 400, "\(event)")
      let message = try errorMessage(of: response)
      #expect(event == "run:fast" || message.contains("bow, gun"), "\(event): \(message)")
    }
    let trace = try #require(
      try client.json("GET", "/api/machines/game-character/trace") as? [String: Any])
    #expect(trace["events"] as? Int == 1)
    #expect(trace["state"] as? String == "running+unarmed")
  }

  @Test("an unknown style names the styles")
  func unknownStyle() throws {
    let response = ClassViewClient().request("GET", "/api/machines/turnstile/source/spaghetti")
    #expect(response.status == 404)
    let message = try errorMessage(of: response)
    #expect(message.contains("unknown style 'spaghetti'"))
    #expect(message.contains("nested-switch"))
  }

  @Test("malformed or missing JSON shows what to send")
  func malformedJSON() throws {
    let client = ClassViewClient()
    for body in ["", "{", "[1, 2]", #"{"event": 5}"#, #"{"name": "coin"}"#, "\u{0}\u{1}"] {
      let response = client.request("POST", "/api/machines/turnstile/step", body: body)
      #expect(response.status == 400, "\(body)")
      #expect(try errorMessage(of: response).contains(#"{"event": "coin"}"#))
    }
    let clock = client.request(
      "POST", "/api/machines/traffic-light/clock", body: #"{"real": "yes"}"#)
    #expect(clock.status == 400)
  }

  @Test("a body over 64 KB is refused")
  func largeBody() throws {
    let event = String(repeating: "a", count: ServeLimits.bodyBytes)
    let response = ClassViewClient().request(
      "POST", "/api/machines/turnstile/step", body: #"{"event": "\#(event)"}"#)
    #expect(response.status == 413)
    #expect(try errorMessage(of: response).contains("64 KB"))
  }

  @Test("event data is bounded: a long event, and a session that keeps sending data")
  func boundedData() throws {
    let client = ClassViewClient()
    let long = "send:" + String(repeating: "x", count: ServeLimits.eventBytes)
    let refused = client.request(
      "POST", "/api/machines/tcp-connection/step", body: #"{"event": "\#(long)"}"#)
    #expect(refused.status == 400)
    #expect(try errorMessage(of: refused).contains("\(ServeLimits.eventBytes) bytes"))

    _ = try client.step("tcp-connection", "activeOpen")
    let data = "send:" + String(repeating: "x", count: 1000)
    let allowed = ServeLimits.argumentBytes / 1000
    for _ in 0..<allowed {
      #expect(try client.step("tcp-connection", data)["agree"] as? Bool == true)
    }
    let full = client.request(
      "POST", "/api/machines/tcp-connection/step", body: #"{"event": "\#(data)"}"#)
    #expect(full.status == 429)
    #expect(try errorMessage(of: full).contains("start again"))
    _ = client.request("POST", "/api/machines/tcp-connection/reset")
    #expect(try client.step("tcp-connection", data)["state"] as? String == "closed")
  }

  @Test("a clock for a machine without time names the machines with one")
  func clockWithoutTime() throws {
    let response = ClassViewClient().request(
      "POST", "/api/machines/turnstile/clock", body: #"{"real": true}"#)
    #expect(response.status == 400)
    #expect(try errorMessage(of: response).contains("traffic-light"))
  }

  @Test("a wrong method or an unknown path is an error: JSON under /api, a page elsewhere")
  func wrongRoutes() throws {
    let client = ClassViewClient()
    let cases: [(String, String, Int)] = [
      ("GET", "/api/machines/turnstile/step", 405), ("POST", "/api/machines", 405),
      ("DELETE", "/", 405), ("GET", "/nowhere", 404), ("GET", "/api/machines/turnstile/fly", 404),
      ("GET", "/assets/missing.js", 404), ("GET", "/lessons/99", 404), ("GET", "/lessons/x", 404),
    ]
    for (method, path, status) in cases {
      let response = client.request(method, path)
      #expect(response.status == status, "\(method) \(path)")
      #expect(!(try errorMessage(of: response)).isEmpty)
      let type = path.hasPrefix("/api/") ? "application/json" : "text/html"
      #expect(response.contentType.hasPrefix(type), "\(method) \(path)")
    }
    let unknown = client.request("FOO", "/api/machines")
    #expect(unknown.status == 405)
    #expect(try errorMessage(of: unknown).contains("GET and HEAD"))
  }

  @Test("only the server issues session ids: a cookie it never issued is not adopted")
  func forgedCookie() throws {
    let view = ClassView()
    for forged in ["../../etc", "0123456789abcdef0123456789abcdef", ""] {
      let step = view.respond(
        to: ServeRequest(
          method: "POST", path: "/api/machines/turnstile/step",
          body: Array(#"{"event": "coin"}"#.utf8),
          session: forged))
      #expect(step.status == 200)
      let issued = try #require(step.newSession, "\(forged)")
      #expect(issued != forged)
      #expect(issued.count == 32 && issued.allSatisfy(\.isHexDigit))
      // The forged id is still unknown; the issued one has the event.
      let forgedTrace = view.respond(
        to: ServeRequest(method: "GET", path: "/api/machines/turnstile/trace", session: forged))
      #expect(text(of: forgedTrace).contains(#""events": 0"#))
      #expect(forgedTrace.newSession == nil)
      let trace = view.respond(
        to: ServeRequest(method: "GET", path: "/api/machines/turnstile/trace", session: issued))
      #expect(text(of: trace).contains(#""events": 1"#))
    }
  }

  @Test("reading without a session keeps nothing: no session, no cookie")
  func readsKeepNothing() {
    let view = ClassView()
    for path in [
      "/api/machines/turnstile/trace", "/api/machines/turnstile/diagram", "/machines/turnstile",
    ] {
      let response = view.respond(to: ServeRequest(method: "GET", path: path))
      #expect(response.status == 200, "\(path)")
      #expect(response.newSession == nil, "\(path)")
    }
    #expect(view.sessions.count == 0)
  }

  @Test(
    "a path with a control or invisible character, or a broken escape, is a 400",
    arguments: [
      "/docs/README.md%00.png", "/machines/turnstile%0A", "/lessons/%E2%80%AE1",
      "/api/machines/%e2%80%8b",
      "/docs/%zz", "/machines/\u{202E}turnstile",
    ])
  func controlInPath(path: String) throws {
    let response = ClassViewClient().request("GET", path)
    #expect(response.status == 400)
    let message = try errorMessage(of: response)
    #expect(message.contains("control or invisible") || message.contains("broken %-escape"))
    #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .format })
    #expect(!message.unicodeScalars.contains { $0.value == 0 })
  }

  @Test("a page that lost its session gets a 409, and its journal replays into a new one")
  func replay() throws {
    let view = ClassView()
    let events = ["arm", "disarm:0000", "breach"]
    // The page journaled three events, but the server has none (it restarted).
    let student = ClassViewClient(view)
    let lost = student.request(
      "POST", "/api/machines/security-system/step", body: #"{"event": "reset:1234", "after": 3}"#)
    #expect(lost.status == 409)
    #expect(try errorMessage(of: lost).contains("replay"))
    let replayed = try #require(
      try student.json(
        "POST", "/api/machines/security-system/replay",
        body: #"{"events": ["arm", "disarm:0000", "breach"], "after": 0}"#) as? [String: Any])
    #expect(replayed["state"] as? String == "alarm")
    #expect(replayed["sent"] as? Int == events.count)
    let step = student.request(
      "POST", "/api/machines/security-system/step", body: #"{"event": "reset:1234", "after": 3}"#)
    #expect(step.status == 200)
    #expect(text(of: step).contains(#""state": "disarmed""#))
    // A replay after the wrong count is refused too, and changes nothing.
    let wrong = student.request(
      "POST", "/api/machines/security-system/replay", body: #"{"events": ["arm"], "after": 1}"#)
    #expect(wrong.status == 409)
    let bad = student.request(
      "POST", "/api/machines/security-system/replay",
      body: #"{"events": ["arm", "toast"], "after": 4}"#)
    #expect(bad.status == 400)
    #expect(try errorMessage(of: bad).contains("event 2 of the replay"))
  }

  @Test("a session's event data is bounded over all its machines together")
  func sharedAllowance() throws {
    let client = ClassViewClient()
    let data = "send:" + String(repeating: "x", count: 1000)
    for _ in 0..<(ServeLimits.argumentBytes / 2000) {
      _ = try client.step("tcp-connection", data)
      _ = try client.step("ticket-workflow", "moveTo:inProgress")
    }
    for _ in 0..<(ServeLimits.argumentBytes / 2000) {
      _ = try client.step("tcp-connection", data)
    }
    let full = client.request(
      "POST", "/api/machines/tcp-connection/step", body: #"{"event": "\#(data)"}"#)
    #expect(full.status == 429)
  }

  @Test(
    "bad ports and hosts are usage errors naming the range",
    arguments: ["0", "65536", "-1", "http", ""])
  func badPort(port: String) {
    let result = fsm("serve", "--port", port)
    #expect(result.status == 64)
    #expect(result.errors.contains("1 to 65535"))
    #expect(!result.errors.contains("Fatal"))
  }

  @Test("a host that is not an address is a usage error")
  func badHost() {
    let result = fsm("serve", "--host", "not an address", "--port", "1")
    #expect(result.status == 64)
    #expect(result.errors.contains("--host 'not an address' is not an address"))
  }
}
