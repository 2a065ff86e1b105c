import StateMachines
import Testing

/// The hierarchy in the description: what the diagrams of composite states
/// and regions will be drawn from, and what the checks read a step against.
@Suite("Hierarchy and regions")
struct HierarchyTests {
  typealias S = GameCharacter.ChartState
  let description = GameCharacter.description
  var hierarchy: StateHierarchy<S> { description.hierarchy }

  @Test("flat machines describe no hierarchy")
  func flatMachines() {
    #expect(SecuritySystem.description.hierarchy.isFlat)
    #expect(TCPConnection.description.hierarchy == .flat)
    #expect(Turnstile.description.transitions.allSatisfy { !$0.entersHistory })
  }

  @Test("each state's parent, and the regions in order")
  func parentsAndRegions() {
    #expect(hierarchy.regions.map(\.id) == ["movement", "weapon"])
    #expect(hierarchy.regions.map(\.states) == [[.onGround, .inAir], [.unarmed, .armed]])
    #expect(hierarchy.regions.map(\.initial) == [.onGround, .unarmed])
    let parents: [S: S?] = [
      .onGround: nil, .standing: .onGround, .running: .onGround, .ducking: .onGround,
      .sliding: .onGround, .inAir: nil, .jumping: .inAir, .diving: .inAir, .unarmed: nil,
      .armed: nil, .bow: .armed, .gun: .armed,
    ]
    for state in S.allCases {
      #expect(hierarchy.parent(of: state) == parents[state] ?? nil, "\(state)")
    }
    #expect(hierarchy.regionIndex(of: .diving) == 0)
    #expect(hierarchy.regionIndex(of: .gun) == 1)
    #expect(hierarchy.leaves.count == 9)
  }

  @Test("initial substates and history: armed has no initial substate, onGround keeps history")
  func composites() {
    #expect(hierarchy.initialSubstate(of: .onGround) == .standing)
    #expect(hierarchy.initialSubstate(of: .inAir) == .jumping)
    #expect(hierarchy.initialSubstate(of: .armed) == nil)
    #expect(hierarchy.keepsHistory(.onGround))
    #expect(!hierarchy.keepsHistory(.inAir) && !hierarchy.keepsHistory(.armed))
    #expect(hierarchy.initialLeaf(entering: .inAir) == .jumping)
    #expect(hierarchy.initialLeaf(entering: .armed) == nil)
  }

  @Test("transitions from a composite state, and the one to onGround's history")
  func compositeTransitions() {
    let fromComposites = description.transitions.filter { hierarchy.isComposite($0.source) }
    #expect(
      fromComposites.map { "\($0.source) \($0.event ?? "") \($0.target)" } == [
        "onGround jump inAir", "inAir land onGround", "inAir hit standing", "armed drop unarmed",
        "armed hit unarmed",
      ])
    let toHistory = description.transitions.filter(\.entersHistory)
    #expect(toHistory.map(\.source) == [.inAir])
    #expect(
      toHistory.first.map(description.landings(of:)) == [.standing, .running, .ducking, .sliding])
  }

  @Test("a transition's scope, and the states it exits and enters")
  func scopes() {
    #expect(hierarchy.scope(from: .jumping, to: .diving) == .inAir)
    #expect(hierarchy.scope(from: .ducking, to: .standing) == .onGround)
    #expect(hierarchy.scope(from: .onGround, to: .inAir) == nil)
    #expect(hierarchy.scope(from: .inAir, to: .standing) == nil)
    #expect(hierarchy.exits(from: .diving, source: .inAir, target: .standing) == [.diving, .inAir])
    #expect(
      hierarchy.entries(source: .inAir, target: .standing, landing: .standing) == [
        .onGround, .standing,
      ])
    #expect(hierarchy.exits(from: .jumping, source: .jumping, target: .diving) == [.jumping])
    #expect(
      hierarchy.entries(source: .onGround, target: .inAir, landing: .jumping) == [
        .inAir, .jumping,
      ])
  }

  @Test("a step is read region by region against the description")
  func stepsAreExplained() throws {
    let hit = try #require(
      description.transitionsTaken(
        from: [.diving, .gun], on: "hit", to: [.standing, .unarmed], fired: true,
        outputs: ["endDive", "touchDown", "showStanding", "weaponLost", "showEmptyHands"]))
    #expect(hit.map { $0?.source } == [.inAir, .armed])
    // The weapon's outputs before the movement's explain nothing.
    #expect(
      description.transitionsTaken(
        from: [.diving, .gun], on: "hit", to: [.standing, .unarmed], fired: true,
        outputs: ["weaponLost", "showEmptyHands", "endDive", "touchDown", "showStanding"]) == nil)
    let fire = try #require(
      description.transitionsTaken(
        from: [.jumping, .bow], on: "fire", to: [.jumping, .bow], fired: true,
        outputs: ["arrowReleased"]))
    #expect(fire.map { $0?.kind } == [nil, .internal])
    #expect(
      description.transition(from: .running, on: "jump", to: .jumping)?.source == .onGround)
    #expect(
      description.transition(from: .ducking, on: "jump", to: .standing)?.source == .ducking)
  }

  @Test("the table engine: the innermost row wins, history is remembered, both regions run")
  func engine() throws {
    let table = GameCharacter.Table.table
    var active = table.start
    var noData: Void = ()
    var outputs: [GameCharacter.Output] = []
    let run: (GameCharacter.Event) throws -> Bool = { event in
      try table.fire(event, active: &active, data: &noData) { outputs.append($0) }
    }
    #expect(try run(.run))
    #expect(try run(.duck))
    #expect(try run(.jump))
    #expect(table.leaf(of: active, inRegion: 0) == .jumping)
    #expect(try run(.land))
    #expect(table.leaf(of: active, inRegion: 0) == .sliding)
    #expect(try !run(.land))
    #expect(
      outputs == [.showRunning, .showSliding, .liftOff, .showJumping, .touchDown, .showSliding])
    #expect(table.leaf(of: table.start, inRegion: 1) == .unarmed)
  }
}
