import Foundation
import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// The game character drawn as UML draws a statechart: each superstate a
/// rounded cluster around its substates, the two regions side by side in
/// dashed frames, an initial pseudostate in each region and in each
/// superstate that has an initial substate, arrows from and to a
/// superstate's border, and the history `H` that `land` returns through.
@Suite("Statecharts")
struct StatechartTests {
  typealias Chart = GameCharacter.ChartState

  /// The described diagram, read back.
  let graph = DOTGraph(GameCharacter.diagram().dot)

  /// The character's superstates and regions.
  let hierarchy = GameCharacter.description.hierarchy

  // MARK: - The described diagram

  @Test("each superstate is a rounded cluster named after it, around its substates")
  func superstates() throws {
    let expected: [(Chart, [String])] = [
      (.onGround, ["standing", "running", "ducking", "sliding"]),
      (.inAir, ["jumping", "diving"]),
      (.armed, ["bow", "gun"]),
    ]
    for (composite, substates) in expected {
      let cluster = try #require(graph.cluster("cluster \(composite)"))
      #expect(cluster.has("style=\"rounded\""), "\(composite)")
      #expect(cluster.label.hasPrefix(composite.rawValue))
      for substate in substates {
        #expect(graph.node(substate)?.clusters.last == cluster.name, "\(substate)")
      }
      // A superstate is its cluster, never a box of its own.
      #expect(graph.node(composite.rawValue) == nil)
    }
    // Every leaf sits in its region's frame and in each superstate around
    // it, outermost first.
    for leaf in hierarchy.leaves {
      let region = try #require(hierarchy.regionIndex(of: leaf).map { hierarchy.regions[$0] })
      let around = hierarchy.ancestors(of: leaf).reversed().map { "cluster \($0)" }
      #expect(graph.node(leaf.rawValue)?.clusters == ["cluster region \(region.id)"] + around)
    }
  }

  @Test("a superstate's activities are under its name, as a state's compartment lists them")
  func superstateActivities() throws {
    #expect(graph.cluster("cluster inAir")?.label == "inAir entry / liftOff exit / touchDown")
    #expect(graph.cluster("cluster onGround")?.label == "onGround")
    #expect(graph.cluster("cluster armed")?.label == "armed")
    let diving = try #require(graph.node("diving"))
    #expect(diving.has("entry / showDiving<BR/>exit / endDive"))
  }

  @Test("the regions are dashed frames labelled with their ids, in region order")
  func regions() throws {
    let regions = graph.clusters.filter(\.parents.isEmpty)
    #expect(regions.map(\.name) == ["cluster region movement", "cluster region weapon"])
    #expect(regions.map(\.label) == ["movement", "weapon"])
    #expect(regions.allSatisfy { $0.has("style=\"dashed\"") })
    #expect(graph.cluster("cluster onGround")?.parents == ["cluster region movement"])
    #expect(graph.cluster("cluster inAir")?.parents == ["cluster region movement"])
    #expect(graph.cluster("cluster armed")?.parents == ["cluster region weapon"])
  }

  @Test(
    "the regions read in their order on the picture, side by side or one above the other",
    arguments: [DiagramDirection.topToBottom, .leftToRight])
  func regionsInOrder(direction: DiagramDirection) throws {
    let svg = String(
      decoding: try GameCharacter.diagram(direction: direction).render(as: .svg), as: UTF8.self)
    let movement = try #require(Frame(named: "cluster region movement", in: svg))
    let weapon = try #require(Frame(named: "cluster region weapon", in: svg))
    #expect(svg.contains("stroke-dasharray"))
    if direction == .topToBottom {
      #expect(movement.right <= weapon.left, "movement is not left of weapon")
    } else {
      #expect(movement.bottom <= weapon.top, "movement is not above weapon")
    }
  }

