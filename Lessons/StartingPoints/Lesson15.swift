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
