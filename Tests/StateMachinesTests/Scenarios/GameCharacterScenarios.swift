import ConformanceSupport
import StateMachines
import Testing

extension GameCharacter: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The worked examples of the specification, one scenario for each rule
  /// under "What each rule teaches", and the pairs it lists as ignored.
  public static let scenarios: [Scenario<GameCharacter>] = [
    // The worked examples of docs/machines/game-character.md.
    Scenario(
      "worked example: a running jump, a dive, and she lands running",
      [
        .fires(.run, to: at(.running), .showRunning),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: at(.diving), .showDiving),
        .fires(.land, to: at(.running), .endDive, .touchDown, .showRunning),
        .fires(.stop, to: at(.standing), .showStanding),
      ]),
    Scenario(
      "worked example: the weapon changes what fire does; empty hands ignore it",
      [
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.fire, to: at(.standing, .bow), .arrowReleased),
        .fires(.pickUp(.gun), to: at(.standing, .gun), .showGun),
        .fires(.fire, to: at(.standing, .gun), .shotFired),
        .ignores(.pickUp(.gun)),
        .fires(.drop, to: at(.standing), .showEmptyHands),
        .ignores(.fire),
        .ignores(.drop),
      ]),
    Scenario(
      "worked example: an override, and history that remembers a slide",
      [
        .fires(.duck, to: at(.ducking), .showDucking),
        .fires(.jump, to: at(.standing), .showStanding),
        .ignores(.land),
        .ignores(.standUp),
        .fires(.run, to: at(.running), .showRunning),
        .fires(.duck, to: at(.sliding), .showSliding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.sliding), .touchDown, .showSliding),
        .fires(.stop, to: at(.ducking), .showDucking),
      ]),
    Scenario(
      "worked example: both regions, and a guard on the other region",
      [
        .fires(.pickUp(.gun), to: at(.standing, .gun), .showGun),
        .fires(.run, to: at(.running, .gun), .showRunning),
        .fires(.jump, to: at(.jumping, .gun), .liftOff, .showJumping),
        .fires(.fire, to: at(.jumping, .gun), .shotFired),
        .fires(.duck, to: at(.diving, .gun), .showDiving),
        .ignores(.fire),
        .fires(
          .hit, to: at(.standing), .endDive, .touchDown, .showStanding, .weaponLost,
          .showEmptyHands),
        .ignores(.hit),
      ]),
    Scenario(
      "worked example: a hit on the ground takes the weapon only",
      [
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.hit, to: at(.standing), .weaponLost, .showEmptyHands),
        .ignores(.land),
      ]),

    // What each rule teaches.
    Scenario(
      "jump is onGround's: standing, running and sliding inherit it; ducking overrides it",
      [
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.standing), .touchDown, .showStanding),
        .fires(.run, to: at(.running), .showRunning),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.running), .touchDown, .showRunning),
        .fires(.duck, to: at(.sliding), .showSliding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.sliding), .touchDown, .showSliding),
        .fires(.stop, to: at(.ducking), .showDucking),
        .fires(.jump, to: at(.standing), .showStanding),
      ]),
    Scenario(
      "land and hit are inAir's, for both leaves; from diving the dive ends before touchdown",
      [
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.hit, to: at(.standing), .touchDown, .showStanding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: at(.diving), .showDiving),
        .fires(.hit, to: at(.standing), .endDive, .touchDown, .showStanding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: at(.diving), .showDiving),
        .fires(.land, to: at(.standing), .endDive, .touchDown, .showStanding),
      ]),
    Scenario(
      "jump enters inAir before jumping; a dive stays inside inAir",
      [
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: at(.diving), .showDiving),
        .ignores(.duck),
        .ignores(.jump),
        .ignores(.run),
        .ignores(.stop),
        .ignores(.standUp),
      ]),
    Scenario(
      "land returns to the ground leaf she jumped from; hit knocks her down whatever it was",
      [
        .fires(.run, to: at(.running), .showRunning),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.hit, to: at(.standing), .touchDown, .showStanding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.standing), .touchDown, .showStanding),
      ]),
    Scenario(
      "history is what she last left the ground from, not what she first did",
      [
        .fires(.run, to: at(.running), .showRunning),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.land, to: at(.running), .touchDown, .showRunning),
        .fires(.stop, to: at(.standing), .showStanding),
        .fires(.jump, to: at(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: at(.diving), .showDiving),
        .fires(.land, to: at(.standing), .endDive, .touchDown, .showStanding),
      ]),
    Scenario(
      "drop and hit are armed's, for both weapons",
      [
        .fires(.pickUp(.gun), to: at(.standing, .gun), .showGun),
        .fires(.drop, to: at(.standing), .showEmptyHands),
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.drop, to: at(.standing), .showEmptyHands),
        .fires(.pickUp(.gun), to: at(.standing, .gun), .showGun),
        .fires(.hit, to: at(.standing), .weaponLost, .showEmptyHands),
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .ignores(.pickUp(.bow)),
        .fires(.pickUp(.gun), to: at(.standing, .gun), .showGun),
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.hit, to: at(.standing), .weaponLost, .showEmptyHands),
      ]),
    Scenario(
      "fire reads the movement: not while diving, with either weapon",
      [
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.jump, to: at(.jumping, .bow), .liftOff, .showJumping),
        .fires(.fire, to: at(.jumping, .bow), .arrowReleased),
        .fires(.duck, to: at(.diving, .bow), .showDiving),
        .ignores(.fire),
        .fires(.pickUp(.gun), to: at(.diving, .gun), .showGun),
        .ignores(.fire),
        .fires(.land, to: at(.standing, .gun), .endDive, .touchDown, .showStanding),
        .fires(.fire, to: at(.standing, .gun), .shotFired),
      ]),
    Scenario(
      "hit is the one event both regions take: movement's outputs first",
      [
        .fires(.pickUp(.bow), to: at(.standing, .bow), .showBow),
        .fires(.jump, to: at(.jumping, .bow), .liftOff, .showJumping),
        .fires(
          .hit, to: at(.standing), .touchDown, .showStanding, .weaponLost, .showEmptyHands),
      ]),
    Scenario(
      "on the ground, land, standUp and hit change nothing in the movement",
      [
        .ignores(.land),
        .ignores(.standUp),
        .ignores(.stop),
        .ignores(.hit),
        .fires(.run, to: at(.running), .showRunning),
        .ignores(.run),
        .ignores(.land),
        .ignores(.hit),
        .fires(.duck, to: at(.sliding), .showSliding),
        .ignores(.duck),
        .ignores(.run),
        .ignores(.standUp),
        .fires(.stop, to: at(.ducking), .showDucking),
        .ignores(.duck),
        .ignores(.run),
        .ignores(.stop),
        .fires(.standUp, to: at(.standing), .showStanding),
      ]),
  ]

  /// The state with her movement leaf `movement` and weapon leaf `weapon`.
  private static func at(_ movement: MovementLeaf, _ weapon: WeaponLeaf = .unarmed) -> State {
    State(movement, weapon)
  }
}

