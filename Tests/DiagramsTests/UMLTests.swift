import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// The rules of UML's state diagrams, checked on every machine's diagram
/// (and the test kiosk's) as the DOT says them.
@Suite("UML notation")
struct UMLTests {
  /// Every machine's id, and the kiosk's.
  static let diagrams = Machines.ids + [Kiosk.id]

  /// The diagram of the machine `id`.
  private func graph(_ id: String) throws -> DOTGraph {
    if id == Kiosk.id { return DOTGraph(Kiosk.diagram().dot) }
    return DOTGraph(try #require(Machines.named(id)).diagram().dot)
  }

  /// The ids of the initial pseudostates, the filled circles: one for a
  /// flat machine; for a statechart, one per region and one in each
  /// superstate with an initial substate.
  private func initials(in graph: DOTGraph) throws -> [String] {
    let circles = graph.nodes(with: "shape=circle").filter { $0.has("style=filled") }
    try #require(!circles.isEmpty)
    return circles.map(\.id)
  }

  /// The id of a flat machine's initial pseudostate: the one filled circle.
  private func initial(in graph: DOTGraph) throws -> String {
    let circles = try initials(in: graph)
    try #require(circles.count == 1)
    return circles[0]
  }

  @Test(
    "exactly one arrow leaves each initial pseudostate, and it has no label", arguments: diagrams)
  func oneUnlabelledArrowIn(machine: String) throws {
    let graph = try graph(machine)
    for initial in try initials(in: graph) {
      let leaving = graph.edges(leaving: initial)
      #expect(leaving.count == 1, "\(machine): \(initial)")
      #expect(leaving.allSatisfy { $0.label.isEmpty && !$0.attributes.contains("label=") })
    }
  }

  @Test("no arrow with a guard leaves an initial pseudostate", arguments: diagrams)
  func noGuardFromInitial(machine: String) throws {
    let graph = try graph(machine)
    for initial in try initials(in: graph) {
      #expect(graph.edges(leaving: initial).allSatisfy { !$0.label.contains("[") })
    }
  }

  @Test("only a statechart has clusters, and only it needs compound arrows", arguments: diagrams)
  func clustersOnlyForStatecharts(machine: String) throws {
    let type: any Machine.Type =
      machine == Kiosk.id ? Kiosk.self : try #require(Machines.named(machine))
    let dot = type.diagram().dot
    let flat = type.hasFlatHierarchy
    #expect(dot.contains("subgraph") == !flat, "\(machine)")
    #expect(dot.contains("compound=true") == !flat, "\(machine)")
    // A statechart is the machine whose chart names states its runs never
    // print alone (composite ones): its described states are another type.
    #expect(flat == type.describesItsOwnStates, "\(machine)")
  }

  @Test(
    "every choice has one arrow in and at least two out, each with a guard, at most one [else]",
    arguments: diagrams)
  func choices(machine: String) throws {
    let graph = try graph(machine)
    for choice in graph.nodes(with: "shape=diamond") {
      #expect(graph.edges(to: choice.id).count == 1, "\(machine): \(choice.id)")
      let branches = graph.edges(from: choice.id)
      #expect(branches.count >= 2, "\(machine): \(choice.id)")
      for branch in branches {
        #expect(branch.label.hasPrefix("["), "\(machine): \(branch.label) has no guard")
      }
      #expect(branches.filter { $0.label.hasPrefix("[else]") }.count <= 1)
    }
  }

  @Test("several ways in go through a choice, with the guards the description gives")
  func waysIn() throws {
    let gumball = try graph(GumballMachine.id)
    let choice = try #require(gumball.edges(from: try initial(in: gumball)).first).target
    #expect(gumball.nodes(with: "shape=diamond").contains { $0.id == choice })
    #expect(
      gumball.edges(from: choice).map { "\($0.label) \($0.target)" } == [
        "[gumballs > 0] noQuarter", "[else] soldOut",
      ])
    let record = try graph(RecordCommit.id)
    let recordChoice = try #require(record.edges(from: try initial(in: record)).first).target
    #expect(
      record.edges(from: recordChoice).map { "\($0.label) \($0.target)" } == [
        "[created in memory] new", "[loaded from the database] oldClean",
      ])
    // One way in: a plain arrow, no choice.
    let turnstile = try graph(Turnstile.id)
    #expect(turnstile.edges(from: try initial(in: turnstile)).map(\.target) == ["locked"])
    #expect(turnstile.nodes(with: "shape=diamond").isEmpty)
  }

  @Test("a guard picked after the trigger is a choice: the crank, then [winner] or [else]")
  func crankChoice() throws {
    let gumball = try graph(GumballMachine.id)
    let trunk = try #require(
      gumball.edges(from: "hasQuarter").first { $0.label.hasPrefix("turnCrank") })
    // The effect both branches share is the trigger's.
    #expect(trunk.label == "turnCrank / crankTurned")
    #expect(
      gumball.edges(from: trunk.target).map { "\($0.label) \($0.target)" } == [
        "[winner drawn and count > 1] winner", "[else] sold",
      ])
    #expect(!gumball.edges.contains { $0.label.contains("not a winner") })
  }

  @Test("a wrong code while armed stays an internal transition beside the code's choice")
  func disarmChoice() throws {
    let security = try graph(SecuritySystem.id)
    let trunk = try #require(security.edges(from: "armed").first { $0.label.hasPrefix("disarm") })
    #expect(trunk.label == "disarm(code) [code valid or (code invalid and attempts > 3)]")
    #expect(
      security.edges(from: trunk.target).map { "\($0.label) \($0.target)" } == [
        "[code valid] disarmed", "[else] / administratorInformed alarm",
      ])
    // The wrong code that only counts is in the compartment, not a loop.
    #expect(!security.edges.contains { $0.source == "armed" && $0.target == "armed" })
    let armed = try #require(security.nodes.first { $0.id == "armed" })
    #expect(armed.has("disarm(code)&#160;</TD>"))
    #expect(armed.has("[code invalid and attempts &lt;= 3]<BR/>/ attempts += 1"))
  }

  @Test("a single guarded transition, or one per trigger, needs no choice")
  func noNeedlessChoice() throws {
    let security = try graph(SecuritySystem.id)
    #expect(security.nodes(with: "shape=diamond").count == 1)
    #expect(
      security.edges.contains { $0.source == "alarm" && $0.label == "reset(code) [code valid]" })
    // Guarded completion transitions leave their state directly.
    let gumball = try graph(GumballMachine.id)
    #expect(gumball.edges.contains { $0.source == "sold" && $0.label == "[count > 0]" })
  }

  @Test("a note names the outputs of the code check, joined to each state that checks a code")
  func guardOutputsNote() throws {
    let security = try graph(SecuritySystem.id)
    let notes = security.nodes(with: "shape=note")
    try #require(notes.count == 1)
    let note = notes[0]
    #expect(note.has("codeAccepted") && note.has("invalidCode"))
    let joined = security.edges(from: note.id)
    #expect(Set(joined.map(\.target)) == ["armed", "alarm", "silentAlarm"])
    #expect(joined.allSatisfy { $0.attributes.contains("style=dashed") })
    #expect(joined.allSatisfy { $0.attributes.contains("arrowhead=none") })
    // No other machine's guards output anything.
    for id in Machines.ids where id != SecuritySystem.id {
      #expect(try graph(id).nodes(with: "shape=note").isEmpty, "\(id)")
    }
  }

  @Test("internal transitions are in their state's compartment, never loops")
  func internalTransitions() throws {
    for type in Machines.all {
      let graph = DOTGraph(type.diagramInIDs.dot)
      for (state, label) in type.internalTransitionTexts {
        let node = try #require(graph.nodes.first { $0.id == state })
        #expect(node.has(label), "\(type.id): \(state) lacks \(label)")
        #expect(!graph.edges.contains { $0.source == state && $0.target == state })
      }
    }
  }

  @Test("time events are written after(…)")
  func timeEvents() throws {
    let light = try graph(TrafficLight.id)
    #expect(
      light.edges.map { "\($0.source) \($0.label) \($0.target)" } == [
        "initial  green", "green after(1s) yellow", "yellow after(0.5s) red",
        "red after(2s) green",
      ])
    let tool = try graph(DrawingTool.id)
    #expect(tool.edges.contains { $0.source == "animate" && $0.label == "after(lines s)" })
  }

  @Test("a run through a choice colours and numbers the trigger and the branch it took")
  func overlayThroughChoice() throws {
    var machine = try GumballMachine.make(.statePattern, .init(gumballs: 5, winner: .never))
    let trace = machine.run([.insertQuarter, .turnCrank, .insertQuarter, .turnCrank])
    let dot = GumballMachine.diagram(
      highlighting: TraceOverlay(start: .noQuarter, trace: trace)
    ).dot
    let graph = DOTGraph(dot)
    let trunk = try #require(
      graph.edges(from: "hasQuarter").first { $0.label.hasPrefix("turnCrank") })
    #expect(trunk.label == "turnCrank / crankTurned #2, #4")
    let branches = graph.edges(from: trunk.target)
    #expect(branches.map(\.label) == ["[winner drawn and count > 1]", "[else] #2, #4"])
    #expect(branches[1].attributes.contains("color=\"\(Look.taken)\""))
    #expect(branches[0].attributes.contains("color=\"\(Look.faded)\""))
    let choice = try #require(graph.nodes.first { $0.id == trunk.target })
    #expect(choice.has("color=\"\(Look.taken)\""))
    // The run started stocked: the way in it took is strong.
    let waysIn = graph.edges.filter { $0.target == "noQuarter" || $0.target == "soldOut" }
      .filter { graph.nodes(with: "shape=diamond").map(\.id).contains($0.source) }
    #expect(waysIn.map { $0.attributes.contains(Look.taken) } == [true, false])
  }

  @Test("the note is strong when a run checked a code, faded when not")
  func overlayNote() throws {
    let checked = SecuritySystem.diagram(
      highlighting: TraceOverlay(
        start: .alarm, steps: [.init(from: .alarm, event: "reset", to: .alarm, fired: false)]))
    let note = try #require(DOTGraph(checked.dot).nodes(with: "shape=note").first)
    #expect(note.has("color=\"\(Look.taken)\""))
    let unchecked = SecuritySystem.diagram(
      highlighting: TraceOverlay(
        start: .disarmed, steps: [.init(from: .disarmed, event: "arm", to: .armed, fired: true)]))
    let faded = try #require(DOTGraph(unchecked.dot).nodes(with: "shape=note").first)
    #expect(faded.has("color=\"\(Look.faded)\""))
  }
}

extension Machine {
  /// Whether the machine has neither superstates nor regions.
  static var hasFlatHierarchy: Bool { description.hierarchy.isFlat }

  /// Whether the chart's states are the states a run prints: a flat
  /// machine's.
  static var describesItsOwnStates: Bool { DescribedState.self == State.self }

  /// The diagram in the public ids, which the checks here name (TCP is
  /// drawn in RFC 793's words by default).
  static var diagramInIDs: Diagram { (try? diagram(labels: .ids)) ?? diagram() }

  /// Each internal transition's state and the start of its text in the
  /// compartment (the trigger, HTML-escaped).
  static var internalTransitionTexts: [(String, String)] {
    description.transitions.filter { $0.kind == .internal }.map { transition in
      let trigger = LabelLines.trigger(of: transition, in: description)
      return (transition.source.rawValue, Escaping.html(trigger))
    }
  }
}
