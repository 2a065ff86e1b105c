extension RecordCommit {
  /// The record written as an enum that is its own machine.
  ///
  /// Notice the single `switch` over `(self, event)`: each of the twenty
  /// (state, event) pairs is decided in one place, as a transition, an
  /// ignore or a rejection, and the compiler checks that none is forgotten.
  /// Only the deleted record uses a wildcard, because it refuses everything.
  /// The two ways in are simply two cases a record can start as.
  public enum Enum: PersistentRecord {
    /// Created in memory and never stored.
    case new
    /// Stored and unchanged.
    case oldClean
    /// Stored and changed in memory.
    case oldDirty
    /// Stored and marked for deletion.
    case oldDelete
    /// Gone.
    case deleted

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      self = loaded ? .oldClean : .new
    }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .new: .new
      case .oldClean: .oldClean
      case .oldDirty: .oldDirty
      case .oldDelete: .oldDelete
      case .deleted: .deleted
      }
    }

    /// Handles one event: one `switch` over `(self, event)`, row by row in
    /// the order of the transition table.
    ///
    /// - Throws: `Rejection` for an edit of a record marked for deletion and
    ///   for anything done to a deleted record; nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch (self, event) {
      case (.new, .edit), (.oldDirty, .edit):
        break  // Internal: the change stays in memory.
      case (.new, .commit):
        emit(.insertRow)
        self = .oldClean
      case (.new, .rollback), (.new, .delete):
        self = .deleted
      case (.oldClean, .edit):
        self = .oldDirty
      case (.oldClean, .delete), (.oldDirty, .delete):
        self = .oldDelete
      case (.oldDirty, .commit):
        emit(.updateRow)
        self = .oldClean
      case (.oldDirty, .rollback), (.oldDelete, .rollback):
        emit(.reloadRow)
        self = .oldClean
      case (.oldDelete, .commit):
        emit(.deleteRow)
        self = .deleted

      case (.oldClean, .commit), (.oldClean, .rollback), (.oldDelete, .delete):
        return .ignored

      case (.oldDelete, .edit):
        throw RecordCommit.markedForDeletion
      case (.deleted, _):
        throw RecordCommit.alreadyDeleted
      }
      return .fired
    }
  }
}
