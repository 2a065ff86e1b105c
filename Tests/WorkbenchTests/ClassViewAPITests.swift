import Foundation
import StateMachines
import Testing

@testable import Workbench

@Suite("fsm serve: the class view's API")
struct ClassViewAPITests {
  @Test("the list names every machine with its events")
  func list() throws {
    let machines = try #require(
      try ClassViewClient().json("GET", "/api/machines") as? [[String: Any]])
    #expect(machines.map { $0["id"] as? String } == Machines.ids)
    let security = try #require(machines.first)
    let events = try #require(security["events"] as? [[String: Any]])
    #expect(
      events.map { $0["usage"] as? String } == [
        "arm", "disarm:CODE", "breach", "panic", "reset:CODE",
      ])
  }

  @Test("describe gives the states, events, transitions and styles")
  func describe() throws {
    let machine = try #require(
      try ClassViewClient().json("GET", "/api/machines/turnstile") as? [String: Any])
    let states = try #require(machine["states"] as? [[String: Any]])
    #expect(states.map { $0["id"] as? String } == ["locked", "unlocked"])
    #expect(states.first?["initial"] as? Bool == true)
    let transitions = try #require(machine["transitions"] as? [[String: Any]])
    #expect(
      transitions.contains {
        $0["from"] as? String == "locked" && $0["label"] as? String == "coin / unlock"
      })
    #expect(machine["styles"] as? [String] == Turnstile.styles.map(\.rawValue))
  }

  @Test(
    "every implementation runs every sample event, agrees, and steps as fsm run --json does",
    arguments: Machines.ids)
  func stylesAgree(machine id: String) throws {
    let machine = try #require(Machines.named(id))
    let events = sampleEvents(of: machine)
    let client = ClassViewClient()
    var steps: [String] = []
    for event in events {
      let answer = try client.step(id, event)
      #expect(answer["agree"] as? Bool == true, "\(id) \(event)")
      let played = try #require(answer["played"] as? [String: Any])
      let styles = try #require(played["styles"] as? [[String: Any]])
      #expect(styles.map { $0["style"] as? String } == machine.panes.map(\.description))
      let step = try #require(played["step"])
      steps.append(try compactJSON(step))
    }
    let run = fsm(["run", id, "--json"] + events)
    #expect(run.status == 0)
    let expected = try run.output.split(separator: "\n").map { line in
      try compactJSON(JSONSerialization.jsonObject(with: Data(line.utf8)))
    }
    #expect(steps == expected)
    let trace = try #require(try client.json("GET", "/api/machines/\(id)/trace") as? [String: Any])
    #expect(trace["events"] as? Int == events.count)
    #expect(trace["agree"] as? Bool == true)
    let handlers = try #require(trace["handlers"] as? [[String: Any]])
    #expect(handlers.count == (events.isEmpty ? 0 : machine.panes.count))
  }

  @Test("a style that disagrees is shown as the bug it is")
  func disagreement() throws {
    let playground = try MachinePlayground(DisagreeingTurnstile.self)
    _ = try playground.send("coin", allowance: .max, work: .unlimited)
    let step = try playground.send("coin", allowance: .max, work: .unlimited)
    #expect(!step.agree)
    #expect(step.disagreeing.map(\.implementation) == [Implementation(.enum)])
    let json = step.json.text
    #expect(json.contains(#""agree": false"#))
    // The trace lists each style's step only where they disagree.
    #expect(step.traceJSON.text.contains(#""styles": "#))
    #expect(!playground.steps[0].traceJSON.text.contains(#""styles": "#))
    #expect(
      json.contains(
        #"{"style": "enum", "step": {"event": "coin", "from": "unlocked", "to": "unlocked", "fired": false, "outputs": []}, "agrees": false}"#
      ))
  }

  @Test(
    "every implementation of every machine marks some code for its sample events",
    arguments: Machines.ids)
  func handlers(machine id: String) throws {
    let machine = try #require(Machines.named(id))
    let client = ClassViewClient()
    for event in sampleEvents(of: machine).prefix(6) {
      let answer = try client.step(id, event)
      let handlers = try #require(answer["handlers"] as? [[String: Any]])
      #expect(
        handlers.map { $0["style"] as? String } == machine.panes.map(\.description),
        "\(id) \(event)")
      for handler in handlers {
        let lines = try #require(handler["lines"] as? [[Int]])
        for range in lines { #expect(range.count == 2 && range[0] >= 1 && range[0] <= range[1]) }
        // Only a table may have no line for an event: no row for it.
        if handler["style"] as? String != "table" { #expect(!lines.isEmpty, "\(id) \(event)") }
      }
    }
  }

  @Test("each session has its own machines")
  func sessionsAreIsolated() throws {
    let view = ClassView()
    let first = ClassViewClient(view)
    let second = ClassViewClient(view)
    _ = try first.step("turnstile", "coin")
    let other = try #require(
      try second.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(other["state"] as? String == "locked")
    #expect(other["events"] as? Int == 0)
    let mine = try #require(
      try first.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(mine["state"] as? String == "unlocked")
    #expect(first.session != second.session)
  }

  @Test("a long run keeps a bounded trace and counts every event")
  func boundedTrace() throws {
    let client = ClassViewClient()
    let count = ServeLimits.traceSteps + 50
    for _ in 0..<count { _ = try client.step("turnstile", "coin") }
    let trace = try #require(
      try client.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(trace["events"] as? Int == count)
    #expect(trace["kept"] as? Int == ServeLimits.traceSteps)
    let steps = try #require(trace["steps"] as? [[String: Any]])
    #expect(steps.first?["number"] as? Int == count - ServeLimits.traceSteps + 1)
  }

  @Test("the sessions are bounded: the least recently used goes first")
  func boundedSessions() throws {
    let view = ClassView()
    let first = ClassViewClient(view)
    _ = try first.step("turnstile", "coin")
    // A class of a thousand, each at a computer of its own.
    for number in 0..<ServeLimits.sessions {
      _ = ClassViewClient(view, address: "10.0.\(number / 256).\(number % 256)")
        .request("POST", "/api/machines/turnstile/reset")
    }
    #expect(view.sessions.count == ServeLimits.sessions)
    let trace = try #require(
      try first.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(trace["events"] as? Int == 0)  // A new session: the old one was dropped.
  }

  @Test("reset starts again; the virtual clock moves with wait")
  func resetAndClock() throws {
    let client = ClassViewClient()
    let answer = try client.step("traffic-light", "wait:1.2")
    #expect(answer["state"] as? String == "yellow")
    var trace = try #require(
      try client.json("GET", "/api/machines/traffic-light/trace") as? [String: Any])
    #expect(trace["clock"] as? String == "t=1.2s")
    trace = try #require(
      try client.json("POST", "/api/machines/traffic-light/reset") as? [String: Any])
    #expect(trace["state"] as? String == "green")
    #expect(trace["events"] as? Int == 0)
    trace = try #require(
      try client.json("POST", "/api/machines/traffic-light/clock", body: #"{"real": true}"#)
        as? [String: Any])
    #expect(trace["realClock"] as? Bool == true)
  }

  @Test("with --real-time, the timed machines start on the real clock, the others not")
  func realTimeByDefault() throws {
    let client = ClassViewClient(ClassView(realTime: true))
    let light = try #require(
      try client.json("GET", "/api/machines/traffic-light/trace") as? [String: Any])
    #expect(light["realClock"] as? Bool == true)
    let turnstile = try #require(
      try client.json("GET", "/api/machines/turnstile/trace") as? [String: Any])
    #expect(turnstile["realClock"] as? Bool == false)
  }

  @Test("the diagram is SVG with the current state marked")
  func diagram() throws {
    let client = ClassViewClient()
    _ = try client.step("turnstile", "coin")
    let response = client.request("GET", "/api/machines/turnstile/diagram")
    #expect(response.status == 200)
    #expect(response.contentType == "image/svg+xml")
    let svg = text(of: response)
    #expect(svg.hasPrefix("<svg"))
    #expect(svg.contains(#"class="node current" data-state="unlocked""#))
    #expect(svg.contains("turnstile, step 1 of 1: coin took it from locked to unlocked"))
    // Each arrow taken carries the numbers of the steps that took it.
    _ = try client.step("turnstile", "pass")
    _ = try client.step("turnstile", "coin")
    let third = text(of: client.request("GET", "/api/machines/turnstile/diagram"))
    #expect(third.contains(">#1, #3<"))
    #expect(third.contains(">#2<"))
    // A machine drawn in its figure's labels still marks its state by id.
    _ = try client.step("tcp-connection", "passiveOpen")
    let tcp = text(of: client.request("GET", "/api/machines/tcp-connection/diagram"))
    #expect(tcp.contains(#"class="node current" data-state="listen""#))
  }

  @Test("presenting, the diagram is laid out for its pane, around the step when it must be")
  func diagramFit() throws {
    let client = ClassViewClient()
    for event in ["passiveOpen", "receiveSyn", "receiveAck"] {
      _ = try client.step("tcp-connection", event)
    }
    let path = "/api/machines/tcp-connection/diagram"
    // A large pane reads the whole chart; a small one only the part
    // around step 3, which its caption says.
    let large = text(of: client.request("GET", path + "?fit=4000x3000&text=14"))
    #expect(!large.contains("Left out"))
    #expect(large.contains(#"data-state="established""#))
    let small = text(of: client.request("GET", path + "?fit=700x560&text=12"))
    #expect(small.contains("Left out, more than one transition from step 3"))
    #expect(small.contains(#"data-state="established""#))
    let fit = try #require(try DiagramFit(fit: "700x560", text: "12"))
    #expect(fit.smallestText(of: small) > fit.smallestText(of: large))
    // A tall pane lays the chart out top to bottom, a wide one left to
    // right: narrower and taller in the first.
    let size = { (query: String) in
      DiagramFit.size(of: text(of: client.request("GET", path + query)))
    }
    let tall = try #require(size("?fit=1200x4000&text=6"))
    let wide = try #require(size("?fit=6000x900&text=6"))
    #expect(tall.width < wide.width && tall.height > wide.height)
  }

  @Test(
    "a bad fit or text is a 400 that says what they take",
    arguments: [
      "fit=100", "fit=50x50&text=12", "fit=800x600", "text=12", "fit=800x600&text=big",
      "fit=800x600&text=100", "fit=axb&text=12",
    ])
  func badFit(query: String) throws {
    let response = ClassViewClient().request("GET", "/api/machines/turnstile/diagram?" + query)
    #expect(response.status == 400)
    #expect(try errorMessage(of: response).contains("fit=WIDTHxHEIGHT"))
  }

  @Test("the pages are served, with their assets")
  func pages() throws {
    let client = ClassViewClient()
    for path in ["/", "/machines/security-system", "/costs", "/lessons", "/lessons/1"] {
      let response = client.request("GET", path)
      #expect(response.status == 200, "\(path)")
      #expect(response.contentType.hasPrefix("text/html"))
    }
    let page = text(of: client.request("GET", "/machines/security-system"))
    #expect(page.contains(#"</kbd>disarm</button>"#))
    #expect(page.contains(#"aria-label="disarm CODE""#))
    #expect(page.contains("/assets/class-view.js"))
    #expect(!page.contains("https://"))  // Every asset from this server: works offline.
    // The assets are the checkout's files, byte for byte, with their types.
    for (name, type) in [
      ("class-view.js", "text/javascript"), ("class-view.css", "text/css"),
      ("favicon.svg", "image/svg+xml"),
    ] {
      let response = client.request("GET", "/assets/\(name)")
      #expect(response.status == 200, "\(name)")
      #expect(response.contentType.hasPrefix(type), "\(name)")
      let file = FileManager.default.contents(atPath: "Sources/Workbench/Serve/Assets/\(name)")
      #expect(file.map(Array.init) == response.body, "\(name)")
    }
    #expect(page.contains(#"<link rel="icon" href="/assets/favicon.svg""#))
    #expect(client.request("GET", "/favicon.ico").contentType == "image/svg+xml")
    // What the lessons link to: their diagrams, the specification, each other.
    #expect(
      client.request("GET", "/docs/diagrams/security-system.svg").contentType == "image/svg+xml")
    #expect(client.request("GET", "/docs/machines/security-system.md").status == 200)
    #expect(client.request("GET", "/lessons/02-three-styles.md").status == 200)
    #expect(client.request("GET", "/docs/../Package.swift").status == 404)
    #expect(client.request("GET", "/docs/diagrams/../../Package.swift").status == 404)
    let lesson = text(of: client.request("GET", "/lessons/1"))
    #expect(lesson.contains(#"<h1 id="lesson-1-finite-state-machines">"#))
    let costs = text(of: client.request("GET", "/costs"))
    #expect(costs.contains("<svg"))
    #expect(costs.contains("docs/benchmarks/results.json") || costs.contains("Benchmarks/Results"))
  }

  @Test("the source of a style, highlighted")
  func source() throws {
    let source = try #require(
      try ClassViewClient().json("GET", "/api/machines/turnstile/source/enum") as? [String: Any])
    let lines = try #require(source["lines"] as? [String])
    #expect(lines.contains { $0.contains(#"<span class="k">switch</span>"#) })
    #expect((source["path"] as? String)?.hasSuffix("Turnstile+Enum.swift") == true)
  }
}

