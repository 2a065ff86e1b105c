/// A state of the record as a type: Larman's `PObjectState` with no state
/// values at all. Each state is a type whose static methods decide, and its
/// context carries the decision out.
///
/// Every event is ignored unless a state says otherwise (the extension
/// below), so a state writes only what it does. An event may also be refused
/// as bad input: the state throws, and nothing changes.
public protocol RecordStateType {
  /// The public id of this state.
  static var id: RecordCommit.State { get }

  /// Decides what editing a field does here.
  static func edit() throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>

  /// Decides what committing does here: the database work differs per state.
  static func commit() throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>

  /// Decides what rolling back does here.
  static func rollback()
    throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>

  /// Decides what deleting does here.
  static func delete() throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
}

extension RecordStateType {
  /// Ignored.
  public static func edit() -> Decision<any RecordStateType.Type, RecordCommit.Output> { .ignore }

  /// Ignored: nothing to write.
  public static func commit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
    .ignore
  }

  /// Ignored: nothing to undo.
  public static func rollback() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
    .ignore
  }

  /// Ignored.
  public static func delete() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
    .ignore
  }
}

extension RecordCommit {
  /// The record written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `OldClean.self` instead of
  /// `OldClean()`, and nothing else. No state of the record holds data, so
  /// none needs a value: the context keeps the current state's type, which
  /// is copied as freely as an `Int`. Larman's point stands as it was: the
  /// context only says `current.commit()`, and each state answers with its
  /// own database work.
  public struct StatePatternTypes: PersistentRecord {
    /// The current state.
    public private(set) var current: any RecordStateType.Type

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      current = loaded ? OldClean.self : New.self
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out: the
    /// effect, then the switch to the next state (no state here has entry
    /// or exit activities).
    ///
    /// - Throws: `Rejection` when the current state refuses the event;
    ///   nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let decision =
        switch event {
        case .edit: try current.edit()
        case .commit: try current.commit()
        case .rollback: try current.rollback()
        case .delete: try current.delete()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        current = next
      }
      return .fired
    }
  }
}

extension RecordCommit.StatePatternTypes {
  /// Created in memory and never stored.
  public enum New: RecordStateType {
    /// `new`.
    public static var id: RecordCommit.State { .new }

    /// The change stays in memory until the first commit.
    public static func edit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Stores the record for the first time.
    public static func commit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.insertRow])
    }

    /// Never stored, so there is nothing to undo: the record is gone.
    public static func rollback() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: Deleted.self)
    }

    /// Never stored, so there is nothing to delete in the database.
    public static func delete() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: Deleted.self)
    }
  }

  /// Stored and unchanged: commit and rollback have nothing to do.
  public enum OldClean: RecordStateType {
    /// `oldClean`.
    public static var id: RecordCommit.State { .oldClean }

    /// The record now differs from its row.
    public static func edit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldDirty.self)
    }

    /// Marks the record; the row goes at the next commit.
    public static func delete() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldDelete.self)
    }
  }

  /// Stored and changed in memory.
  public enum OldDirty: RecordStateType {
    /// `oldDirty`.
    public static var id: RecordCommit.State { .oldDirty }

    /// Another change, still only in memory.
    public static func edit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Writes the changes to the row.
    public static func commit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.updateRow])
    }

    /// Drops the changes by reading the stored row again.
    public static func rollback() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.reloadRow])
    }

    /// Marks the record; the changes will not be written.
    public static func delete() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldDelete.self)
    }
  }

  /// Stored and marked for deletion; a second delete is ignored.
  public enum OldDelete: RecordStateType {
    /// `oldDelete`.
    public static var id: RecordCommit.State { .oldDelete }

    /// Refused: the record is about to go.
    public static func edit()
      throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
    {
      throw RecordCommit.markedForDeletion
    }

    /// Deletes the row.
    public static func commit() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: Deleted.self, effect: [.deleteRow])
    }

    /// Keeps the row after all, reading it again.
    public static func rollback() -> Decision<any RecordStateType.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.reloadRow])
    }
  }

  /// Gone: every event is refused (final).
  public enum Deleted: RecordStateType {
    /// `deleted`.
    public static var id: RecordCommit.State { .deleted }

    /// Refused.
    public static func edit()
      throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public static func commit()
      throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public static func rollback()
      throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public static func delete()
      throws(Rejection) -> Decision<any RecordStateType.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }
  }
}
