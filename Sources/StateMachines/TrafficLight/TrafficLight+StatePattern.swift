/// A colour of the traffic light in the State pattern: it knows its lamp,
/// how long it stays on, and which colour comes after it.
public protocol TrafficLightState {
  /// The public id of this colour.
  var id: TrafficLight.State { get }

  /// How long the colour stays on: the delay of its `after(d)`.
  var delay: Duration { get }

  /// Decides what happens when the delay is over.
  func timeout() -> Decision<any TrafficLightState, TrafficLight.Output>

  /// Runs every time a transition enters this colour.
  func entry(emit: (TrafficLight.Output) -> Void)
}

extension TrafficLightState {
  /// A colour that never goes out would stay.
  public func timeout() -> Decision<any TrafficLightState, TrafficLight.Output> { .ignore }

  /// No entry activity unless a colour says otherwise.
  public func entry(emit: (TrafficLight.Output) -> Void) {}
}

extension TrafficLight {
  /// The traffic light written with the State pattern: a context and one
  /// type per colour.
  ///
  /// Notice who decides: each colour names the one after it (`Green` goes
  /// to `Yellow()`), and the context only keeps time and carries decisions
  /// out. That is the state-driven design; `StateClassesContextDriven` is
  /// the other one the sources show.
  public struct StatePattern: TrafficLightMachine {
    /// The current colour.
    public private(set) var current: any TrafficLightState = Green()

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

extension TrafficLight.StatePattern {
  /// Go.
  public struct Green: TrafficLightState {
    /// `green`.
    public var id: TrafficLight.State { .green }

    /// One second.
    public var delay: Duration { .seconds(1) }

    /// Then yellow.
    public func timeout() -> Decision<any TrafficLightState, TrafficLight.Output> {
      .go(to: Yellow())
    }

    /// Lights the green lamp alone.
    public func entry(emit: (TrafficLight.Output) -> Void) { emit(.showGreen) }
  }

  /// Stop if you can.
  public struct Yellow: TrafficLightState {
    /// `yellow`.
    public var id: TrafficLight.State { .yellow }

    /// Half a second.
    public var delay: Duration { .milliseconds(500) }

    /// Then red.
    public func timeout() -> Decision<any TrafficLightState, TrafficLight.Output> {
      .go(to: Red())
    }

    /// Lights the yellow lamp alone.
    public func entry(emit: (TrafficLight.Output) -> Void) { emit(.showYellow) }
  }

  /// Stop.
  public struct Red: TrafficLightState {
    /// `red`.
    public var id: TrafficLight.State { .red }

    /// Two seconds.
    public var delay: Duration { .seconds(2) }

    /// Then green again.
    public func timeout() -> Decision<any TrafficLightState, TrafficLight.Output> {
      .go(to: Green())
    }

    /// Lights the red lamp alone.
    public func entry(emit: (TrafficLight.Output) -> Void) { emit(.showRed) }
  }
}
