/// A state of the record in the State pattern: Larman's `PObjectState`.
///
/// It is composed of smaller protocols: the events it may handle and the
/// activities it may have, each with a default that does nothing, so a state
/// writes only what it does.
public protocol RecordState: RecordEvents, StateActivities
where Output == RecordCommit.Output {
  /// The public id of this state.
  var id: RecordCommit.State { get }
}

/// The events a record state may handle; each is ignored by default.
public protocol RecordEvents {
  /// What a record state returns to its context.
  typealias Transition = StateMachines.Transition<any RecordState, RecordCommit.Output>

  /// Decides what editing a field does here.
  func edit() throws(Rejection) -> Transition

  /// Decides what committing does here: the database work differs per state.
  func commit() throws(Rejection) -> Transition

  /// Decides what rolling back does here.
  func rollback() throws(Rejection) -> Transition

  /// Decides what deleting does here.
  func delete() throws(Rejection) -> Transition
}

extension RecordEvents {
  /// Ignored.
  public func edit() -> Transition { .ignore }

  /// Ignored: nothing to write.
  public func commit() -> Transition { .ignore }

  /// Ignored: nothing to undo.
  public func rollback() -> Transition { .ignore }

  /// Ignored.
  public func delete() -> Transition { .ignore }
}

/// A stored record with a change not yet committed, an edit or a deletion:
/// rolling back reloads the row.
public protocol UncommittedChange: RecordState {}

extension UncommittedChange {
  /// Drops the change by reading the stored row again.
  public func rollback() -> Transition {
    .go(to: RecordCommit.StatePattern.OldClean(), effect: Effect(.reloadRow))
  }
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
    /// What a record state returns to its context.
    public typealias Transition = RecordEvents.Transition

    /// The current state object.
    public private(set) var current: any RecordState

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      current = loaded ? OldClean() : New()
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out.
    ///
    /// - Throws: `Rejection` when the current state refuses the event;
    ///   nothing changes.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) throws(Rejection) -> Outcome<State> {
      let transition =
        switch event {
        case .edit: try current.edit()
        case .commit: try current.commit()
        case .rollback: try current.rollback()
        case .delete: try current.delete()
        }
      return carryOut(consume transition, into: &sink)
    }

    /// Runs exit, effect and entry, in that order, and switches state.
    ///
    /// The transition is `consuming`: it is used once, so the context takes
    /// it over rather than copying it and the state inside it.
    private mutating func carryOut(
      _ transition: consuming Transition, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch consume transition {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.emit(into: &sink)
        return .fired
      case .go(let target, let effect):
        current.exit(into: &sink)
        effect.emit(into: &sink)
        target.entry(into: &sink)
        current = target
        return .fired
      }
    }
  }
}

extension RecordCommit.StatePattern {
  /// Created in memory and never stored.
  public struct New: RecordState {
    /// `new`.
    public var id: RecordCommit.State { .new }

    /// The change stays in memory until the first commit.
    public func edit() -> Transition { .stay(effect: .none) }

    /// Stores the record for the first time.
    public func commit() -> Transition { .go(to: OldClean(), effect: Effect(.insertRow)) }

    /// Never stored, so there is nothing to undo: the record is gone.
    public func rollback() -> Transition { .go(to: Deleted()) }

    /// Never stored, so there is nothing to delete in the database.
    public func delete() -> Transition { .go(to: Deleted()) }
  }

  /// Stored and unchanged: commit and rollback have nothing to do.
  public struct OldClean: RecordState {
    /// `oldClean`.
    public var id: RecordCommit.State { .oldClean }

    /// The record now differs from its row.
    public func edit() -> Transition { .go(to: OldDirty()) }

    /// Marks the record; the row goes at the next commit.
    public func delete() -> Transition { .go(to: OldDelete()) }
  }

  /// Stored and changed in memory.
  public struct OldDirty: UncommittedChange {
    /// `oldDirty`.
    public var id: RecordCommit.State { .oldDirty }

    /// Another change, still only in memory.
    public func edit() -> Transition { .stay(effect: .none) }

    /// Writes the changes to the row.
    public func commit() -> Transition { .go(to: OldClean(), effect: Effect(.updateRow)) }

    /// Marks the record; the changes will not be written.
    public func delete() -> Transition { .go(to: OldDelete()) }
  }

  /// Stored and marked for deletion; a second delete is ignored.
  public struct OldDelete: UncommittedChange {
    /// `oldDelete`.
    public var id: RecordCommit.State { .oldDelete }

    /// Refused: the record is about to go.
    public func edit() throws(Rejection) -> Transition { throw RecordCommit.markedForDeletion }

    /// Deletes the row.
    public func commit() -> Transition { .go(to: Deleted(), effect: Effect(.deleteRow)) }
  }

  /// Gone: every event is refused (final).
  public struct Deleted: RecordState {
    /// `deleted`.
    public var id: RecordCommit.State { .deleted }

    /// Refused.
    public func edit() throws(Rejection) -> Transition { throw RecordCommit.alreadyDeleted }

    /// Refused.
    public func commit() throws(Rejection) -> Transition { throw RecordCommit.alreadyDeleted }

    /// Refused.
    public func rollback() throws(Rejection) -> Transition { throw RecordCommit.alreadyDeleted }

    /// Refused.
    public func delete() throws(Rejection) -> Transition { throw RecordCommit.alreadyDeleted }
  }
}
