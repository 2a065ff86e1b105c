import Foundation
import Testing

@testable import Workbench

/// The run on the class view's diagram, and going back to a step of it:
/// the diagram, the lines that handled the step and the followers' page.
@Suite("fsm serve: the run on the diagram, and the step shown")
struct ClassViewStepsTests {
  /// A client that sent `events` to `machine`.
  private static func client(
    _ machine: String, _ events: [String], view: ClassView = ClassView()
  ) throws -> ClassViewClient {
    let client = ClassViewClient(view)
    for event in events { _ = try client.step(machine, event) }
    return client
  }

  /// The handshake of lesson 1: three steps from closed to established.
  private static let handshake = ["passiveOpen", "receiveSyn", "receiveAck"]

  @Test("the diagram draws the run kept as fsm diagram --events does: no state it visited is grey")
  func wholeRun() throws {
    let client = try Self.client("tcp-connection", Self.handshake)
    let svg = text(of: client.request("GET", "/api/machines/tcp-connection/diagram"))
    for state in ["closed", "listen", "synReceived"] {
      let node = try Self.node(state, in: svg)
      #expect(node.contains("fill=\"#dbe8ff\""), "\(state) visited: \(node)")
      #expect(!node.contains("#707070"), "\(state) is not grey: \(node)")
    }
    #expect(try Self.node("established", in: svg).contains("fill=\"#ffcf87\""))
    #expect(try Self.node("finWait1", in: svg).contains("#707070"))
    // Every step's arrow carries its number; the caption says which step it is.
    for number in 1...3 { #expect(svg.contains(">#\(number)<"), "#\(number)") }
    #expect(
      svg.contains(
        "connection, step 3 of 3: receiveAck took it from synReceived to established"))
    #expect(svg.contains("grey: not touched<"))
    #expect(!svg.contains("Drawn from step"))
    // The same run as the command line draws it, caption aside.
    let drawn = fsm(
      ["diagram", "tcp-connection", "--format", "svg", "--events"] + Self.handshake)
    #expect(drawn.status == 0)
    for state in ["closed", "listen", "synReceived", "established"] {
      let command = try Self.node(state, in: drawn.output)
      let classView = try Self.node(state, in: svg)
      #expect(Self.fills(of: command) == Self.fills(of: classView), "\(state)")
    }
  }

  @Test("past the steps kept, the caption and the legend say where the drawing starts")
  func droppedSteps() throws {
    let count = ServeLimits.traceSteps + 50
    let client = try Self.client("security-system", Array(repeating: "breach", count: count))
    let svg = text(of: client.request("GET", "/api/machines/security-system/diagram"))
    #expect(svg.contains("Drawn from step 51: the 50 steps before it are not kept"))
    #expect(svg.contains("grey: not touched since step 51"))
    #expect(svg.contains("step 250 of 250: breach was ignored in disarmed"))
    // A few of the events that changed nothing are listed, not two hundred.
    #expect(svg.contains("Events that changed nothing (the last 4 of 200):"))
    #expect(svg.contains("#250 breach in disarmed: ignored"))
    #expect(!svg.contains("#246 breach"))
  }

