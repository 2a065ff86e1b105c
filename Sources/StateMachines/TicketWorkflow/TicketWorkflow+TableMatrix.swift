extension TicketWorkflow {
  /// The ticket written as a state-transition matrix: a row for each state,
  /// a column for each target a move can name, and in each cell the state
  /// the move leads to, or none.
  ///
  /// Notice that the event's argument is its column: `moveTo(resolved)` is
  /// the column of `resolved`, so the matrix is the specification's table
  /// of allowed moves drawn as a grid, and both `canTransition(to:)` and
  /// `handle` read the one cell. Where `Table` hashes the current state to
  /// find its row and the target to find it in the row's set, this
  /// multiplies and adds. A refused move's message is a cell too, of a
  /// matrix made once, the first time a move is refused.
  public struct TableMatrix: TicketWorkflowMachine {
    /// The number of columns: one per target, in the order of `State`.
    public static let columns = 5

    /// The state each move leads to, row by row: `next[row * columns +
    /// column]`; `nil` where the table does not allow the move.
    public static let next: [State?] = [
      // moveTo: open, reopened, inProgress, resolved, closed
      nil, nil, .inProgress, .resolved, .closed,  // open
      nil, nil, .inProgress, .resolved, .closed,  // reopened
      .open, nil, nil, .resolved, nil,  // inProgress
      nil, .reopened, nil, nil, .closed,  // resolved
      nil, .reopened, nil, nil, nil,  // closed
    ]

    /// The refusal of each move, in the same order, made once from
    /// `TicketWorkflow.forbiddenMove(from:to:)`, so that a refused move
    /// formats nothing and hashes nothing.
    public static let refusals: [Rejection] = State.allCases.flatMap { source in
      State.allCases.map { target in TicketWorkflow.forbiddenMove(from: source, to: target) }
    }

    /// The current state.
    public private(set) var state: State = .open

    /// Creates an open ticket.
    public init() {}

    /// A state's row, or a target's column: its place in the declaration of
    /// `State`. The compiler stores a case as that place, so this `switch`
    /// compiles to no branch.
    public static func index(of state: State) -> Int {
      switch state {
      case .open: 0
      case .reopened: 1
      case .inProgress: 2
      case .resolved: 3
      case .closed: 4
      }
    }

    /// The cell of a move from the current state to `target`.
    private func cell(to target: State) -> Int {
      Self.index(of: state) * Self.columns + Self.index(of: target)
    }

    /// Whether the cell of the move holds a state.
    public func canTransition(to target: State) -> Bool {
      Self.next[cell(to: target)] != nil
    }

    /// Makes the move the cell holds.
    ///
    /// - Throws: `Rejection` when the cell holds none; nothing changes.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let cell = cell(to: event.target)
      guard let next = Self.next[cell] else { throw Self.refusals[cell] }
      state = next
      return .fired
    }
  }
}