  @Test("an initial pseudostate in each region, and in each superstate with an initial substate")
  func initialPseudostates() throws {
    let initials = graph.nodes(with: "shape=circle").filter { $0.has("style=filled") }
    let leading = initials.map { initial in
      (initial.clusters.last ?? "", graph.edges(leaving: initial.id).map(\.target))
    }
    #expect(
      leading.map { "\($0.0): \($0.1)" } == [
        "cluster region movement: [\"initial in onGround\"]",
        "cluster onGround: [\"standing\"]",
        "cluster inAir: [\"jumping\"]",
        "cluster region weapon: [\"unarmed\"]",
      ])
    // The movement region starts at onGround's border; `armed` has none.
    let start = try #require(graph.edges(from: "initial (movement)").first)
    #expect(start.attributes.contains("lhead=\"cluster onGround\""))
    #expect(!initials.contains { $0.clusters.last == "cluster armed" })
  }

  @Test("an arrow written on a superstate leaves its border; one into it ends at its border")
  func borderArrows() throws {
    let compound = graph.edges.filter {
      $0.attributes.contains("ltail=") || $0.attributes.contains("lhead=")
    }
    #expect(
      compound.map(\.label) == ["", "jump", "land", "hit", "drop", "hit / weaponLost"])
    let jump = try #require(graph.edges.first { $0.label == "jump" })
    #expect(jump.attributes.contains("ltail=\"cluster onGround\""))
    #expect(jump.attributes.contains("lhead=\"cluster inAir\""))
    let hit = try #require(graph.edges.first { $0.label == "hit" })
    #expect(hit.attributes.contains("ltail=\"cluster inAir\"") && hit.target == "standing")
    #expect(!hit.attributes.contains("lhead="))
    for label in ["drop", "hit / weaponLost"] {
      let edge = try #require(graph.edges.first { $0.label == label })
      #expect(edge.attributes.contains("ltail=\"cluster armed\"") && edge.target == "unarmed")
    }
    // `ducking` overrides the inherited `jump` with an arrow of its own.
    #expect(
      graph.edges.contains {
        $0.source == "ducking" && $0.label == "standUp, jump" && $0.target == "standing"
      })
    // Graphviz cuts an arrow at a border only if its tail is inside that
    // cluster and its head outside (and the other way round for lhead);
    // each such arrow has the invisible tail that keeps 2.43 from aborting.
    for edge in compound {
      let tail = try #require(graph.node(edge.source)).clusters
      let head = try #require(graph.node(edge.target)).clusters
      if let cluster = edge.attributes.firstMatch(of: /ltail="([^"]*)"/)?.1 {
        #expect(tail.contains(String(cluster)) && !head.contains(String(cluster)))
      }
      if let cluster = edge.attributes.firstMatch(of: /lhead="([^"]*)"/)?.1 {
        #expect(head.contains(String(cluster)) && !tail.contains(String(cluster)))
      }
      #expect(edge.attributes.contains("dir=both, arrowtail=onone"))
    }
  }

  @Test("the history is a circle marked H inside onGround; land goes from inAir's border to it")
  func history() throws {
    let marked = graph.nodes(with: "label=\"H\"")
    try #require(marked.count == 1)
    let history = marked[0]
    #expect(history.has("shape=circle") && !history.has("style=filled"))
    #expect(history.clusters.last == "cluster onGround")
    let into = graph.edges(to: history.id)
    #expect(into.map(\.label) == ["land"])
    #expect(into.allSatisfy { $0.attributes.contains("ltail=\"cluster inAir\"") })
    #expect(into.allSatisfy { !$0.attributes.contains("lhead=") })
  }

  @Test("fire's internal transitions keep their guard on the other region, [not in diving]")
  func guardOnTheOtherRegion() throws {
    #expect(graph.node("bow")?.has("fire [not in diving] / arrowReleased") == true)
    #expect(graph.node("gun")?.has("fire [not in diving] / shotFired") == true)
    #expect(!graph.edges.contains { $0.label.hasPrefix("fire") })
  }

  // MARK: - Runs drawn over it

  /// The run of `events` from the start, in the state pattern.
  private func run(_ events: [GameCharacter.Event]) throws -> TraceOverlay<GameCharacter.State> {
    var machine = try GameCharacter.make(.statePattern)
    let start = machine.state
    return TraceOverlay(start: start, trace: machine.run(events))
  }

  /// The index in the description of the transition from `source` on
  /// `event` (with `argument`).
  private func index(_ source: Chart, _ event: String, _ argument: String? = nil) throws -> Int {
    try #require(
      GameCharacter.description.transitions.firstIndex {
        $0.source == source && $0.event == event && $0.argument == argument
      })
  }

  @Test("a run ends in a leaf of each region, and each region's arrows carry its steps")
  func regionsOfARun() throws {
    let run = try run([.pickUp(.gun), .run, .jump, .fire, .duck, .fire, .hit, .hit])
    let tally = Tally.reading(
      run, leaves: GameCharacter.leaves(of:), in: GameCharacter.description)
    #expect(tally.current == [.standing, .unarmed])
    #expect(
      tally.steps == [
        try index(.unarmed, "pickUp", "gun"): [1], try index(.standing, "run"): [2],
        try index(.onGround, "jump"): [3], try index(.gun, "fire"): [4],
        try index(.jumping, "duck"): [5], try index(.inAir, "hit"): [7],
        try index(.armed, "hit"): [7],
      ])
    #expect(tally.extras.isEmpty)
    let dot = GameCharacter.diagram(highlighting: run).dot
    let drawn = DOTGraph(dot)
    for leaf in ["standing", "unarmed"] {
      #expect(drawn.node(leaf)?.has("BGCOLOR=\"\(Look.currentFill)\"") == true, "\(leaf)")
    }
    #expect(drawn.nodes.filter { $0.has("BGCOLOR=\"\(Look.currentFill)\"") }.count == 2)
    #expect(drawn.edges.contains { $0.label == "hit #7" && $0.attributes.contains(Look.taken) })
    #expect(drawn.edges.contains { $0.label == "hit / weaponLost #7" })
    #expect(drawn.edges.contains { $0.label == "jump #3" && $0.attributes.contains("ltail=") })
    #expect(drawn.node("gun")?.has("shotFired <FONT FACE=\"Helvetica-Bold\">#4</FONT>") == true)
    let caption = DOTGraph.lines(ofGraphLabelIn: dot)
    #expect(caption.contains("#6 fire in diving+gun: ignored"))
    #expect(caption.contains("#8 hit in standing+unarmed: ignored"))
    // Both superstates she was in are outlined in the run's colour.
    #expect(drawn.cluster("cluster inAir")?.has("color=\"\(Look.taken)\"") == true)
    #expect(drawn.cluster("cluster armed")?.has("color=\"\(Look.taken)\"") == true)
  }

  @Test("a landing through the history makes the H and its arrow strong")
  func historyInARun() throws {
    let landed = DOTGraph(GameCharacter.diagram(highlighting: try run([.run, .jump, .land])).dot)
    let history = try #require(landed.nodes(with: "label=\"H\"").first)
    #expect(history.has("color=\"\(Look.taken)\""))
    #expect(landed.edges(to: history.id).map(\.label) == ["land #3"])
    // A run that never lands leaves it faded.
    let flying = DOTGraph(GameCharacter.diagram(highlighting: try run([.jump])).dot)
    #expect(flying.nodes(with: "label=\"H\"").first?.has("color=\"\(Look.faded)\"") == true)
  }

  @Test("the class view's last step marks both regions, numbered as its trace numbers it")
  func classViewStep() throws {
    var machine = try GameCharacter.make(.statePattern)
    _ = machine.step(.run)
    let step = machine.step(.jump)
    var overlay = TraceOverlay(start: step.from, trace: [step])
    overlay.firstStepNumber = 2
    let dot = GameCharacter.diagram(highlighting: overlay, title: "jump took it").dot
    let drawn = DOTGraph(dot)
    for leaf in ["jumping", "unarmed"] {
      #expect(drawn.node(leaf)?.has("<FONT FACE=\"Helvetica-Bold\">\(leaf)</FONT>") == true)
    }
    #expect(drawn.edges.contains { $0.label == "jump #2" })
    #expect(DOTGraph.lines(ofGraphLabelIn: dot).first == "jump took it")
  }

  @Test("a run made by hand, without outputs, is read by whether each step fired")
  func runWithoutOutputs() throws {
    let armed = GameCharacter.State(.standing, .bow)
    let run = TraceOverlay(
      start: armed, steps: [.init(from: armed, event: "fire", to: armed, fired: true)])
    let tally = Tally.reading(
      run, leaves: GameCharacter.leaves(of:), in: GameCharacter.description)
    #expect(tally.steps == [try index(.bow, "fire"): [1]])
    #expect(tally.extras.isEmpty)
  }

  @Test("a focused run keeps the superstates around what it draws, and names what it leaves out")
  func focused() throws {
    let dot = GameCharacter.diagram(highlighting: try run([.pickUp(.bow)]), focus: true).dot
    let drawn = DOTGraph(dot)
    #expect(drawn.node("sliding") == nil && drawn.node("diving") == nil)
    // `jump` leaves onGround's border for inAir, which she enters jumping.
    #expect(drawn.node("jumping")?.clusters.last == "cluster inAir")
    #expect(drawn.edges.contains { $0.label == "jump" && $0.attributes.contains("lhead=") })
    #expect(drawn.nodes(with: "label=\"H\"").count == 1)
    #expect(
      DOTGraph.text(ofGraphLabelIn: dot).contains(
        "Left out, more than one transition from the run: sliding, diving"))
  }

  // MARK: - Rendering

  /// The described diagram, each worked example over it, and the first
  /// focused, laid out `direction`.
  private func pictures(_ direction: DiagramDirection) throws -> [Diagram] {
    let runs = try GameCharacter.workedExamples.map { try run($0.events) }
    return [GameCharacter.diagram(direction: direction)]
      + runs.map { GameCharacter.diagram(highlighting: $0, direction: direction) }
      + [GameCharacter.diagram(highlighting: runs[0], focus: true, direction: direction)]
  }

  @Test(
    "every picture renders as SVG without a word from Graphviz, naming every state and the H",
    arguments: [DiagramDirection.topToBottom, .leftToRight])
  func rendersCleanly(direction: DiagramDirection) throws {
    for diagram in try pictures(direction) {
      let (svg, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
      #expect(warnings.isEmpty, "Graphviz warned: \(warnings)")
      let texts = try SVG.texts(in: svg)
      for name in GameCharacter.stateNames + ["H", "movement", "weapon"] {
        #expect(texts.contains { $0 == name || $0.hasPrefix(name + " ") }, "\(name)")
      }
    }
  }

  @Test("random runs, focused or not, lay out without Graphviz failing or warning")
  func randomRuns() throws {
    var generator = SeededGenerator(seed: 22)
    let events = GameCharacter.sampleEvents(for: .init())
    for round in 0..<24 {
      let length = Int.random(in: 1...20, using: &generator)
      let run = try run((0..<length).map { _ in events.randomElement(using: &generator)! })
      let diagram = GameCharacter.diagram(
        highlighting: run, focus: round.isMultiple(of: 2),
        direction: round % 4 < 2 ? .leftToRight : .topToBottom)
      let (_, warnings) = try Graphviz.renderReporting(diagram.dot, renderer: "svg")
      #expect(warnings.isEmpty, "round \(round): \(warnings)")
    }
  }
}

/// A cluster's frame in Graphviz's SVG: its box, in the SVG's coordinates
/// (y grows downwards).
private struct Frame {
  var left, right, top, bottom: Double

  /// The frame of the cluster titled `name`, if the SVG has it.
  init?(named name: String, in svg: String) {
    guard let title = svg.range(of: "<title>\(name)</title>"),
      let match = svg[title.upperBound...].firstMatch(of: /points="([^"]*)"/)
    else { return nil }
    let points = match.1.split(separator: " ").map {
      $0.split(separator: ",").compactMap { Double($0) }
    }
    let xs = points.compactMap(\.first)
    let ys = points.compactMap(\.last)
    guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max()
    else { return nil }
    (self.left, self.right, self.top, self.bottom) = (left, right, top, bottom)
  }
}
