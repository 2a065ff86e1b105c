extension GumballMachine {
  /// The gumball machine written as nested switches.
  ///
  /// The state is a plain tag and the count a separate property, as in the
  /// original *Head First* machine. Notice the crank: one `case` sets the tag
  /// to `sold` or `winner`, releases the gumballs, and then writes the
  /// completion by hand, so the transient state lives for a few lines and
  /// the step reports it as `via`. Nothing but discipline keeps the count at
  /// zero exactly when the tag says `soldOut`.
  public struct NestedSwitch: GumballDispenser {
    /// The current state.
    public private(set) var state: State

    /// The gumballs left in the machine.
    public private(set) var gumballs: Int

    /// Decides which crank turns are winners.
    private var winners: WinnerDraw

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      self.gumballs = gumballs
      state = gumballs > 0 ? .noQuarter : .soldOut
      winners = WinnerDraw(policy: winner, seed: seed)
    }

    /// Handles one event: a `switch` on the event, then one on the state.
    ///
    /// `sold` and `winner` never meet an event: the crank leaves them at once.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch event {
      case .insertQuarter:
        switch state {
        case .noQuarter:
          emit(.quarterAccepted)
          state = .hasQuarter
          return .fired
        case .hasQuarter:
          emit(.quarterAlreadyInserted)
          return .fired
        case .soldOut:
          emit(.machineSoldOut)
          return .fired
        case .sold, .winner:
          return .ignored
        }

      case .ejectQuarter:
        switch state {
        case .noQuarter, .soldOut:
          emit(.noQuarterToEject)
          return .fired
        case .hasQuarter:
          emit(.quarterReturned)
          state = .noQuarter
          return .fired
        case .sold, .winner:
          return .ignored
        }

      case .turnCrank:
        switch state {
        case .noQuarter:
          emit(.noQuarterInserted)
          return .fired
        case .hasQuarter:
          emit(.crankTurned)
          if winners.draw(gumballs: gumballs) {
            state = .winner
            emit(.winnerBonus)
            emit(.gumballReleased)
            emit(.gumballReleased)
            gumballs -= 2
          } else {
            state = .sold
            emit(.gumballReleased)
            gumballs -= 1
          }
          let transient = state
          if gumballs > 0 {
            state = .noQuarter
          } else {
            emit(.outOfGumballs)
            state = .soldOut
          }
          return .fired(via: transient)
        case .soldOut:
          emit(.noGumballs)
          return .fired
        case .sold, .winner:
          return .ignored
        }

      case .refill(let count):
        switch state {
        case .noQuarter, .hasQuarter:
          gumballs = try GumballMachine.refilled(gumballs, adding: count)
          emit(.refilled)
          return .fired
        case .soldOut:
          gumballs = try GumballMachine.refilled(gumballs, adding: count)
          emit(.refilled)
          state = .noQuarter
          return .fired
        case .sold, .winner:
          return .ignored
        }
      }
    }
  }
}
