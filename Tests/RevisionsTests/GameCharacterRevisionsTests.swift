import GameCharacterR1
import GameCharacterR2
import StateMachines
import Testing

/// The game character's revisions side by side: the same events in each,
/// in every style, and what each change added.
@Suite("Game character revisions")
struct GameCharacterRevisionsTests {
  @Test("the revisions are numbered 1 to 3 and keep the machine's public ids")
  func numbering() {
    #expect(Revisions.allOfTheGameCharacter.map { $0.number } == [1, 2, 3])
    #expect(Set(Revisions.allOfTheGameCharacter.map { $0.id }) == [StateMachines.GameCharacter.id])
  }

  @Test(
    "change 1→2: ducking while running, ignored at first, then a slide",
    arguments: Revisions.styles(of: Revisions.allOfTheGameCharacter))
  func sliding(_ style: Style) throws {
    let history = try Revisions.history(
      ["run", "duck", "jump", "land"], in: style, of: Revisions.allOfTheGameCharacter)
    #expect(
      history[1] == [
        "standing --run--> running: showRunning", "running: duck ignored",
        "running --jump--> jumping: liftOff, showJumping",
        "jumping --land--> running: touchDown, showRunning",
      ])
    let slide = [
      "standing --run--> running: showRunning", "running --duck--> sliding: showSliding",
      "sliding --jump--> jumping: liftOff, showJumping",
      "jumping --land--> sliding: touchDown, showSliding",
    ]
    #expect(history[2] == slide)
    #expect(
      history[3] == [
        "standing+unarmed --run--> running+unarmed: showRunning",
        "running+unarmed --duck--> sliding+unarmed: showSliding",
        "sliding+unarmed --jump--> jumping+unarmed: liftOff, showJumping",
        "jumping+unarmed --land--> sliding+unarmed: touchDown, showSliding",
      ])
  }

  @Test(
    "change 2→3: the weapon region; the movement's steps are the same",
    arguments: Revisions.styles(of: Revisions.allOfTheGameCharacter))
  func weaponRegion(_ style: Style) throws {
    let history = try Revisions.history(
      ["jump", "duck", "hit"], in: style, of: Revisions.allOfTheGameCharacter)
    #expect(
      history[2] == [
        "standing --jump--> jumping: liftOff, showJumping",
        "jumping --duck--> diving: showDiving",
        "diving --hit--> standing: endDive, touchDown, showStanding",
      ])
    #expect(
      history[3] == [
        "standing+unarmed --jump--> jumping+unarmed: liftOff, showJumping",
        "jumping+unarmed --duck--> diving+unarmed: showDiving",
        "diving+unarmed --hit--> standing+unarmed: endDive, touchDown, showStanding",
      ])
    #expect(throws: EventSyntaxError.self) { try GameCharacterR2.GameCharacter.Event.parse("fire") }
  }

  @Test("the revisions' states and their descriptions")
  func states() {
    #expect(
      GameCharacterR1.GameCharacter.stateIDs == [
        "onGround", "standing", "running", "ducking", "inAir", "jumping", "diving",
      ])
    #expect(
      GameCharacterR2.GameCharacter.stateIDs == [
        "onGround", "standing", "running", "ducking", "sliding", "inAir", "jumping", "diving",
      ])
    #expect(GameCharacterR2.GameCharacter.description.hierarchy.regions.map(\.id) == ["movement"])
    #expect(
      StateMachines.GameCharacter.description.hierarchy.regions.map(\.id) == ["movement", "weapon"])
  }
}
