// Lesson 16's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 16
// (see Lessons/16-superstates-regions-history.md, "Exercises").
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
    Prediction(
      events: [.run, .duck, .jump, .duck, .land],
      endsIn: nil, lastOutputs: nil),  // TODO
    Prediction(
      events: [.run, .duck, .stop, .jump, .jump],
      endsIn: nil, lastOutputs: nil),  // TODO
    Prediction(
      events: [.pickUp(.bow), .run, .jump, .hit, .land],
      endsIn: nil, lastOutputs: nil),  // TODO
    Prediction(
      events: [.pickUp(.gun), .run, .jump, .duck, .fire],
      endsIn: nil, lastOutputs: nil),  // TODO
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
  static let shallowAfterRunningJump: GameCharacter.MovementLeaf? = nil  // TODO

  /// Where she lands after `run, duck, jump, land`, with `onGround`'s shallow
  /// history (H).
  static let shallowAfterSlidingJump: GameCharacter.MovementLeaf? = nil  // TODO

  /// Where she lands after `run, duck, jump, land`, with deep history (H*)
  /// instead.
  static let deepAfterSlidingJump: GameCharacter.MovementLeaf? = nil  // TODO

  /// Which history keeps the character's behaviour.
  static let keepsTheBehaviour: History? = nil  // TODO

  /// Play `longRun` on today's character in the REPL: at how many of its
  /// steps does `land` take her to a leaf other than the one the designer's
  /// chart, with shallow history, would land her in from the same state?
  static let landingsShallowChanges: Int? = nil  // TODO

  /// Exercise 16.2: the run to play in the REPL for `landingsShallowChanges`.
  /// Do not change it.
  static let longRun: [GameCharacter.Event] = [
    .run, .duck, .jump, .land, .stop, .jump, .jump, .land, .run, .jump, .duck, .land,
    .duck, .jump, .duck, .hit, .run, .duck, .jump, .duck, .land, .pickUp(.bow), .jump,
    .fire, .land, .stop, .standUp, .jump, .land, .run, .duck, .stop, .jump, .jump, .land,
    .run, .duck, .jump, .land, .land,
  ]
}
