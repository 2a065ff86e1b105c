/// A colour of the traffic light as a type: the State pattern with no state
/// values at all. Each colour is a type whose static members decide.
public protocol TrafficLightStateType {
  /// The public id of this colour.
  static var id: TrafficLight.State { get }

  /// How long the colour stays on: the delay of its `after(d)`.
  static var delay: Duration { get }

  /// Decides what happens when the delay is over.
  static func timeout() -> Decision<any TrafficLightStateType.Type, TrafficLight.Output>

  /// Runs every time a transition enters this colour.
  static func entry(emit: (TrafficLight.Output) -> Void)
}

extension TrafficLightStateType {
  /// A colour that never goes out would stay.
  public static func timeout() -> Decision<any TrafficLightStateType.Type, TrafficLight.Output> {
    .ignore
  }

  /// No entry activity unless a colour says otherwise.
  public static func entry(emit: (TrafficLight.Output) -> Void) {}
}

extension TrafficLight {
  /// The traffic light written with the State pattern, each colour a type.
  ///
  /// Notice what changed from `StatePattern`: `Yellow.self` instead of
  /// `Yellow()`. A colour holds no data (when it came on is the context's),
  /// so it needs no value; the context keeps the current colour's type.
  public struct StatePatternTypes: TrafficLightMachine {
    /// The current colour.
    public private(set) var current: any TrafficLightStateType.Type = Green.self

    /// The light's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When the current colour came on: its delay counts from here.
    private var since: Duration = .zero

    /// Creates a green light; its clock reads 0.
    public init() {}

    /// The public id of the current colour.
    public var state: State { current.id }

    /// Lets the time pass; each time the current colour's delay is over, it
    /// decides what comes next, as of that deadline.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var outcome = Outcome<State>.ignored
      switch event {
      case .wait(let duration):
        let end = clock.now + duration
        while since + current.delay <= end {
          let deadline = since + current.delay
          clock.advance(to: deadline)
          guard case .go(let next, let effect) = current.timeout() else { break }
          outcome.recordTransition(from: state)
          effect.forEach(emit)
          current = next
          since = deadline
          current.entry(emit: emit)
        }
        clock.advance(to: end)
      }
      return outcome
    }
  }
}

extension TrafficLight.StatePatternTypes {
  /// Go.
  public enum Green: TrafficLightStateType {
    /// `green`.
    public static var id: TrafficLight.State { .green }

    /// One second.
    public static var delay: Duration { .seconds(1) }

    /// Then yellow.
    public static func timeout() -> Decision<any TrafficLightStateType.Type, TrafficLight.Output> {
      .go(to: Yellow.self)
    }

    /// Lights the green lamp alone.
    public static func entry(emit: (TrafficLight.Output) -> Void) { emit(.showGreen) }
  }

  /// Stop if you can.
  public enum Yellow: TrafficLightStateType {
    /// `yellow`.
    public static var id: TrafficLight.State { .yellow }

    /// Half a second.
    public static var delay: Duration { .milliseconds(500) }

    /// Then red.
    public static func timeout() -> Decision<any TrafficLightStateType.Type, TrafficLight.Output> {
      .go(to: Red.self)
    }

    /// Lights the yellow lamp alone.
    public static func entry(emit: (TrafficLight.Output) -> Void) { emit(.showYellow) }
  }

  /// Stop.
  public enum Red: TrafficLightStateType {
    /// `red`.
    public static var id: TrafficLight.State { .red }

    /// Two seconds.
    public static var delay: Duration { .seconds(2) }

    /// Then green again.
    public static func timeout() -> Decision<any TrafficLightStateType.Type, TrafficLight.Output> {
      .go(to: Green.self)
    }

    /// Lights the red lamp alone.
    public static func entry(emit: (TrafficLight.Output) -> Void) { emit(.showRed) }
  }
}
