import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// Diagrams observed from the code, compared with the described ones.
@Suite("Observed diagrams")
struct ObservationTests {
  @Test(
    "every style takes exactly the described transitions",
    arguments: Machines.idsAndStyles)
  func observedEqualsDescribed(machine: String, style: Style) throws {
    let type = try #require(Machines.named(machine))
    let difference = type.observedDifference(style: style)
    #expect(difference.isEmpty, "\(machine) in \(style):\n\(difference)")
  }

  @Test(
    "the fourth wrong code is found, behind three that change nothing visible",
    arguments: SecuritySystem.styles)
  func counterGuard(style: Style) {
    let observation = SecuritySystem.observe(style: style)
    #expect(observation.transitions.contains(ObservedTransition(.armed, "disarm", .alarm)))
    // With only three codes allowed per path it cannot be reached.
    let shallow = SecuritySystem.observe(style: style, maxDepth: 4)
    #expect(!shallow.transitions.contains(ObservedTransition(.armed, "disarm", .alarm)))
  }

  @Test(
    "data a transition hands on is found: a video paused past 0 can be rewound",
    arguments: VideoPlayer.styles)
  func handedOnData(style: Style) {
    // `pause` enters `paused` just as creation left it, but at another
    // position; only its outputs tell the two apart.
    let observation = VideoPlayer.observe(style: style)
    #expect(observation.transitions.contains(ObservedTransition(.paused, "stop", .paused)))
  }

  @Test("steps through a transient state give the event's transition and a completion")
  func transient() {
    let observation = Kiosk.observe(style: .enum)
    #expect(observation.transitions.contains(ObservedTransition(.paid, "push", .vending)))
    #expect(observation.transitions.contains(ObservedTransition(.vending, nil, .idle)))
    #expect(observation.transitions.contains(ObservedTransition(.vending, nil, .empty)))
    #expect(observation.initialStates == [.idle, .empty])
    #expect(observation.difference(from: Kiosk.description).isEmpty)
  }

