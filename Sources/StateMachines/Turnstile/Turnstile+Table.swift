extension Turnstile {
  /// The turnstile written as a transition table: four rows of data that one
  /// engine runs.
  ///
  /// Notice that the rows are the whole behaviour, and that they are also
  /// what the diagram is drawn from: `Turnstile.description` lists
  /// `Table.table`'s transitions, so the picture cannot drift from the code.
  public struct Table: TurnstileMachine {
    /// The turnstile's table: every (state, event) pair has a row.
    public static let table = TransitionTable<State, Event, Output, Void>(rows: [
      .init(.locked, on: .coin, effect: [.unlock], to: .unlocked),
      .init(.locked, on: .pass, effect: [.alarm], to: .locked),
      .init(.unlocked, on: .coin, effect: [.thankYou], to: .unlocked),
      .init(.unlocked, on: .pass, effect: [.lock], to: .locked),
    ])

    /// The current state.
    public private(set) var state: State = .locked

    /// Creates a locked turnstile.
    public init() {}

    /// Looks the event up in the table and carries out the row found.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var noData: Void = ()
      // No row of this table rejects an event, so firing never throws.
      return (try? Self.table.fire(event, state: &state, data: &noData, emit: emit)) ?? .ignored
    }
  }
}
