extension Turnstile {
  /// The turnstile written as a state-transition matrix: the textbook table
  /// of compilers and protocol engines, one cell per (state, event) pair.
  ///
  /// Notice that `handle` asks nothing: it works out the cell from the
  /// state's row and the event's column, emits the outputs stored there and
  /// moves to the state stored there. `Table` searches its rows for the
  /// first that matches and runs its closures; here there is no row to find
  /// and nothing to call, so a stream of coins and passes in any order costs
  /// the same, with no branch to guess wrong. What it gives up is what the
  /// rows could say: a guard, an activity, a timed row, a superstate.
  public struct TableMatrix: TurnstileMachine {
    /// The number of columns: one per event, in the order of `Event`.
    public static let columns = 2

    /// The next state of each cell, row by row: `next[row * columns + column]`.
    public static let next: [State] = [
      // coin, pass
      .unlocked, .locked,  // locked
      .unlocked, .locked,  // unlocked
    ]

    /// The outputs of each cell, in the same order (every cell fires), each
    /// list kept inline by `Effects`, so that reading a cell retains no
    /// array.
    public static let outputs: [Effects<Output>] = [
      // coin, pass
      [.unlock], [.alarm],  // locked
      [.thankYou], [.lock],  // unlocked
    ]

    /// The current state.
    public private(set) var state: State = .locked

    /// Creates a locked turnstile.
    public init() {}

    /// A state's row: its place in the declaration of `State`. The compiler
    /// stores a case as that place, so this `switch` compiles to no branch.
    public static func row(of state: State) -> Int {
      switch state {
      case .locked: 0
      case .unlocked: 1
      }
    }

    /// An event's column: its place in the declaration of `Event`, which
    /// likewise compiles to no branch.
    public static func column(of event: Event) -> Int {
      switch event {
      case .coin: 0
      case .pass: 1
      }
    }

    /// Looks the cell up and carries it out: its outputs, then its state.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let cell = Self.row(of: state) * Self.columns + Self.column(of: event)
      Self.outputs[cell].forEach(emit)
      state = Self.next[cell]
      return .fired
    }
  }
}
