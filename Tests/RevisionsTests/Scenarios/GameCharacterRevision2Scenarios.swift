import ConformanceSupport
import GameCharacterR2

// The game character's revision 2: `sliding` joins the ground states, and
// inherits onGround's jump and its history.
extension GameCharacterR2.GameCharacter {
  /// What revision 2 must do, step by step, in every style.
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
      "worked example: an override, and history that remembers a slide",
      [
        .fires(.duck, to: State(.ducking), .showDucking),
        .fires(.jump, to: State(.standing), .showStanding),
        .ignores(.land),
        .ignores(.standUp),
        .fires(.run, to: State(.running), .showRunning),
        .fires(.duck, to: State(.sliding), .showSliding),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.land, to: State(.sliding), .touchDown, .showSliding),
        .fires(.stop, to: State(.ducking), .showDucking),
      ]),
    Scenario(
      "the revision: sliding ignores what it does not handle",
      [
        .fires(.run, to: State(.running), .showRunning),
        .fires(.duck, to: State(.sliding), .showSliding),
        .ignores(.duck),
        .ignores(.run),
        .ignores(.standUp),
        .ignores(.land),
        .ignores(.hit),
      ]),
    Scenario(
      "inAir's land and hit, for both leaves",
      [
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.land, to: State(.standing), .touchDown, .showStanding),
        .fires(.duck, to: State(.ducking), .showDucking),
        .fires(.standUp, to: State(.standing), .showStanding),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.duck, to: State(.diving), .showDiving),
        .fires(.hit, to: State(.standing), .endDive, .touchDown, .showStanding),
        .fires(.jump, to: State(.jumping), .liftOff, .showJumping),
        .fires(.hit, to: State(.standing), .touchDown, .showStanding),
      ]),
  ]
}
