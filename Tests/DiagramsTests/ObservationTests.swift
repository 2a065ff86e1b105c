import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// Diagrams observed from the code, compared with the described ones.
@Suite("Observed diagrams")
struct ObservationTests {
  @Test(
    "every style takes exactly the described transitions",
    arguments: Machines.ids, Style.allCases)
  func observedEqualsDescribed(machine: String, style: Style) throws {
    let type = try #require(Machines.named(machine))
    let difference = type.observedDifference(style: style)
    #expect(difference.isEmpty, "\(machine) in \(style):\n\(difference)")
  }

  @Test(
    "the fourth wrong code is found, behind three that change nothing visible",
    arguments: Style.allCases)
  func counterGuard(style: Style) {
    let observation = SecuritySystem.observe(style: style)
    #expect(observation.transitions.contains(ObservedTransition(.armed, "disarm", .alarm)))
    // With only three codes allowed per path it cannot be reached.
    let shallow = SecuritySystem.observe(style: style, maxDepth: 4)
    #expect(!shallow.transitions.contains(ObservedTransition(.armed, "disarm", .alarm)))
  }

  @Test(
    "data a transition hands on is found: a video paused past 0 can be rewound",
    arguments: Style.allCases)
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
    arguments: Style.allCases)
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
    #expect(observed.transitions.allSatisfy { $0.guardLabel == nil && $0.effect.isEmpty })
    #expect(observed.activities.isEmpty)
  }

  @Test("an observed diagram renders, labelled with event names only", arguments: Machines.ids)
  func observedDiagram(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let diagram = type.observedDiagram(style: .statePattern)
    // `[else]` also leads from the choice of the ways in, which the probe chose.
    for guardLabel in type.guardLabels where guardLabel != "else" {
      #expect(!diagram.dot.contains(Escaping.html("[\(guardLabel)]")))
    }
    #expect(diagram.dot.contains("observed in the state-pattern style"))
    let (svg, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
    #expect(warnings.isEmpty)
    #expect(try SVG.count(of: "node", in: svg) > 1)
  }
}

extension Machine {
  /// The guards of the described transitions.
  static var guardLabels: [String] { description.transitions.compactMap(\.guardLabel) }
}
