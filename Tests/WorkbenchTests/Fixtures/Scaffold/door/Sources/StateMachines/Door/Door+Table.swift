extension Door {
  /// The door written as a transition table: rows of data that one engine
  /// runs.
  ///
  /// Notice that the rows are the whole behaviour, and that they are also
  /// what the diagram is drawn from: `Door.description` lists
  /// `Table.table`'s transitions, so the picture cannot drift from the code.
  /// For one state and event the engine tries the rows in order and takes
  /// the first whose guard holds.
  public struct Table: DoorMachine {
    /// The door's table: the rows, in the order they are tried, and the activities.
    public static let table = TransitionTable<State, Event, Output, Void>(
      rows: [
        .init(.closed, on: .open, effect: [.swing], to: .opened),
        .init(.opened, on: .close, to: .closed),
        .init(.closed, on: .lock, effect: [.bolt], to: .locked),
        .init(
          .locked, on: .unlock, guard: "code matches", guardCodeMatches, effect: [.unbolt],
          to: .closed),
      ],
      entry: [
        .locked: .emits(.lockLight)
      ])

    /// The guard [code matches] as a row asks it: about the code the event carries.
    private static func guardCodeMatches(_: Void, _ event: Event, _: (Output) -> Void) -> Bool {
      switch event {
      case .unlock(let code): Door.codeMatches(code)
      default: false
      }
    }

    /// The current state.
    public private(set) var state: State = .closed

    /// Creates a new door, in `closed`.
    public init() {}

    /// Looks the event up in the table and carries out the row found.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var noData: Void = ()
      // No row of this table rejects an event, so firing never throws.
      return (try? Self.table.fire(event, state: &state, data: &noData, emit: emit)) ?? .ignored
    }
  }
}