/// The sample events of `machine`, as text.
func sampleEvents(of machine: any CatalogMachine.Type) -> [String] {
  sampleTexts(machine)
}

private func sampleTexts<M: CatalogMachine>(_: M.Type) -> [String] {
  M.sampleEvents(for: M.Configuration()).map(\.description)
}

/// `value` as compact JSON with sorted keys, for comparing documents.
func compactJSON(_ value: Any) throws -> String {
  String(
    decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
    as: UTF8.self)
}

/// The turnstile with the forgetful enum style: every style builds, one
/// disagrees.
enum DisagreeingTurnstile: CatalogMachine {
  typealias State = Turnstile.State
  typealias Event = Turnstile.Event
  typealias Output = Turnstile.Output

  static let id = "disagreeing-turnstile"
  static let summary = "A turnstile whose enum style forgets to thank."
  static var description: MachineDescription<State> { Turnstile.description }

  static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in Turnstile.NestedSwitch() },
    .style(.enum): { _ in ForgetfulTurnstile() },
    .style(.statePattern): { _ in Turnstile.StatePattern() },
    .statePatternTypes: { _ in Turnstile.StatePatternTypes() },
    .style(.stateClasses): { _ in Turnstile.StateClasses() },
    .sharedStateClasses: { _ in Turnstile.StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Turnstile.Table() },
  ]

  static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }

  static let workedExamples: [WorkedExample<Self>] = []
}
