import StateMachines

/// A machine whose behaviour the conformance checks verify: its scenarios.
///
/// A machine (or a revision of one) conforms in its test target and lists
/// itself there; the checks themselves are written once, here.
public protocol Conformant: Machine {
  /// The scenarios of the specification for this machine.
  static var scenarios: [Scenario<Self>] { get }

  /// `configuration` with its randomness seeded by `seed`, so that random
  /// runs also vary the machine's own draws; unchanged by default.
  static func reseeded(_ configuration: Configuration, _ seed: UInt64) -> Configuration

  /// The rows of the table style, as a diagram draws them: what the
  /// description must be (`DescriptionTests`), so that the picture cannot
  /// drift from the code. `Table.table.drawn` in the scenarios file.
  static var tableStyleRows: DrawnRows<DescribedState> { get }
}

/// What a table draws: its transitions, its states' activities, and its
/// composite states and regions.
public struct DrawnRows<State: StateID> {
  /// The transitions, as the description lists them.
  public var transitions: [MachineDescription<State>.Transition]
  /// Each state's entry and exit activities.
  public var activities: [State: MachineDescription<State>.Activities]
  /// The composite states and regions; `.flat` for most machines.
  public var hierarchy: StateHierarchy<State>

  /// What a table style that is not a `TransitionTable` draws (the ticket's
  /// table of allowed moves).
  public init(
    transitions: [MachineDescription<State>.Transition],
    activities: [State: MachineDescription<State>.Activities], hierarchy: StateHierarchy<State>
  ) {
    self.transitions = transitions
    self.activities = activities
    self.hierarchy = hierarchy
  }
}

extension TransitionTable {
  /// What the table draws, to compare with a machine's description.
  public var drawn: DrawnRows<State> {
    DrawnRows(transitions: transitions, activities: activities, hierarchy: hierarchy)
  }
}

extension Conformant {
  /// The configuration unchanged: the machine draws nothing at random.
  public static func reseeded(_ configuration: Configuration, _ seed: UInt64) -> Configuration {
    configuration
  }
}
