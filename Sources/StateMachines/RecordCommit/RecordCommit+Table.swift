extension RecordCommit {
  /// The record written as a transition table: rows of data that one engine
  /// runs.
  ///
  /// Notice that bad input is a row too: `.reject` rows refuse an edit of a
  /// record marked for deletion and every event on a deleted record, and the
  /// pairs that have no row (commit on `oldClean`) are ignored. The two
  /// `.internal` rows are the edits that stay in memory. The rows that are
  /// not rejections are also what the diagram is drawn from.
  public struct Table: PersistentRecord {
    /// The record's table, in the order of the specification (docs/machines).
    public static let table = TransitionTable<State, Event, Output, Void>(rows: [
      .internal(.new, on: .edit),
      .init(.new, on: .commit, effect: [.insertRow], to: .oldClean),
      .init(.new, on: .rollback, to: .deleted),
      .init(.new, on: .delete, to: .deleted),
      .init(.oldClean, on: .edit, to: .oldDirty),
      .init(.oldClean, on: .delete, to: .oldDelete),
      .internal(.oldDirty, on: .edit),
      .init(.oldDirty, on: .commit, effect: [.updateRow], to: .oldClean),
      .init(.oldDirty, on: .rollback, effect: [.reloadRow], to: .oldClean),
      .init(.oldDirty, on: .delete, to: .oldDelete),
      .init(.oldDelete, on: .commit, effect: [.deleteRow], to: .deleted),
      .init(.oldDelete, on: .rollback, effect: [.reloadRow], to: .oldClean),
      .reject(.oldDelete, on: .edit, markedForDeletion.message),
      .reject(.deleted, on: .edit, alreadyDeleted.message),
      .reject(.deleted, on: .commit, alreadyDeleted.message),
      .reject(.deleted, on: .rollback, alreadyDeleted.message),
      .reject(.deleted, on: .delete, alreadyDeleted.message),
    ])

    /// The current state.
    public private(set) var state: State

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      state = loaded ? .oldClean : .new
    }

    /// Looks the event up in the table and carries out the row found.
    ///
    /// - Throws: `Rejection` when the row found refuses the event; nothing
    ///   changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      var noData: Void = ()
      return try Self.table.fire(event, state: &state, data: &noData, emit: emit)
    }
  }
}