@Suite("Game character")
struct GameCharacterTests {
  @Test("creating her runs no entry activity", arguments: GameCharacter.implementations)
  func creationRunsNoEntry(_ style: Implementation) throws {
    let character = try GameCharacter.make(style, GameCharacter.Configuration())
    #expect(character.state == GameCharacter.State(.standing, .unarmed))
    #expect(character.state.rawValue == "standing+unarmed")
  }

  @Test("her state is a leaf of each region, read back from its id")
  func stateIDs() {
    #expect(GameCharacter.State.allCases.count == 18)
    for state in GameCharacter.State.allCases {
      #expect(GameCharacter.State(rawValue: state.rawValue) == state)
    }
    for text in ["standing", "standing+", "onGround+unarmed", "standing+armed", "a+b+c", ""] {
      #expect(GameCharacter.State(rawValue: text) == nil, "\(text)")
    }
  }

  @Test("pickUp takes bow or gun; other arguments are usage errors naming both")
  func badInput() {
    for text in ["pickUp:sword", "pickUp:Bow", "pickUp"] {
      #expect(throws: EventSyntaxError.self) { try GameCharacter.Event.parse(text) }
      let message = (try? GameCharacter.Event.parse(text)).map { _ in "" } ?? message(of: text)
      #expect(message.contains("bow, gun"), "\(text): \(message)")
    }
    #expect(throws: EventSyntaxError("event 'run' takes no argument, but was given 'fast'")) {
      try GameCharacter.Event.parse("run:fast")
    }
    #expect((try? GameCharacter.Event.parse("pickUp:gun")) == .pickUp(.gun))
  }

  /// The message of the error that reading `text` throws.
  private func message(of text: String) -> String {
    do {
      _ = try GameCharacter.Event.parse(text)
      return ""
    } catch {
      return error.message
    }
  }

  @Test("the exhaustive sweep reaches every state and every history of onGround")
  func sweepReachesEveryConfiguration() {
    let paths = Exploration<GameCharacter>(.enum).paths
    var reached: Set<GameCharacter.State> = []
    var landings: Set<GameCharacter.Enum.Ground> = []
    for path in paths {
      guard let machine = path.replay(in: Implementation(.enum)) else { continue }
      reached.insert(machine.state)
      if case .inAir(_, let ground)? = (machine as? GameCharacter.Enum)?.movement {
        landings.insert(ground)
      }
    }
    #expect(reached == Set(GameCharacter.State.allCases))
    #expect(landings == [.standing, .running, .sliding])
  }
}
