/// A door that can be locked with a code.
///
/// Written from its transition table by `fsm new door` (docs/new-machine.md):
/// 3 states, 4 events and 4 rows. The rows are `Table.table`, in
/// `Door+Table.swift`; the guards are written once, at the end of this file.
public enum Door: Machine {
  /// The door's states.
  public enum State: String, StateID {
    /// `closed` (initial).
    case closed
    /// `opened`.
    case opened
    /// `locked` (entry / lockLight).
    case locked
  }

  /// What happens to the door.
  public enum Event: MachineEvent {
    /// `open`.
    case open
    /// `close`.
    case close
    /// `lock(code)`.
    case lock(code: String)
    /// `unlock(code)`.
    case unlock(code: String)

    /// The events; `lock` and `unlock` carry an argument.
    public static let signatures: [EventSignature<Event>] = [
      .plain("open", .open),
      .plain("close", .close),
      .data("lock") { .lock(code: $0) },
      .data("unlock") { .unlock(code: $0) },
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case open, close, lock, unlock
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .open: .open
      case .close: .close
      case .lock: .lock
      case .unlock: .unlock
      }
    }

    /// The argument of `lock` and `unlock`, as the command line writes it.
    public var argument: String? {
      switch self {
      case .lock(let code): code
      case .unlock(let code): code
      case .open, .close: nil
      }
    }
  }

  /// What the door does.
  public enum Output: String, MachineOutput {
    /// Effect of `closed -- open / swing --> opened`.
    case swing
    /// Effect of `closed -- lock(code) / bolt --> locked`.
    case bolt
    /// Effect of `locked -- unlock(code) [code matches] / unbolt --> closed`.
    case unbolt
    /// Entry of `locked`.
    case lockLight
  }

  /// `door`.
  public static let id = "door"

  /// One sentence on the door.
  public static let summary = "A door that can be locked with a code."

  /// The door as a diagram, drawn from the rows and activities the `table`
  /// style runs on, with each argument named as the table names it.
  public static let description = MachineDescription<State>(
    initial: .closed, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions
  ).naming(parameters: ["lock": "code", "unlock": "code"])

  /// One line per style: how each builds a new door, in `closed`; the
  /// configuration has nothing for it.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .style(.statePattern): { _ in StatePattern() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
  ]

  /// Every event, with its sample argument where it takes one.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [.open, .close, .lock(code: "1234"), .unlock(code: "1234")]
  }

  /// One run per row of the table, from a new door: the rows that lead to its
  /// state, then the row itself.
  public static let workedExamples = [
    WorkedExample<Self>("closed -- open / swing --> opened", [.open]),
    WorkedExample<Self>("opened -- close --> closed", [.open, .close]),
    WorkedExample<Self>("closed -- lock(code) / bolt --> locked", [.lock(code: "1234")]),
    WorkedExample<Self>(
      "locked -- unlock(code) [code matches] / unbolt --> closed",
      [.lock(code: "1234"), .unlock(code: "1234")]),
  ]
}

/// A door in any style: what the implementations share.
public protocol DoorMachine: StateMachine
where
  State == Door.State, Event == Door.Event, Output == Door.Output, Failure == Never
{}

extension DoorMachine {
  /// Sends `open` and returns the outputs.
  @discardableResult
  public mutating func open() -> [Output] { outputs(of: .open) }

  /// Sends `close` and returns the outputs.
  @discardableResult
  public mutating func close() -> [Output] { outputs(of: .close) }

  /// Sends `lock` and returns the outputs.
  @discardableResult
  public mutating func lock(code: String) -> [Output] { outputs(of: .lock(code: code)) }

  /// Sends `unlock` and returns the outputs.
  @discardableResult
  public mutating func unlock(code: String) -> [Output] { outputs(of: .unlock(code: code)) }
}

extension Door {
  /// The guard `[code matches]` of `unlock(code)`: whether it holds.
  ///
  /// To write: replace the `unwrittenGuard` line with a condition on `code`,
  /// then run `swift test --filter StateMachinesTests`. Until then the guard
  /// never holds, and the conformance suite names it.
  public static func codeMatches(_ code: String) -> Bool {
    unwrittenGuard("codeMatches", of: id)
  }
}
