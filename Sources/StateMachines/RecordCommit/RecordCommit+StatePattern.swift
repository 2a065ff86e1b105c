/// A state of the record in the State pattern: Larman's `PObjectState`. It
/// decides what each event does, and its context carries the decision out.
///
/// Every event is ignored unless a state says otherwise (the extension
/// below), so a state writes only what it does. An event may also be refused
/// as bad input: the state throws, and nothing changes.
public protocol RecordState {
  /// The public id of this state.
  var id: RecordCommit.State { get }

  /// Decides what editing a field does here.
  func edit() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output>

  /// Decides what committing does here: the database work differs per state.
  func commit() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output>

  /// Decides what rolling back does here.
  func rollback() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output>

  /// Decides what deleting does here.
  func delete() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output>
}

extension RecordState {
  /// Ignored.
  public func edit() -> Decision<any RecordState, RecordCommit.Output> { .ignore }

  /// Ignored: nothing to write.
  public func commit() -> Decision<any RecordState, RecordCommit.Output> { .ignore }

  /// Ignored: nothing to undo.
  public func rollback() -> Decision<any RecordState, RecordCommit.Output> { .ignore }

  /// Ignored.
  public func delete() -> Decision<any RecordState, RecordCommit.Output> { .ignore }
}

extension RecordCommit {
  /// The record written with the State pattern: a context and one type per
  /// state, as in Larman's persistence framework.
  ///
  /// Notice `commit()`: the context only says `current.commit()`, and each
  /// state answers with its own database work: `New` inserts, `OldDirty`
  /// updates, `OldDelete` deletes, `OldClean` keeps the default and does
  /// nothing. This is Larman's point: the conditional on the state is gone.
  /// Bad input is a state's decision too: `Deleted` throws for every event.
  public struct StatePattern: PersistentRecord {
    /// The current state object.
    public private(set) var current: any RecordState

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      current = loaded ? OldClean() : New()
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

extension RecordCommit.StatePattern {
  /// Created in memory and never stored.
  public struct New: RecordState {
    /// `new`.
    public var id: RecordCommit.State { .new }

    /// The change stays in memory until the first commit.
    public func edit() -> Decision<any RecordState, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Stores the record for the first time.
    public func commit() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldClean(), effect: [.insertRow])
    }

    /// Never stored, so there is nothing to undo: the record is gone.
    public func rollback() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: Deleted())
    }

    /// Never stored, so there is nothing to delete in the database.
    public func delete() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: Deleted())
    }
  }

  /// Stored and unchanged: commit and rollback have nothing to do.
  public struct OldClean: RecordState {
    /// `oldClean`.
    public var id: RecordCommit.State { .oldClean }

    /// The record now differs from its row.
    public func edit() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldDirty())
    }

    /// Marks the record; the row goes at the next commit.
    public func delete() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldDelete())
    }
  }

  /// Stored and changed in memory.
  public struct OldDirty: RecordState {
    /// `oldDirty`.
    public var id: RecordCommit.State { .oldDirty }

    /// Another change, still only in memory.
    public func edit() -> Decision<any RecordState, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Writes the changes to the row.
    public func commit() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldClean(), effect: [.updateRow])
    }

    /// Drops the changes by reading the stored row again.
    public func rollback() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldClean(), effect: [.reloadRow])
    }

    /// Marks the record; the changes will not be written.
    public func delete() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldDelete())
    }
  }

  /// Stored and marked for deletion; a second delete is ignored.
  public struct OldDelete: RecordState {
    /// `oldDelete`.
    public var id: RecordCommit.State { .oldDelete }

    /// Refused: the record is about to go.
    public func edit() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output> {
      throw RecordCommit.markedForDeletion
    }

    /// Deletes the row.
    public func commit() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: Deleted(), effect: [.deleteRow])
    }

    /// Keeps the row after all, reading it again.
    public func rollback() -> Decision<any RecordState, RecordCommit.Output> {
      .go(to: OldClean(), effect: [.reloadRow])
    }
  }

  /// Gone: every event is refused (final).
  public struct Deleted: RecordState {
    /// `deleted`.
    public var id: RecordCommit.State { .deleted }

    /// Refused.
    public func edit() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output> {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public func commit() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output> {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public func rollback() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output> {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public func delete() throws(Rejection) -> Decision<any RecordState, RecordCommit.Output> {
      throw RecordCommit.alreadyDeleted
    }
  }
}
