/// A traffic light that changes by itself: green, yellow, red, and green
/// again, each colour held for its own time on the machine's clock.
///
/// The sources' example of a closed set of states, and of the question the
/// State pattern leaves open: who decides the next state? Every style here
/// lets each state name its successor (state-driven); the state classes are
/// also written the sources' way, with the context choosing the next colour
/// from a list it was created with (`StateClassesContextDriven`).
public enum TrafficLight: Machine {
  /// The colours.
  public enum State: String, StateID {
    /// Go (initial); held for one second.
    case green
    /// Stop if you can; held for half a second.
    case yellow
    /// Stop; held for two seconds.
    case red
  }

  /// The only thing that happens to a traffic light: time passes.
  public enum Event: MachineEvent {
    /// `duration` passes on the light's clock.
    case wait(Duration)

    /// `wait:SECONDS`.
    public static let signatures: [EventSignature<Event>] = [
      .seconds("wait") { .wait($0) }
    ]

    /// The event without its time: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case wait
    }

    /// `wait`.
    public var kind: Kind { .wait }

    /// The seconds, as in `0.5`.
    public var argument: String? {
      switch self {
      case .wait(let duration): duration.secondsText
      }
    }

    /// The time the wait lets pass.
    public var timePassing: Duration? {
      switch self {
      case .wait(let duration): duration
      }
    }
  }

  /// The lamps: each puts every lamp out, then lights its own colour.
  public enum Output: String, MachineOutput {
    /// Only the green lamp is lit.
    case showGreen
    /// Only the yellow lamp is lit.
    case showYellow
    /// Only the red lamp is lit.
    case showRed
  }

  /// `traffic-light`.
  public static let id = "traffic-light"

  /// One sentence on the traffic light.
  public static let summary =
    "A light that changes by itself on a clock: who decides the next colour, context or states."

  /// The traffic light as a diagram, drawn from the rows and activities the
  /// `table` style runs on: three timed transitions, `after(1s)`, ...
  public static let description = MachineDescription<State>(
    initial: .green, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// One line per style: how each builds a green light whose clock reads 0
  /// (the configuration has nothing for it), and the light the sources
  /// write, whose context picks the next colour.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .contextDrivenStateClasses: { _ in StateClassesContextDriven() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
  ]

  /// Waits that end just before, exactly at, and past a deadline, a wait of
  /// nothing, and one over several whole cycles.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [
      .wait(.zero), .wait(.milliseconds(1)), .wait(.milliseconds(499)), .wait(.milliseconds(500)),
      .wait(.seconds(1)), .wait(.seconds(2)), .wait(.seconds(4)), .wait(.seconds(10)),
    ]
  }

  /// The spec's runs: one colour after another, a deadline met exactly, and
  /// waits that span several colours.
  public static let workedExamples = [
    WorkedExample<Self>(
      "each colour in turn", [.wait(.seconds(1)), .wait(.milliseconds(500)), .wait(.seconds(2))]),
    WorkedExample<Self>(
      "a deadline fires when the clock reaches it, not before",
      [.wait(.milliseconds(999)), .wait(.milliseconds(1)), .wait(.zero)]),
    WorkedExample<Self>("one wait over a whole cycle", [.wait(.seconds(4))]),
    WorkedExample<Self>(
      "each timer counts from when its colour came on",
      [.wait(.milliseconds(1200)), .wait(.milliseconds(300)), .wait(.seconds(5))]),
  ]
}

/// A traffic light in any style: what the implementations share.
public protocol TrafficLightMachine: StateMachine
where
  State == TrafficLight.State, Event == TrafficLight.Event, Output == TrafficLight.Output,
  Failure == Never
{
  /// The light's clock: how long since it was created.
  var clock: VirtualClock { get }
}

extension TrafficLightMachine {
  /// Lets `duration` pass and returns the lamps switched on meanwhile.
  @discardableResult
  public mutating func wait(_ duration: Duration) -> [Output] { outputs(of: .wait(duration)) }
}
