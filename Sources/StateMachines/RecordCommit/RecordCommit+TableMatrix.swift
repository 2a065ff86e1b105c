extension RecordCommit {
  /// The record written as a state-transition matrix: one cell per (state,
  /// event) pair, twenty in all, each a transition, an ignore or a refusal.
  ///
  /// Notice that `handle` looks up one cell and asks nothing of the state or
  /// the event: the cell's next state, its database work and its refusal
  /// are stored there. Every pair has its cell, so the three ignores (no
  /// next state, no refusal) are as plain to see as the transitions, and
  /// the two internal edits are cells whose next state is their own. The
  /// price is room for the pairs that do nothing: three matrices of twenty
  /// cells, where `Table` has seventeen rows.
  public struct TableMatrix: PersistentRecord {
    /// The number of columns: one per event, in the order of `Event`.
    public static let columns = 4

    /// The next state of each cell, row by row: `next[row * columns + column]`;
    /// `nil` where the event is not taken (ignored, or refused).
    public static let next: [State?] = [
      // edit, commit, rollback, delete
      .new, .oldClean, .deleted, .deleted,  // new
      .oldDirty, nil, nil, .oldDelete,  // oldClean
      .oldDirty, .oldClean, .oldClean, .oldDelete,  // oldDirty
      nil, .deleted, .oldClean, nil,  // oldDelete
      nil, nil, nil, nil,  // deleted
    ]

    /// The database work of each cell, in the same order, each list kept
    /// inline by `Effects`, so that reading a cell retains no array.
    public static let outputs: [Effects<Output>] = [
      // edit, commit, rollback, delete
      [], [.insertRow], [], [],  // new
      [], [], [], [],  // oldClean
      [], [.updateRow], [.reloadRow], [],  // oldDirty
      [], [.deleteRow], [.reloadRow], [],  // oldDelete
      [], [], [], [],  // deleted
    ]

    /// The refusal of each cell that refuses its event, in the same order;
    /// `nil` for a cell that takes or ignores it.
    public static let refusals: [Rejection?] = [
      // edit, commit, rollback, delete
      nil, nil, nil, nil,  // new
      nil, nil, nil, nil,  // oldClean
      nil, nil, nil, nil,  // oldDirty
      markedForDeletion, nil, nil, nil,  // oldDelete
      alreadyDeleted, alreadyDeleted, alreadyDeleted, alreadyDeleted,  // deleted
    ]

    /// The current state.
    public private(set) var state: State

    /// Creates a record: `new`, or `oldClean` when it was loaded from the
    /// database.
    public init(loaded: Bool = false) {
      state = loaded ? .oldClean : .new
    }

    /// A state's row: its place in the declaration of `State`. The compiler
    /// stores a case as that place, so this `switch` compiles to no branch.
    public static func row(of state: State) -> Int {
      switch state {
      case .new: 0
      case .oldClean: 1
      case .oldDirty: 2
      case .oldDelete: 3
      case .deleted: 4
      }
    }

    /// An event's column: its place in the declaration of `Event`, which
    /// likewise compiles to no branch.
    public static func column(of event: Event) -> Int {
      switch event {
      case .edit: 0
      case .commit: 1
      case .rollback: 2
      case .delete: 3
      }
    }

    /// Looks the cell up and carries it out: its refusal, or nothing for an
    /// ignore, or its outputs and then its state.
    ///
    /// - Throws: `Rejection` for an edit of a record marked for deletion and
    ///   for anything done to a deleted record; nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let cell = Self.row(of: state) * Self.columns + Self.column(of: event)
      guard let next = Self.next[cell] else {
        if let refusal = Self.refusals[cell] { throw refusal }
        return .ignored
      }
      Self.outputs[cell].forEach(emit)
      state = next
      return .fired
    }
  }
}