  @Test("?step=N draws the run up to step N; POST show shows it, with the lines that handled it")
  func stepShown() throws {
    let client = ClassViewClient()
    var handlers: [String] = []
    for event in Self.handshake {
      let answer = try client.step("tcp-connection", event)
      handlers.append(try compactJSON(try #require(answer["handlers"])))
    }
    let second = text(of: client.request("GET", "/api/machines/tcp-connection/diagram?step=2"))
    #expect(second.contains(#"class="node current" data-state="synReceived""#))
    #expect(second.contains("step 2 of 3: receiveSyn took it from listen to synReceived"))
    #expect(second.contains(">#2<") && !second.contains(">#3<"))
    #expect(try Self.node("established", in: second).contains("#707070"))
    // Reading a step changes nothing: the session still shows the latest.
    var trace = try Self.trace(client)
    #expect(trace["shown"] is NSNull)
    #expect(try compactJSON(try #require(trace["handlers"])) == handlers[2])

    trace = try Self.show(client, "1")
    #expect(trace["shown"] as? Int == 1)
    #expect(try compactJSON(try #require(trace["handlers"])) == handlers[0])
    #expect(try Self.trace(client)["shown"] as? Int == 1)
    let first = text(of: client.request("GET", "/api/machines/tcp-connection/diagram"))
    #expect(first.contains(#"class="node current" data-state="listen""#))
    #expect(first.contains("step 1 of 3: passiveOpen took it from closed to listen"))
    // The page, reloaded, draws the step shown.
    let page = text(of: client.request("GET", "/machines/tcp-connection"))
    #expect(page.contains(#"class="node current" data-state="listen""#))
    #expect(page.contains(#"id="step-back""#) && page.contains("← and →"))

    // Back to the latest: by its number, by null, or by a new event.
    trace = try Self.show(client, "3")
    #expect(trace["shown"] is NSNull)
    _ = try Self.show(client, "2")
    trace = try Self.show(client, "null")
    #expect(trace["shown"] is NSNull)
    #expect(try compactJSON(try #require(trace["handlers"])) == handlers[2])
    _ = try Self.show(client, "2")
    _ = try client.step("tcp-connection", "close")
    trace = try Self.trace(client)
    #expect(trace["shown"] is NSNull)
    let latest = text(of: client.request("GET", "/api/machines/tcp-connection/diagram"))
    #expect(latest.contains("step 4 of 4: close took it from established to finWait1"))
  }

  @Test("a step that is not kept is a 400 naming the steps kept")
  func badStep() throws {
    let client = try Self.client("tcp-connection", Self.handshake)
    for step in ["0", "4", "-1", "abc", "2.5", ""] {
      let response = client.request("GET", "/api/machines/tcp-connection/diagram?step=\(step)")
      #expect(response.status == 400, "\(step)")
      #expect(response.contentType.hasPrefix("application/json"))
      let message = try errorMessage(of: response)
      #expect(message.contains("the steps kept are 1 to 3"), "\(step): \(message)")
    }
    for body in [#"{"step": 0}"#, #"{"step": 4}"#] {
      let response = client.request("POST", "/api/machines/tcp-connection/show", body: body)
      #expect(response.status == 400, "\(body)")
      #expect(try errorMessage(of: response).contains("the steps kept are 1 to 3"))
    }
    let malformed = client.request(
      "POST", "/api/machines/tcp-connection/show", body: #"{"step": "two"}"#)
    #expect(malformed.status == 400)
    #expect(try errorMessage(of: malformed).contains(#"{"step": 3}"#))
    #expect(client.request("GET", "/api/machines/tcp-connection/show").status == 405)
    // Nothing changed: the latest is shown.
    #expect(try Self.trace(client)["shown"] is NSNull)
    // No steps yet, and steps no longer kept.
    let fresh = ClassViewClient().request("GET", "/api/machines/turnstile/diagram?step=1")
    #expect(fresh.status == 400)
    #expect(try errorMessage(of: fresh).contains("no steps of it yet"))
    let long = try Self.client(
      "turnstile", Array(repeating: "coin", count: ServeLimits.traceSteps + 50))
    let dropped = long.request("GET", "/api/machines/turnstile/diagram?step=50")
    #expect(dropped.status == 400)
    #expect(
      try errorMessage(of: dropped).contains(
        "the steps kept are 51 to 250 (the 50 before 51 are no longer kept)"))
    #expect(long.request("GET", "/api/machines/turnstile/diagram?step=51").status == 200)
  }

  // Bounded: a snapshot that never comes fails the test, not the run.
  @Test(
    "the followers see the step the teacher shows, and the latest again after it",
    .timeLimit(.minutes(1)))
  func followersFollowTheStep() async throws {
    let view = ClassView(classroom: Classroom(teacherKey: "key"))
    let teacher = ClassViewClient(view)
    _ = teacher.request("GET", "/teach/key")
    _ = teacher.request("GET", "/machines/tcp-connection")
    for event in Self.handshake { _ = try teacher.step("tcp-connection", event) }
    let stream = try #require(
      view.respond(to: ServeRequest(method: "GET", path: "/api/follow")).events)
    var frames = stream.makeAsyncIterator()
    var snapshot = try Self.snapshot(await frames.next())
    var trace = try #require(snapshot["trace"] as? [String: Any])
    #expect(trace["events"] as? Int == 3)
    #expect(trace["shown"] is NSNull)

    // Only the step shown changes: the followers get it.
    _ = try Self.show(teacher, "1")
    snapshot = try Self.snapshot(await frames.next())
    trace = try #require(snapshot["trace"] as? [String: Any])
    #expect(trace["shown"] as? Int == 1)
    #expect(trace["events"] as? Int == 3)
    let diagram = try #require(snapshot["diagram"] as? String)
    #expect(diagram.contains(#"class="node current" data-state="listen""#))
    #expect(diagram.contains("step 1 of 3"))
    let teachers = try Self.trace(teacher)
    #expect(
      try compactJSON(try #require(trace["handlers"]))
        == compactJSON(try #require(teachers["handlers"])))

    // Back to the latest.
    _ = try Self.show(teacher, "null")
    snapshot = try Self.snapshot(await frames.next())
    trace = try #require(snapshot["trace"] as? [String: Any])
    #expect(trace["shown"] is NSNull)
    #expect((snapshot["diagram"] as? String)?.contains("step 3 of 3") == true)

    // Gone back, then a new event: the latest again.
    _ = try Self.show(teacher, "2")
    snapshot = try Self.snapshot(await frames.next())
    #expect((snapshot["trace"] as? [String: Any])?["shown"] as? Int == 2)
    _ = try teacher.step("tcp-connection", "close")
    snapshot = try Self.snapshot(await frames.next())
    trace = try #require(snapshot["trace"] as? [String: Any])
    #expect(trace["shown"] is NSNull)
    #expect(trace["events"] as? Int == 4)
    #expect(
      (snapshot["diagram"] as? String)?.contains(#"class="node current" data-state="finWait1""#)
        == true)
  }

  // MARK: - Reading the answers

  /// The session's trace of the TCP connection.
  private static func trace(_ client: ClassViewClient) throws -> [String: Any] {
    try #require(try client.json("GET", "/api/machines/tcp-connection/trace") as? [String: Any])
  }

  /// The answer to showing `step` (JSON: a number or `null`) of the TCP
  /// connection.
  private static func show(_ client: ClassViewClient, _ step: String) throws -> [String: Any] {
    let response = client.request(
      "POST", "/api/machines/tcp-connection/show", body: #"{"step": \#(step)}"#)
    #expect(response.status == 200, "\(text(of: response))")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
  }

  /// The SVG group of `state`'s node: from its title to the group's end.
  private static func node(_ state: String, in svg: String) throws -> Substring {
    let title = try #require(svg.range(of: "<title>\(state)</title>"), "\(state) drawn")
    let end = try #require(svg.range(of: "</g>", range: title.upperBound..<svg.endIndex))
    return svg[title.lowerBound..<end.lowerBound]
  }

  /// The fill colours a node's SVG names, in order.
  private static func fills(of node: Substring) -> [Substring] {
    node.matches(of: /fill="([^"]*)"/).map(\.output.1)
  }

  /// The JSON object of an SSE frame `event: snapshot\ndata: {...}\n\n`.
  private static func snapshot(_ frame: [UInt8]?) throws -> [String: Any] {
    let text = String(decoding: try #require(frame), as: UTF8.self)
    let data = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") })
    return try #require(
      JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
  }
}
