import ConformanceSupport
import GameCharacterR1

// The game character's revision 1: movement only, without sliding. Ducking
// while running is ignored.
extension GameCharacterR1.GameCharacter {
  /// What revision 1 must do, step by step, in every style.
  public static let scenarios: [Scenario<Self>] = [
    Scenario(
      "worked example: a running jump, a dive, and she lands running",
      [
        .fires(.run, to: State(.running), .showRunning),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: State(.diving), .showDiving),
        .fires(.land, to: State(.running), .endDive, .touchDown, .showRunning),
        .fires(.stop, to: State(.standing), .showStanding),
      ]),
    Scenario(
      "the revision: ducking while running is ignored",
      [
        .fires(.run, to: State(.running), .showRunning),
        .ignores(.duck),
        .ignores(.standUp),
        .fires(.stop, to: State(.standing), .showStanding),
      ]),
    Scenario(
      "ducking overrides onGround's jump; standing up",
      [
        .fires(.duck, to: State(.ducking), .showDucking),
        .ignores(.duck),
        .fires(.jump, to: State(.standing), .showStanding),
        .fires(.duck, to: State(.ducking), .showDucking),
        .fires(.standUp, to: State(.standing), .showStanding),
        .ignores(.land),
        .ignores(.hit),
      ]),
    Scenario(
      "inAir's land and hit, for both leaves; history",
      [
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .ignores(.jump),
        .fires(.land, to: State(.standing), .touchDown, .showStanding),
        .fires(.run, to: State(.running), .showRunning),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.hit, to: State(.standing), .touchDown, .showStanding),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: State(.diving), .showDiving),
        .fires(.hit, to: State(.standing), .endDive, .touchDown, .showStanding),
      ]),
  ]
}
