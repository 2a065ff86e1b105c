// Lesson 15's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 15
// (see Lessons/15-choosing-a-style.md, "Exercises").
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
    UnfinishedLight()  // TODO: your light. Why this style?
  }

  /// Exercise 15.2: a new traffic light, in another style.
  static func secondLight() -> any TrafficLightMachine {
    UnfinishedLight()  // TODO: the same light, written another way.
  }

  /// Exercise 15.1: your answers to the rubric's six questions for the
  /// traffic light, in the rubric's order: `true` for yes, `false` for no.
  static let rubric: [Bool?] = [
    nil,  // TODO: 1. Does the caller name the target?
    nil,  // TODO: 2. Does a state carry data that means nothing in the others?
    nil,  // TODO: 3. Will states be added more often than events, or by others?
    nil,  // TODO: 4. Does each state have enough behaviour for a type of its own?
    nil,  // TODO: 5. Must each (state, event) pair be checked by the compiler?
    nil,  // TODO: 6. Is it a hot path, where lesson 12's multiples matter?
  ]

  /// Exercise 15.1: how many (state, event) pairs the light ignores, which a
  /// `switch` without `default` lists by name.
  static let ignoredPairs: Int? = nil  // TODO

  /// Exercise 15.2: which of your two lights a fact holds for.
  enum Lights { case first, second, both, neither }

  /// Exercise 15.2: which of your lights has an open set of states.
  static let openSetOfStates: Lights? = nil  // TODO

  /// Exercise 15.2: which of your lights lets you test one state alone,
  /// without driving a light there.
  static let testsOneStateAlone: Lights? = nil  // TODO

  /// Exercise 15.2: which of your lights takes a new event in one place.
  static let newEventInOnePlace: Lights? = nil  // TODO

  /// Exercise 15.2: the light you would keep, `.first` or `.second`; why, in
  /// a comment. The check asks only that you choose.
  static let kept: Lights? = nil  // TODO

  /// A light that is always red and ignores everything: replace it.
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
}
