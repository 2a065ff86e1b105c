// Reference solutions for Lesson 15. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
import StateMachines

enum Lesson15 {
  /// The traffic light's vocabulary: its states, events and outputs.
  enum TrafficLight {
    /// The light's states; a new light is red.
    enum State: String, StateID { case red, green, yellow, flashing }

    /// What the controller tells the light.
    enum Event: String, MachineEvent, CaseIterable {
      /// The current state's delay is over.
      case timer
      /// Something is broken: flash yellow.
      case fault
      /// Fixed: start again at red.
      case repair
    }

    /// The entry activities: which lamp goes on.
    enum Output: String, MachineOutput { case redOn, greenOn, yellowOn, flashingOn }
  }

  /// A traffic light in any style.
  protocol TrafficLightMachine: StateMachine
  where
    State == TrafficLight.State, Event == TrafficLight.Event, Output == TrafficLight.Output,
    Failure == Never
  {
    /// How many seconds the light stays in its state before `timer`: red 30,
    /// green 25, yellow 5, and `nil` while flashing (it waits for a repair).
    var delay: Int? { get }
  }
}

extension Lesson15 {
  /// Exercise 15.1: a new traffic light, in the style you choose.
  static func firstLight() -> any TrafficLightMachine {
    // An enum: the set of states is small and closed, the compiler checks
    // every (state, event) pair, and the table reads row by row.
    EnumLight.red
  }

  /// Exercise 15.2: a new traffic light, in another style.
  static func secondLight() -> any TrafficLightMachine {
    // The State pattern: one type per state, a context that carries out
    // the transitions. Longer, and the whole table is harder to see.
    PatternLight()
  }

  /// Exercise 15.1: your answers to the rubric's six questions for the
  /// traffic light, in the rubric's order: `true` for yes, `false` for no.
  static let rubric: [Bool?] = [
    false,  // 1. The controller sends timer, fault and repair, never a colour.
    false,  // 2. A delay is a constant of its colour, not data a state carries.
    false,  // 3. The same colours for a century, and only the team writes them.
    false,  // 4. Each state only switches its lamp on.
    true,  // 5. A fault missed in any colour is an accident at the crossing.
    false,  // 6. It changes colour a few times a minute.
  ]

  /// Exercise 15.1: how many (state, event) pairs the light ignores, which a
  /// `switch` without `default` lists by name.
  static let ignoredPairs: Int? = 5

  /// Exercise 15.2: which of your two lights a fact holds for.
  enum Lights { case first, second, both, neither }

  /// Exercise 15.2: which of your lights has an open set of states.
  static let openSetOfStates: Lights? = .second

  /// Exercise 15.2: which of your lights lets you test one state alone,
  /// without driving a light there.
  static let testsOneStateAlone: Lights? = .both

  /// Exercise 15.2: which of your lights takes a new event in one place.
  static let newEventInOnePlace: Lights? = .first

  // The enum: the whole table is one switch the compiler checks, and the
  // light will see no new colour; the State pattern's types buy nothing here.

  /// Exercise 15.2: the light you would keep, `.first` or `.second`; why, in
  /// a comment. The check asks only that you choose.
  static let kept: Lights? = .first

  /// A light that is always red and ignores everything (the starting point).
  struct UnfinishedLight: TrafficLightMachine {
    /// Always red.
    var state: TrafficLight.State { .red }

    /// Never changes.
    var delay: Int? { nil }

    /// Ignores every event.
    mutating func handle(
      _ event: TrafficLight.Event, emit: (TrafficLight.Output) -> Void
    ) -> Outcome<TrafficLight.State> {
      .ignored
    }
  }

  /// Exercise 15.1: the traffic light as an enum that is its own machine.
  enum EnumLight: TrafficLightMachine {
    case red, green, yellow, flashing

    /// The public id of the current state.
    var state: TrafficLight.State {
      switch self {
      case .red: .red
      case .green: .green
      case .yellow: .yellow
      case .flashing: .flashing
      }
    }

    /// Each colour's own delay; flashing waits for a repair.
    var delay: Int? {
      switch self {
      case .red: 30
      case .green: 25
      case .yellow: 5
      case .flashing: nil
      }
    }

