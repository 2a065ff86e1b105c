import ConformanceSupport
import StateMachines

extension RecordCommit: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<RecordCommit>] = [
    // The worked examples, from both ways in.
    Scenario(
      "worked example: a new record edited, then committed",
      [
        .fires(.edit, to: .new),
        .fires(.commit, to: .oldClean, .insertRow),
      ]),
    Scenario(
      "worked example: a loaded record edited twice, then committed",
      configuration: Configuration(loaded: true),
      [
        .fires(.edit, to: .oldDirty),
        .fires(.edit, to: .oldDirty),
        .fires(.commit, to: .oldClean, .updateRow),
      ]),
    Scenario(
      "worked example: an edit rolled back",
      configuration: Configuration(loaded: true),
      [
        .fires(.edit, to: .oldDirty),
        .fires(.rollback, to: .oldClean, .reloadRow),
      ]),
    Scenario(
      "worked example: a delete committed, then the deleted record refuses everything",
      configuration: Configuration(loaded: true),
      [
        .fires(.delete, to: .oldDelete),
        .fires(.commit, to: .deleted, .deleteRow),
        .rejects(.edit),
        .rejects(.commit),
        .rejects(.rollback),
        .rejects(.delete),
      ]),
    Scenario(
      "worked example: a new record rolled back is gone and refuses everything",
      [
        .fires(.edit, to: .new),
        .fires(.rollback, to: .deleted),
        .rejects(.edit),
        .rejects(.commit),
        .rejects(.rollback),
        .rejects(.delete),
      ]),

    Scenario(
      "a new record deleted never touches the database and refuses everything",
      [
        .fires(.delete, to: .deleted),
        .rejects(.edit),
        .rejects(.commit),
        .rejects(.rollback),
        .rejects(.delete),
      ]),
    Scenario(
      "a created record lives on: inserted, updated, then deleted",
      [
        .fires(.commit, to: .oldClean, .insertRow),
        .fires(.edit, to: .oldDirty),
        .fires(.commit, to: .oldClean, .updateRow),
        .fires(.delete, to: .oldDelete),
        .fires(.commit, to: .deleted, .deleteRow),
      ]),
    Scenario(
      "a changed record deleted, then the deletion rolled back",
      configuration: Configuration(loaded: true),
      [
        .fires(.edit, to: .oldDirty),
        .fires(.delete, to: .oldDelete),
        .fires(.rollback, to: .oldClean, .reloadRow),
        .fires(.edit, to: .oldDirty),
      ]),
    Scenario(
      "a changed record deleted, then committed: the changes are never written",
      configuration: Configuration(loaded: true),
      [
        .fires(.edit, to: .oldDirty),
        .fires(.delete, to: .oldDelete),
        .fires(.commit, to: .deleted, .deleteRow),
      ]),
    Scenario(
      "a loaded, unchanged record ignores commit and rollback",
      configuration: Configuration(loaded: true),
      [
        .ignores(.commit),
        .ignores(.rollback),
        .fires(.edit, to: .oldDirty),
      ]),
    Scenario(
      "a committed new record is clean: commit and rollback are ignored",
      [
        .fires(.commit, to: .oldClean, .insertRow),
        .ignores(.commit),
        .ignores(.rollback),
      ]),
    Scenario(
      "a record marked for deletion ignores a second delete and refuses an edit",
      configuration: Configuration(loaded: true),
      [
        .fires(.delete, to: .oldDelete),
        .ignores(.delete),
        .rejects(.edit),
        .fires(.rollback, to: .oldClean, .reloadRow),
        .fires(.edit, to: .oldDirty),
      ]),
  ]
}
