/// The coin-operated turnstile of a subway gate: the smallest machine.
///
/// A coin unlocks it, passing through locks it again; passing while it is
/// locked sounds the alarm, and a coin while it is unlocked earns a thank-you.
public enum Turnstile: Machine {
  /// The turnstile's states.
  public enum State: String, StateID {
    /// Closed until a coin is inserted (initial).
    case locked
    /// Open for one person.
    case unlocked
  }

  /// What happens at the gate.
  public enum Event: String, MachineEvent, CaseIterable {
    /// A coin is inserted.
    case coin
    /// Someone pushes through.
    case pass
  }

  /// What the turnstile does to its hardware.
  public enum Output: String, MachineOutput {
    /// Release the arm.
    case unlock
    /// Block the arm.
    case lock
    /// Sound the alarm.
    case alarm
    /// Light the thank-you sign.
    case thankYou
  }

  /// `turnstile`.
  public static let id = "turnstile"

  /// One sentence on the turnstile.
  public static let summary =
    "The coin-operated turnstile of a subway gate: two states, two events."

  /// The turnstile as a diagram: four transitions, no activities, drawn from
  /// the rows the `table` style runs on.
  public static let description = MachineDescription<State>(
    initial: .locked, events: Event.signatures, transitions: Table.table.transitions)

  /// One line per style: how each builds a locked turnstile; the
  /// configuration has nothing for it.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
    .tableMatrix: { _ in TableMatrix() },
  ]

  /// Both events.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    Event.allCases
  }

  /// A fare paid and used, a fare evaded, a coin too many.
  public static let workedExamples = [
    WorkedExample<Self>("a fare paid, then used", [.coin, .pass]),
    WorkedExample<Self>("pushing through without paying", [.pass, .coin, .pass]),
    WorkedExample<Self>("a second coin is thanked for", [.coin, .coin, .pass]),
  ]
}

/// A turnstile in any style: what all its implementations share.
public protocol TurnstileMachine: StateMachine
where
  State == Turnstile.State, Event == Turnstile.Event, Output == Turnstile.Output, Failure == Never
{}

extension TurnstileMachine {
  /// Inserts a coin and returns the outputs.
  @discardableResult
  public mutating func coin() -> [Output] { outputs(of: .coin) }

  /// Pushes through and returns the outputs.
  @discardableResult
  public mutating func pass() -> [Output] { outputs(of: .pass) }
}
