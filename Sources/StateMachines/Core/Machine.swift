/// One of the machines of the workbench: its public ids, its description, and
/// a way to build it in any style.
///
/// The conforming types (`Turnstile`, `SecuritySystem`, ...) are namespaces
/// that hold the vocabulary shared by the machine's five styles.
public protocol Machine: Sendable {
  /// The public ids of the states, as `fsm run` prints them in `from` and
  /// `to`: for a machine with regions, a leaf of each region
  /// (`standing+unarmed`).
  associatedtype State: StateID

  /// The states the description names and a diagram draws: the machine's
  /// `State` for a flat machine; for one with composite states or regions,
  /// every state of its chart, composite ones included (`onGround`).
  associatedtype DescribedState: StateID = State

  /// The events, with their data.
  associatedtype Event: MachineEvent

  /// The outputs, with their data.
  associatedtype Output: MachineOutput

  /// What the machine is created with (the security system's code, the
  /// gumball machine's gumballs); `Configuration()` is the defaults.
  associatedtype Configuration: MachineConfiguration = NoConfiguration

  /// The machine's public id, as in `fsm run turnstile`.
  static var id: String { get }

  /// One sentence on what the machine is.
  static var summary: String { get }

  /// The declarative description that diagrams are drawn from and behaviour
  /// is checked against.
  static var description: MachineDescription<DescribedState> { get }

  /// The labels of the published figure the machine is drawn after, which a
  /// diagram can print instead of the ids; `nil` for most machines.
  static var figureLabels: FigureLabels<DescribedState>? { get }

  /// The described states that `state` is: its leaf in each region, in the
  /// order of the description's regions; `[state]` for a flat machine.
  /// How a trace, which names `State`s, is read against the description.
  static func leaves(of state: State) -> [DescribedState]

  /// How the machine is built in each implementation it is written in: one
  /// line per style (and per measured variant), the one place that lists
  /// them. `make` looks the implementation up here.
  static var implementations: Implementations<Self> { get }

  /// Refuses a configuration that does not make sense for this machine (a
  /// code that is not digits), before any style is built; the default
  /// accepts every configuration.
  ///
  /// - Throws: `Rejection`, saying what a valid configuration is.
  static func check(_ configuration: Configuration) throws(Rejection)

  /// Events with representative data (a valid and a wrong code, ...), enough
  /// to take every transition from every state.
  static func sampleEvents(for configuration: Configuration) -> [Event]

  /// The worked examples of the specification, as runs the tour shows.
  static var workedExamples: [WorkedExample<Self>] { get }

  /// Configurations that, between them, reach every state and transition
  /// (a record created in memory and one loaded from the database).
  static var sampleConfigurations: [Configuration] { get }
}

extension Machine {
  /// Builds the machine as `implementation` writes it, configured by
  /// `configuration`.
  ///
  /// - Throws: `Rejection` when the configuration does not make sense for
  ///   this machine (a negative number of gumballs), or when the machine is
  ///   not written that way.
  public static func make(
    _ implementation: Implementation, _ configuration: Configuration
  ) throws(Rejection) -> any StateMachine<State, Event, Output> {
    try check(configuration)
    return try implementations.build(implementation, configuration)
  }

  /// Builds the machine in `style`, as the style's file writes it.
  public static func make(
    _ style: Style, _ configuration: Configuration = Configuration()
  ) throws(Rejection) -> any StateMachine<State, Event, Output> {
    try make(Implementation(style), configuration)
  }

  /// No figure: the diagram prints the public ids.
  public static var figureLabels: FigureLabels<DescribedState>? { nil }

  /// The default configuration alone.
  public static var sampleConfigurations: [Configuration] { [Configuration()] }

  /// Every configuration is accepted.
  public static func check(_ configuration: Configuration) throws(Rejection) {}

  /// The styles the machine is written in, in the order of `Style.allCases`.
  public static var styles: [Style] { implementations.styles }

  /// The implementations the machine is written in, in order, as a plain
  /// list: what code that holds the machine as `any Machine.Type` can read.
  public static var allImplementations: [Implementation] { Array(implementations) }
}

extension Machine where DescribedState == State {
  /// A flat machine's state is its own single leaf.
  public static func leaves(of state: State) -> [State] { [state] }
}

/// The public ids of a machine's states: a `String`-backed enum.
public protocol StateID: CaseIterable, Hashable, Sendable, RawRepresentable<String>,
  CustomStringConvertible
{}

extension StateID {
  /// The public id.
  public var description: String { rawValue }
}

/// An output of a machine: a symbolic name, and data for some.
public protocol MachineOutput: Hashable, Sendable, CustomStringConvertible {
  /// The public id of the output, as in `transmit`.
  var name: String { get }

  /// The data the output carries, as in `hello` for `transmit:hello`.
  var data: String? { get }
}

extension MachineOutput {
  /// The output as the JSON trace writes it: `name` or `name:DATA`.
  public var description: String { data.map { "\(name):\($0)" } ?? name }
}

extension MachineOutput where Self: RawRepresentable<String> {
  /// The raw value.
  public var name: String { rawValue }

  /// No data.
  public var data: String? { nil }
}

/// What a machine is created with: each machine declares its own, and
/// `init()` gives the defaults.
public protocol MachineConfiguration: Hashable, Sendable {
  /// The defaults.
  init()
}

/// The configuration of a machine that is created with nothing to choose.
public struct NoConfiguration: MachineConfiguration {
  /// Nothing.
  public init() {}
}

/// A named run of events from the specification (docs/machines) that the
/// tour plays in every style.
public struct WorkedExample<M: Machine>: Sendable {
  /// What the example shows.
  public var title: String

  /// The events, in order.
  public var events: [M.Event]

  /// The configuration to start from (the defaults, unless the example needs
  /// another: a record loaded from the database).
  public var configuration: M.Configuration

  /// Creates a worked example.
  public init(
    _ title: String, _ events: [M.Event], configuration: M.Configuration = M.Configuration()
  ) {
    self.title = title
    self.events = events
    self.configuration = configuration
  }
}
