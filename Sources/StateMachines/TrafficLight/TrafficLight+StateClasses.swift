/// A colour of the traffic light as the Gang of Four print a state: a class
/// whose members do nothing, and one subclass per colour that overrides what
/// that colour does.
public class TrafficLightStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this colour.
  public var id: TrafficLight.State { fatalError("every subclass names its state") }

  /// How long the colour stays on, or `nil` for one with no `after(d)`.
  public var delay: Duration? { nil }

  /// Decides what happens when the delay is over.
  public func timeout() -> Decision<TrafficLightStateObject.Type, TrafficLight.Output> { .ignore }

  /// Runs every time a transition enters this colour.
  public func entry(emit: (TrafficLight.Output) -> Void) {}
}

extension TrafficLight {
  /// The traffic light written with the book's state classes: the context
  /// holds the current state object and asks it what comes next.
  ///
  /// Notice who decides: each colour names its successor by class
  /// (`Yellow.self`), so the cycle is spread over the colours and a new
  /// colour touches its neighbour. `StateClassesContextDriven` is the
  /// sources' other design. The context makes a new object per change, as
  /// the book prints it, or, created with `sharingStateObjects`, one object
  /// per class made once and reused.
  public final class StateClasses: TrafficLightMachine {
    /// The current state object.
    public private(set) var current: TrafficLightStateObject = Green()

    /// The light's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When the current colour came on: its delay counts from here.
    private var since: Duration = .zero

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [TrafficLightStateObject]

    /// Creates a green light; its clock reads 0.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects = sharingStateObjects ? [Green(), Yellow(), Red()] : []
      if sharingStateObjects { current = sharedStateObjects[0] }
    }

    /// The public id of the current colour.
    public var state: State { current.id }

    /// Lets the time pass; each time the current colour's delay is over, it
    /// decides what comes next, as of that deadline.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var outcome = Outcome<State>.ignored
      switch event {
      case .wait(let duration):
        let end = clock.now + duration
        while let delay = current.delay, since + delay <= end {
          let deadline = since + delay
          clock.advance(to: deadline)
          guard case .go(let next, let effect) = current.timeout() else { break }
          outcome.recordTransition(from: state)
          effect.forEach(emit)
          current = stateObject(next)
          since = deadline
          current.entry(emit: emit)
        }
        clock.advance(to: end)
      }
      return outcome
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: TrafficLightStateObject.Type) -> TrafficLightStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension TrafficLight.StateClasses {
  /// Go.
  public final class Green: TrafficLightStateObject {
    /// `green`.
    public override var id: TrafficLight.State { .green }

    /// One second.
    public override var delay: Duration? { .seconds(1) }

    /// Then yellow.
    public override func timeout() -> Decision<TrafficLightStateObject.Type, TrafficLight.Output> {
      .go(to: Yellow.self)
    }

    /// Lights the green lamp alone.
    public override func entry(emit: (TrafficLight.Output) -> Void) { emit(.showGreen) }
  }

  /// Stop if you can.
  public final class Yellow: TrafficLightStateObject {
    /// `yellow`.
    public override var id: TrafficLight.State { .yellow }

    /// Half a second.
    public override var delay: Duration? { .milliseconds(500) }

    /// Then red.
    public override func timeout() -> Decision<TrafficLightStateObject.Type, TrafficLight.Output> {
      .go(to: Red.self)
    }

    /// Lights the yellow lamp alone.
    public override func entry(emit: (TrafficLight.Output) -> Void) { emit(.showYellow) }
  }

  /// Stop.
  public final class Red: TrafficLightStateObject {
    /// `red`.
    public override var id: TrafficLight.State { .red }

    /// Two seconds.
    public override var delay: Duration? { .seconds(2) }

    /// Then green again.
    public override func timeout() -> Decision<TrafficLightStateObject.Type, TrafficLight.Output> {
      .go(to: Green.self)
    }

    /// Lights the red lamp alone.
    public override func entry(emit: (TrafficLight.Output) -> Void) { emit(.showRed) }
  }
}
