/// A state of the record as the Gang of Four print it: a class whose methods
/// ignore every event, and one subclass per state that overrides what that
/// state handles or refuses.
public class RecordStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: RecordCommit.State { fatalError("every subclass names its state") }

  /// Decides what editing a field does here.
  public func edit() throws(Rejection) -> Decision<RecordStateObject.Type, RecordCommit.Output> {
    .ignore
  }

  /// Decides what committing does here: the database work differs per state.
  public func commit() throws(Rejection) -> Decision<RecordStateObject.Type, RecordCommit.Output> {
    .ignore
  }

  /// Decides what rolling back does here.
  public func rollback() throws(Rejection)
    -> Decision<RecordStateObject.Type, RecordCommit.Output>
  {
    .ignore
  }

  /// Decides what deleting does here.
  public func delete() throws(Rejection) -> Decision<RecordStateObject.Type, RecordCommit.Output> {
    .ignore
  }
}

extension RecordCommit {
  /// The record written with the book's state classes: the context holds the
  /// current state object and delegates each event to it.
  ///
  /// Notice that the base class already ignores everything, so `OldClean`
  /// overrides only `edit` and `delete`, and that a refusal is an override
  /// that throws. A state names its successor by class (`OldClean.self`) and
  /// the context makes the object: a new one per transition, as the book
  /// prints it, or, created with `sharingStateObjects`, one object per class
  /// made once and reused; these states hold no data, so sharing is safe.
  public final class StateClasses: PersistentRecord {
    /// The current state object.
    public private(set) var current: RecordStateObject

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [RecordStateObject]

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false, sharingStateObjects: Bool = false) {
      sharedStateObjects =
        sharingStateObjects ? [New(), OldClean(), OldDirty(), OldDelete(), Deleted()] : []
      self.current = loaded ? OldClean() : New()
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: the effect, then the change of state object.
    ///
    /// - Throws: `Rejection` when the current state object refuses the
    ///   event; nothing changes.
    public func handle(_ event: Event, emit: (Output) -> Void) throws(Rejection) -> Outcome<State> {
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
        current = stateObject(next)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: RecordStateObject.Type) -> RecordStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension RecordCommit.StateClasses {
  /// Created in memory and never stored.
  public final class New: RecordStateObject {
    /// `new`.
    public override var id: RecordCommit.State { .new }

    /// The change stays in memory until the first commit.
    public override func edit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Stores the record for the first time.
    public override func commit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.insertRow])
    }

    /// Never stored, so there is nothing to undo: the record is gone.
    public override func rollback() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: Deleted.self)
    }

    /// Never stored, so there is nothing to delete in the database.
    public override func delete() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: Deleted.self)
    }
  }

  /// Stored and unchanged: commit and rollback have nothing to do.
  public final class OldClean: RecordStateObject {
    /// `oldClean`.
    public override var id: RecordCommit.State { .oldClean }

    /// The record now differs from its row.
    public override func edit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldDirty.self)
    }

    /// Marks the record; the row goes at the next commit.
    public override func delete() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldDelete.self)
    }
  }

  /// Stored and changed in memory.
  public final class OldDirty: RecordStateObject {
    /// `oldDirty`.
    public override var id: RecordCommit.State { .oldDirty }

    /// Another change, still only in memory.
    public override func edit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .stay(effect: [])
    }

    /// Writes the changes to the row.
    public override func commit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.updateRow])
    }

    /// Drops the changes by reading the stored row again.
    public override func rollback() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.reloadRow])
    }

    /// Marks the record; the changes will not be written.
    public override func delete() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldDelete.self)
    }
  }

  /// Stored and marked for deletion; a second delete is ignored.
  public final class OldDelete: RecordStateObject {
    /// `oldDelete`.
    public override var id: RecordCommit.State { .oldDelete }

    /// Refused: the record is about to go.
    public override func edit() throws(Rejection)
      -> Decision<RecordStateObject.Type, RecordCommit.Output>
    {
      throw RecordCommit.markedForDeletion
    }

    /// Deletes the row.
    public override func commit() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: Deleted.self, effect: [.deleteRow])
    }

    /// Keeps the row after all, reading it again.
    public override func rollback() -> Decision<RecordStateObject.Type, RecordCommit.Output> {
      .go(to: OldClean.self, effect: [.reloadRow])
    }
  }

  /// Gone: every event is refused (final).
  public final class Deleted: RecordStateObject {
    /// `deleted`.
    public override var id: RecordCommit.State { .deleted }

    /// Refused.
    public override func edit() throws(Rejection)
      -> Decision<RecordStateObject.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public override func commit() throws(Rejection)
      -> Decision<RecordStateObject.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public override func rollback() throws(Rejection)
      -> Decision<RecordStateObject.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }

    /// Refused.
    public override func delete() throws(Rejection)
      -> Decision<RecordStateObject.Type, RecordCommit.Output>
    {
      throw RecordCommit.alreadyDeleted
    }
  }
}
