// Reference solutions for Lesson 16. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson16 {
  /// Exercise 16.1: a run of the game character (`GameCharacter`, the whole
  /// machine of the lesson), and what you predict it ends with.
  struct Prediction {
    /// The events, sent to a new character. Do not change them.
    let events: [GameCharacter.Event]
    /// The state she ends in: `GameCharacter.State(.running, .bow)` is
    /// `running+bow`.
    var endsIn: GameCharacter.State?
    /// What the last event outputs, in order; `[]` when it is ignored.
    var lastOutputs: [GameCharacter.Output]?
  }

  /// Exercise 16.1: fill in `endsIn` and `lastOutputs` of each run. Work
  /// them out on paper (or on the diagram) first, then check them.
  static let predictions = [
    // History remembers the slide; the dive ends before she touches down.
    Prediction(
      events: [.run, .duck, .jump, .duck, .land],
      endsIn: GameCharacter.State(.sliding), lastOutputs: [.endDive, .touchDown, .showSliding]),
    // A slide stops in a crouch; the crouch overrides the first jump.
    Prediction(
      events: [.run, .duck, .stop, .jump, .jump],
      endsIn: GameCharacter.State(.jumping), lastOutputs: [.liftOff, .showJumping]),
    // Both regions take the hit; on the ground, land is ignored.
    Prediction(
      events: [.pickUp(.bow), .run, .jump, .hit, .land],
      endsIn: GameCharacter.State(.standing), lastOutputs: []),
    // The guard reads the other region: no shot while diving.
    Prediction(
      events: [.pickUp(.gun), .run, .jump, .duck, .fire],
      endsIn: GameCharacter.State(.diving, .gun), lastOutputs: []),
  ]

  /// Exercise 16.2: a designer groups `ducking` and `sliding` into a new
  /// composite state `low` inside `onGround` (its initial substate is
  /// `ducking`; it has no activities), and changes no transition. The five
  /// answers are checked together.
  ///
  /// Which history, in the designer's chart, keeps the character's behaviour.
  enum History { case shallow, deep, both, neither }

  /// Where she lands after `run, jump, land`, with `onGround`'s shallow
  /// history (H).
  static let shallowAfterRunningJump: GameCharacter.MovementLeaf? = .running

  /// Where she lands after `run, duck, jump, land`, with `onGround`'s shallow
  /// history (H): it remembers `low`, which is entered through its initial
  /// substate.
  static let shallowAfterSlidingJump: GameCharacter.MovementLeaf? = .ducking

  /// Where she lands after `run, duck, jump, land`, with deep history (H*)
  /// instead: it remembers the leaf.
  static let deepAfterSlidingJump: GameCharacter.MovementLeaf? = .sliding

  /// Deep history lands every jump where today's shallow history does.
  static let keepsTheBehaviour: History? = .deep

  /// The lands into `sliding`: shallow history would enter `low`, then
  /// `ducking`. (She never lands in `ducking` today: a crouch's jump only
  /// stands her up.)
  static let landingsShallowChanges: Int? = 4

  /// Exercise 16.2: the run to play in the REPL for `landingsShallowChanges`.
  /// Do not change it.
  static let longRun: [GameCharacter.Event] = [
    .run, .duck, .jump, .land, .stop, .jump, .jump, .land, .run, .jump, .duck, .land,
    .duck, .jump, .duck, .hit, .run, .duck, .jump, .duck, .land, .pickUp(.bow), .jump,
    .fire, .land, .stop, .standUp, .jump, .land, .run, .duck, .stop, .jump, .jump, .land,
    .run, .duck, .jump, .land, .land,
  ]
}