    /// One `switch` over `(self, event)`: the table, row by row.
    mutating func handle(
      _ event: TrafficLight.Event, emit: (TrafficLight.Output) -> Void
    ) -> Outcome<TrafficLight.State> {
      switch (self, event) {
      case (.red, .timer): enter(.green, emit: emit)
      case (.green, .timer): enter(.yellow, emit: emit)
      case (.yellow, .timer): enter(.red, emit: emit)
      case (.red, .fault), (.green, .fault), (.yellow, .fault): enter(.flashing, emit: emit)
      case (.flashing, .repair): enter(.red, emit: emit)
      case (.red, .repair), (.green, .repair), (.yellow, .repair), (.flashing, .timer),
        (.flashing, .fault):
        return .ignored
      }
      return .fired
    }

    /// Goes to `target` and runs its entry activity.
    private mutating func enter(_ target: Self, emit: (TrafficLight.Output) -> Void) {
      self = target
      switch target {
      case .red: emit(.redOn)
      case .green: emit(.greenOn)
      case .yellow: emit(.yellowOn)
      case .flashing: emit(.flashingOn)
      }
    }
  }
}

extension Lesson15 {
  /// Exercise 15.2: what a light state decides.
  typealias LightDecision = Decision<any LightState, TrafficLight.Output>

  /// Exercise 15.2: a state of the traffic light in the State pattern.
  protocol LightState {
    /// The public id of this state.
    var id: TrafficLight.State { get }

    /// How long the state is shown, if it ends by itself.
    var delay: Int? { get }

    /// Decides what the timer does here.
    func timer() -> LightDecision

    /// Decides what a fault does here.
    func fault() -> LightDecision

    /// Decides what a repair does here.
    func repair() -> LightDecision

    /// Runs every time a transition enters this state: its lamp goes on.
    func entry(emit: (TrafficLight.Output) -> Void)
  }

  /// Exercise 15.2: the traffic light in the State pattern.
  struct PatternLight: TrafficLightMachine {
    /// The current state object.
    private(set) var current: any LightState = Red()

    /// The public id of the current state.
    var state: TrafficLight.State { current.id }

    /// The current state's delay.
    var delay: Int? { current.delay }

    /// Asks the current state, then carries out its decision.
    mutating func handle(
      _ event: TrafficLight.Event, emit: (TrafficLight.Output) -> Void
    ) -> Outcome<TrafficLight.State> {
      let decision =
        switch event {
        case .timer: current.timer()
        case .fault: current.fault()
        case .repair: current.repair()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }
  }

  /// Red for 30 seconds.
  struct Red: LightState {
    var id: TrafficLight.State { .red }
    var delay: Int? { 30 }
    func entry(emit: (TrafficLight.Output) -> Void) { emit(.redOn) }
    func timer() -> LightDecision { .go(to: Green()) }
  }

  /// Green for 25 seconds.
  struct Green: LightState {
    var id: TrafficLight.State { .green }
    var delay: Int? { 25 }
    func entry(emit: (TrafficLight.Output) -> Void) { emit(.greenOn) }
    func timer() -> LightDecision { .go(to: Yellow()) }
  }

  /// Yellow for 5 seconds.
  struct Yellow: LightState {
    var id: TrafficLight.State { .yellow }
    var delay: Int? { 5 }
    func entry(emit: (TrafficLight.Output) -> Void) { emit(.yellowOn) }
    func timer() -> LightDecision { .go(to: Red()) }
  }

  /// Flashing yellow until repaired.
  struct Flashing: LightState {
    var id: TrafficLight.State { .flashing }
    var delay: Int? { nil }
    func entry(emit: (TrafficLight.Output) -> Void) { emit(.flashingOn) }
    func timer() -> LightDecision { .ignore }
    func fault() -> LightDecision { .ignore }
    func repair() -> LightDecision { .go(to: Red()) }
  }
}

extension Lesson15.LightState {
  /// A fault makes every colour flash.
  func fault() -> Lesson15.LightDecision { .go(to: Lesson15.Flashing()) }

  /// Only a flashing light can be repaired.
  func repair() -> Lesson15.LightDecision { .ignore }
}
