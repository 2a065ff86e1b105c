extension RecordCommit {
  /// The record written as nested switches.
  ///
  /// The state is a plain tag and each event is a `switch` on it. Notice
  /// `case .commit`: one switch that does different database work in each
  /// state (insert, update, delete, or nothing). This is the conditional code
  /// that Larman replaces with the State pattern, and here it is repeated in
  /// every event, down to the deleted record's rejection written four times.
  public struct NestedSwitch: PersistentRecord {
    /// The current state.
    public private(set) var state: State

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      state = loaded ? .oldClean : .new
    }

    /// Handles one event: a `switch` on the event, then one on the state.
    ///
    /// - Throws: `Rejection` for an edit of a record marked for deletion and
    ///   for anything done to a deleted record; nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch event {
      case .edit:
        switch state {
        case .new, .oldDirty:
          return .fired
        case .oldClean:
          state = .oldDirty
          return .fired
        case .oldDelete:
          throw RecordCommit.markedForDeletion
        case .deleted:
          throw RecordCommit.alreadyDeleted
        }

      case .commit:
        switch state {
        case .new:
          emit(.insertRow)
          state = .oldClean
          return .fired
        case .oldDirty:
          emit(.updateRow)
          state = .oldClean
          return .fired
        case .oldDelete:
          emit(.deleteRow)
          state = .deleted
          return .fired
        case .oldClean:
          return .ignored
        case .deleted:
          throw RecordCommit.alreadyDeleted
        }

      case .rollback:
        switch state {
        case .new:
          state = .deleted
          return .fired
        case .oldDirty, .oldDelete:
          emit(.reloadRow)
          state = .oldClean
          return .fired
        case .oldClean:
          return .ignored
        case .deleted:
          throw RecordCommit.alreadyDeleted
        }

      case .delete:
        switch state {
        case .new:
          state = .deleted
          return .fired
        case .oldClean, .oldDirty:
          state = .oldDelete
          return .fired
        case .oldDelete:
          return .ignored
        case .deleted:
          throw RecordCommit.alreadyDeleted
        }
      }
    }
  }
}