  @Test(
    "a timed transition is observed as the wait during which it comes due",
    arguments: DrawingTool.styles)
  func timed(style: Style) throws {
    let observation = DrawingTool.observe(style: style)
    #expect(observation.transitions.contains(ObservedTransition(.animate, "wait", .acceptInput)))
    let observed = observation.machineDescription(like: DrawingTool.description)
    let back = try #require(
      observed.transitions.first { $0.source == .animate && $0.target == .acceptInput })
    #expect(back.delay == "lines s")
    #expect(back.event == nil)
  }

  @Test("a description that drifted from the code is caught both ways")
  func drift() {
    let difference = DriftedKiosk.observedDifference(style: .statePattern)
    #expect(difference.missing == ["idle --push--> paid"])
    #expect(difference.unexpected == ["paid --refund--> idle"])
    #expect(difference.description.contains("described but never taken: idle --push--> paid"))
  }

  @Test("the observed description keeps the described kinds, entrances and final states")
  func observedDescription() throws {
    let observed = Kiosk.observe(style: .nestedSwitch).machineDescription(like: Kiosk.description)
    #expect(observed.entrances == Kiosk.description.entrances)
    #expect(observed.finalStates == [.empty])
    let loop = try #require(observed.transitions.first { $0.source == .paid && $0.event == "coin" })
    #expect(loop.kind == .internal)
    // A probe sees no guard.
    #expect(observed.transitions.allSatisfy { $0.guardLabel == nil })
  }

  @Test("an observed arrow carries the outputs that no activity explains")
  func observedEffects() throws {
    let observed = Kiosk.observe(style: .enum).machineDescription(like: Kiosk.description)
    let written = observed.transitions.map { "\($0.source) \(observed.label(of: $0)) \($0.target)" }
    // `refund` outputs returnCoin, then greet: greet is idle's entry.
    // `push` outputs dropItem (vending's entry), then soldOutLight or greet.
    #expect(
      written == [
        "idle coin / accept paid", "paid coin / returnCoin paid", "paid push vending",
        "paid refund / returnCoin idle", "vending  idle", "vending / soldOutLight empty",
      ])
    // The activities seen are in the compartments, not on the arrows.
    #expect(observed.activities[.idle]?.entry == ["greet"])
    #expect(observed.activities[.vending]?.entry == ["dropItem"])
  }

  @Test(
    "every observed effect is the described effect's outputs, with the data seen",
    arguments: Machines.idsAndStyles)
  func effectsAsDescribed(machine: String, style: Style) throws {
    let type = try #require(Machines.named(machine))
    #expect(type.observedEffectsDiffer(style: style) == [])
  }

  @Test(
    "the data that decides the target labels the arrow: a right and a wrong code",
    arguments: SecuritySystem.styles)
  func dataAsGuard(style: Style) throws {
    let graph = DOTGraph(SecuritySystem.observedDiagram(style: style).dot)
    let arrows = graph.edges.filter { !$0.source.hasPrefix("note") && $0.source != "initial" }
    #expect(
      arrows.map { "\($0.source) \($0.label) \($0.target)" } == [
        "disarmed arm armed", "disarmed panic silentAlarm", "armed disarm(1234) disarmed",
        "armed disarm(0000) / administratorInformed alarm", "armed breach, panic alarm",
        "alarm reset(1234) disarmed", "silentAlarm reset(1234) disarmed",
      ])
    // The three wrong codes that only count: the same data, drawn inside.
    let armed = try #require(graph.nodes.first { $0.id == "armed" })
    #expect(armed.has("disarm(0000)</FONT>"))
    // The code check's outputs are the note's, not an effect.
    #expect(!graph.edges.contains { $0.label.contains("codeAccepted") })
    let note = try #require(graph.nodes(with: "shape=note").first)
    #expect(Set(graph.edges(from: note.id).map(\.target)) == ["armed", "alarm", "silentAlarm"])
    // Data that does not decide anything is not written: the parameter is.
    let tcp = TCPConnection.observedDiagram(style: style).dot
    #expect(tcp.contains("send(data) / transmit(hello)"))
  }

  @Test(
    "an observed diagram renders, with no guard and its labels marked as observed",
    arguments: Machines.ids)
  func observedDiagram(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let diagram = type.observedDiagram(style: .statePattern)
    let graph = DOTGraph(diagram.dot)
    // The only guards are the ways in, which the probe chose.
    let waysIn = Set(graph.edges.filter { $0.source == "initial" }.map(\.target))
    for edge in graph.edges where !waysIn.contains(edge.source) {
      #expect(!edge.label.contains("["), "\(machine): \(edge.label)")
    }
    #expect(graph.nodes(with: "shape=diamond").count <= 1)
    #expect(diagram.dot.contains("observed in the state-pattern style"))
    #expect(diagram.dot.contains("labels in italics are as a probe saw them"))
    #expect(diagram.dot.contains(#"  edge [fontname="Helvetica-Oblique"];"#))
    #expect(!type.diagram().dot.contains("Helvetica-Oblique"))
    let (svg, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
    #expect(warnings.isEmpty)
    #expect(try SVG.count(of: "node", in: svg) > 1)
  }
}

extension Machine {
  /// The observed transitions whose effect differs from the described one,
  /// compared by output names (data aside, and work such as `count -= 1`,
  /// which no probe sees, left out), as `source --event--> target: seen
  /// [..], described [..]`.
  ///
  /// A machine with regions, whose states are not its described states,
  /// has its outputs compared step by step, region by region, by
  /// `observedDifference` instead.
  static func observedEffectsDiffer(style: Style) -> [String] {
    guard let description = description as? MachineDescription<State> else { return [] }
    let observed = observe(style: style).machineDescription(like: description)
    return observed.transitions.compactMap { seen in
      let drawn = description.transitions.filter {
        $0.source == seen.source && $0.target == seen.target
          && ObservedTransition($0).event == ObservedTransition(seen).event
      }
      // Several described transitions between the same states with one event
      // (different guards) may differ in effect; the probe merges them.
      guard drawn.count == 1 else { return nil }
      let names = { (labels: [String]) in
        labels.compactMap { label -> String? in
          let name = String(label.prefix { $0 != "(" })
          return name.allSatisfy { $0.isLetter || $0.isNumber } ? name : nil
        }
      }
      let (saw, says) = (names(seen.effect), names(drawn[0].effect))
      return saw == says
        ? nil : "\(ObservedTransition(seen)): seen \(saw), described \(says)"
    }
  }
}
