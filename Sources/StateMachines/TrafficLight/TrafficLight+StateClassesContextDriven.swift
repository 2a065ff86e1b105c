/// A colour as the sources' light knows it: its lamp and how long it stays
/// on, and nothing about the other colours.
public class TrafficLightColour {
  /// Creates the colour; the light is given its colours once, up front.
  public init() {}

  /// The public id of this colour.
  public var id: TrafficLight.State { fatalError("every subclass names its state") }

  /// How long the colour stays on.
  public var delay: Duration { .zero }

  /// Lights this colour's lamp alone: its entry activity.
  public func light(emit: (TrafficLight.Output) -> Void) {}
}

extension TrafficLight {
  /// The traffic light as the sources write it: state classes, and a context
  /// that decides which colour comes next.
  ///
  /// Notice where the cycle lives: in the list the light is created with.
  /// A colour knows only its lamp and its delay; the context moves to the
  /// colour after the current one (the first after the last) once the
  /// current delay is over. Another list makes another light without
  /// touching any colour: `StateClassesContextDriven(Green(), Red())` has
  /// no yellow. Compare `StateClasses`, where each colour names the next.
  public final class StateClassesContextDriven: TrafficLightMachine {
    /// The colours, in the order they follow one another.
    public let cycle: [TrafficLightColour]

    /// Where the current colour is in `cycle`.
    private var position = 0

    /// The light's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When the current colour came on: its delay counts from here.
    private var since: Duration = .zero

    /// Creates a light that shows `first`, then each of `rest`, and starts
    /// over; its clock reads 0.
    public init(_ first: TrafficLightColour, _ rest: TrafficLightColour...) {
      cycle = [first] + rest
    }

    /// Creates the usual light: green, yellow, red.
    public convenience init() {
      self.init(Green(), Yellow(), Red())
    }

    /// The current colour.
    public var current: TrafficLightColour { cycle[position] }

    /// The public id of the current colour.
    public var state: State { current.id }

    /// Lets the time pass; each time the current colour's delay is over, the
    /// context lights the next colour in its list, as of that deadline. (A
    /// colour with no delay would never go out.)
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var outcome = Outcome<State>.ignored
      switch event {
      case .wait(let duration):
        let end = clock.now + duration
        while current.delay > .zero, since + current.delay <= end {
          let deadline = since + current.delay
          clock.advance(to: deadline)
          outcome.recordTransition(from: state)
          position = (position + 1) % cycle.count
          since = deadline
          current.light(emit: emit)
        }
        clock.advance(to: end)
      }
      return outcome
    }
  }
}

extension TrafficLight.StateClassesContextDriven {
  /// Go, for one second.
  public final class Green: TrafficLightColour {
    /// `green`.
    public override var id: TrafficLight.State { .green }

    /// One second.
    public override var delay: Duration { .seconds(1) }

    /// Lights the green lamp alone.
    public override func light(emit: (TrafficLight.Output) -> Void) { emit(.showGreen) }
  }

  /// Stop if you can, for half a second.
  public final class Yellow: TrafficLightColour {
    /// `yellow`.
    public override var id: TrafficLight.State { .yellow }

    /// Half a second.
    public override var delay: Duration { .milliseconds(500) }

    /// Lights the yellow lamp alone.
    public override func light(emit: (TrafficLight.Output) -> Void) { emit(.showYellow) }
  }

  /// Stop, for two seconds.
  public final class Red: TrafficLightColour {
    /// `red`.
    public override var id: TrafficLight.State { .red }

    /// Two seconds.
    public override var delay: Duration { .seconds(2) }

    /// Lights the red lamp alone.
    public override func light(emit: (TrafficLight.Output) -> Void) { emit(.showRed) }
  }
}
