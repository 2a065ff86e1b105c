/// A database record held in memory, after the persistent-object state
/// machine in Larman's *Applying UML and Patterns*.
///
/// On commit or rollback the record does different work depending on whether
/// it is new, unchanged, changed or marked for deletion. There are two ways
/// in (created in memory, or loaded from the database), a final state, and
/// bad input: a record marked for deletion cannot be edited, and a deleted
/// record refuses everything. The outputs are the database work to do; the
/// machine itself does no I/O.
public enum RecordCommit: Machine {
  /// The record's states.
  public enum State: String, StateID {
    /// Created in memory and never stored (initial, the way in `created`).
    case new
    /// Stored, and unchanged since it was loaded or last committed (initial,
    /// the way in `loaded`).
    case oldClean
    /// Stored, and changed in memory since.
    case oldDirty
    /// Stored, and marked for deletion.
    case oldDelete
    /// Gone: deleted from the database, or never stored (final).
    case deleted
  }

  /// What the program does with the record.
  public enum Event: String, MachineEvent, CaseIterable {
    /// A field changed in memory.
    case edit
    /// Write the changes to the database.
    case commit
    /// Undo the changes made since the last commit.
    case rollback
    /// Mark the record for deletion.
    case delete
  }

  /// The database work to do.
  public enum Output: String, MachineOutput {
    /// Insert a new row.
    case insertRow
    /// Update the stored row.
    case updateRow
    /// Delete the stored row.
    case deleteRow
    /// Read the stored row again, dropping the changes in memory.
    case reloadRow
  }

  /// `record-commit`.
  public static let id = "record-commit"

  /// One sentence on the record.
  public static let summary =
    "A database record in memory, after Larman's persistent object (Applying UML and Patterns)."

  /// The record as a diagram: two ways in, a final state, two internal
  /// edits, drawn from the rows the `table` style runs on.
  ///
  /// The ways in are the caller's choice, not a condition the record checks:
  /// a record is either created in memory or loaded from the database. So
  /// neither is written `else`: each names its own way, and they are
  /// complementary because a record comes into being in exactly one of them.
  public static let description = MachineDescription<State>(
    entrances: [
      .init(.new, guard: "created in memory"),
      .init(.oldClean, guard: "loaded from the database"),
    ],
    finalStates: [.deleted],
    events: Event.signatures,
    transitions: Table.table.transitions)

  /// What a record is created with.
  public struct Configuration: MachineConfiguration {
    /// Whether the record was loaded from the database (`oldClean`) rather
    /// than created in memory (`new`).
    public var loaded = false

    /// The defaults: a record created in memory.
    public init() {}

    /// A record loaded from the database, or created in memory.
    public init(loaded: Bool) {
      self.loaded = loaded
    }
  }

  /// One line per style: how each builds a record as `implementation` writes
  /// it: `new`, or `oldClean` when the configuration says it was loaded.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { NestedSwitch(loaded: $0.loaded) },
    .style(.enum): { Enum(loaded: $0.loaded) },
    .statePatternTypes: { StatePatternTypes(loaded: $0.loaded) },
    .style(.statePattern): { StatePattern(loaded: $0.loaded) },
    .style(.stateClasses): { StateClasses(loaded: $0.loaded) },
    .sharedStateClasses: { StateClasses(loaded: $0.loaded, sharingStateObjects: true) },
    .style(.table): { Table(loaded: $0.loaded) },
    .tableMatrix: { TableMatrix(loaded: $0.loaded) },
  ]

  /// All four events.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    Event.allCases
  }

  /// A record created in memory and one loaded from the database.
  public static let sampleConfigurations = [Configuration(), Configuration(loaded: true)]

  /// The life of a record: stored, changed, undone, deleted, refused.
  public static let workedExamples = [
    WorkedExample<Self>("a new record edited, then committed", [.edit, .commit]),
    WorkedExample<Self>(
      "a loaded record edited twice, then committed", [.edit, .edit, .commit],
      configuration: Configuration(loaded: true)),
    WorkedExample<Self>(
      "an edit rolled back", [.edit, .rollback], configuration: Configuration(loaded: true)),
    WorkedExample<Self>(
      "a delete committed; the deleted record refuses an edit", [.delete, .commit, .edit],
      configuration: Configuration(loaded: true)),
    WorkedExample<Self>("a new record rolled back is gone", [.edit, .rollback]),
    WorkedExample<Self>(
      "a record marked for deletion refuses an edit until rolled back",
      [.delete, .edit, .rollback, .edit], configuration: Configuration(loaded: true)),
  ]
}

/// A persistent record in any style: what all its implementations share.
public protocol PersistentRecord: StateMachine
where
  State == RecordCommit.State, Event == RecordCommit.Event,
  Output == RecordCommit.Output, Failure == Rejection
{}

extension PersistentRecord {
  /// Changes a field in memory and returns the outputs.
  ///
  /// - Throws: `Rejection` when the record is marked for deletion or deleted.
  @discardableResult
  public mutating func edit() throws(Rejection) -> [Output] { try outputs(of: .edit) }

  /// Commits the record and returns the database work to do.
  ///
  /// - Throws: `Rejection` when the record is deleted.
  @discardableResult
  public mutating func commit() throws(Rejection) -> [Output] { try outputs(of: .commit) }

  /// Rolls the record back and returns the database work to do.
  ///
  /// - Throws: `Rejection` when the record is deleted.
  @discardableResult
  public mutating func rollback() throws(Rejection) -> [Output] { try outputs(of: .rollback) }

  /// Marks the record for deletion and returns the outputs.
  ///
  /// - Throws: `Rejection` when the record is deleted.
  @discardableResult
  public mutating func delete() throws(Rejection) -> [Output] { try outputs(of: .delete) }
}

extension RecordCommit {
  /// Why an edit of a record marked for deletion is refused, in every style.
  public static let markedForDeletion = Rejection(
    "the record is marked for deletion: commit or roll back first")

  /// Why anything done to a deleted record is refused, in every style.
  public static let alreadyDeleted = Rejection(
    "the record is deleted: nothing more can be done with it")
}
