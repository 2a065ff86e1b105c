extension GumballMachine {
  /// The gumball machine written as an enum whose cases carry their data.
  ///
  /// Notice that the count rides inside the cases, and that `soldOut` has
  /// none: a sold-out machine with gumballs cannot even be written. Every
  /// case also carries the winner draw: the enum is the whole machine, so
  /// what the machine knows must travel with each state. The transient
  /// `sold` and `winner` are cases too, but only for the length of one step:
  /// the crank enters one of them and `dispense` leaves it at once, so no
  /// event ever finds the machine there.
  public enum Enum: GumballDispenser {
    /// Waiting for a quarter, with gumballs to sell.
    case noQuarter(gumballs: Int, winners: WinnerDraw)
    /// A quarter is in.
    case hasQuarter(gumballs: Int, winners: WinnerDraw)
    /// Transient: releasing one of `gumballs`.
    case sold(gumballs: Int, winners: WinnerDraw)
    /// Transient: releasing two of `gumballs`.
    case winner(gumballs: Int, winners: WinnerDraw)
    /// Empty.
    case soldOut(winners: WinnerDraw)

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      let winners = WinnerDraw(policy: winner, seed: seed)
      if gumballs > 0 {
        self = .noQuarter(gumballs: gumballs, winners: winners)
      } else {
        self = .soldOut(winners: winners)
      }
    }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .noQuarter: .noQuarter
      case .hasQuarter: .hasQuarter
      case .sold: .sold
      case .winner: .winner
      case .soldOut: .soldOut
      }
    }

    /// The gumballs in the machine: none when sold out.
    public var gumballs: Int {
      switch self {
      case .noQuarter(let gumballs, _), .hasQuarter(let gumballs, _), .sold(let gumballs, _),
        .winner(let gumballs, _):
        gumballs
      case .soldOut: 0
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch (self, event) {
      case (.noQuarter(let gumballs, let winners), .insertQuarter):
        emit(.quarterAccepted)
        self = .hasQuarter(gumballs: gumballs, winners: winners)
      case (.noQuarter, .ejectQuarter), (.soldOut, .ejectQuarter):
        emit(.noQuarterToEject)
      case (.noQuarter, .turnCrank):
        emit(.noQuarterInserted)
      case (.noQuarter(let gumballs, let winners), .refill(let count)):
        let total = try GumballMachine.refilled(gumballs, adding: count)
        emit(.refilled)
        self = .noQuarter(gumballs: total, winners: winners)

      case (.hasQuarter, .insertQuarter):
        emit(.quarterAlreadyInserted)
      case (.hasQuarter(let gumballs, let winners), .ejectQuarter):
        emit(.quarterReturned)
        self = .noQuarter(gumballs: gumballs, winners: winners)
      case (.hasQuarter(let gumballs, var winners), .turnCrank):
        emit(.crankTurned)
        self =
          winners.draw(gumballs: gumballs)
          ? .winner(gumballs: gumballs, winners: winners)
          : .sold(gumballs: gumballs, winners: winners)
        let transient = state
        dispense(emit: emit)
        return .fired(via: transient)
      case (.hasQuarter(let gumballs, let winners), .refill(let count)):
        let total = try GumballMachine.refilled(gumballs, adding: count)
        emit(.refilled)
        self = .hasQuarter(gumballs: total, winners: winners)

      case (.soldOut, .insertQuarter):
        emit(.machineSoldOut)
      case (.soldOut, .turnCrank):
        emit(.noGumballs)
      case (.soldOut(let winners), .refill(let count)):
        let gumballs = try GumballMachine.refilled(0, adding: count)
        emit(.refilled)
        self = .noQuarter(gumballs: gumballs, winners: winners)

      case (.sold, _), (.winner, _):
        return .ignored  // Never found here: the crank dispenses at once.
      }
      return .fired
    }

    /// The transient states' entry activity and completion transition: the
    /// gumballs roll out, then the machine moves on by the count that is left.
    private mutating func dispense(emit: (Output) -> Void) {
      let left: Int
      let winners: WinnerDraw
      switch self {
      case .sold(let gumballs, let draw):
        emit(.gumballReleased)
        (left, winners) = (gumballs - 1, draw)
      case .winner(let gumballs, let draw):
        emit(.winnerBonus)
        emit(.gumballReleased)
        emit(.gumballReleased)
        (left, winners) = (gumballs - 2, draw)
      case .noQuarter, .hasQuarter, .soldOut:
        return
      }
      if left > 0 {
        self = .noQuarter(gumballs: left, winners: winners)
      } else {
        emit(.outOfGumballs)
        self = .soldOut(winners: winners)
      }
    }
  }
}
