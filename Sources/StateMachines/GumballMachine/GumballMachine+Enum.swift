extension GumballMachine {
  /// The gumball machine written as an enum whose cases carry their data.
  ///
  /// Notice that the count rides inside the cases, and that `soldOut` has
  /// none: a sold-out machine with gumballs, or a machine with gumballs that
  /// is sold out, cannot even be written. The transient `sold` and `winner`
  /// are cases too; `dispense` is their entry activity and completion
  /// transition, written once, and the crank enters one of them and
  /// dispenses at once. The struct around the enum holds only the winner
  /// draw: the policy is configuration and the generator is equipment,
  /// neither is state.
  public struct Enum: GumballDispenser {
    /// The state with its data: this enum is the machine.
    public enum Mode: Hashable, Sendable {
      /// Waiting for a quarter, with gumballs to sell.
      case noQuarter(gumballs: Int)
      /// A quarter is in.
      case hasQuarter(gumballs: Int)
      /// Transient: releasing one of `gumballs`.
      case sold(gumballs: Int)
      /// Transient: releasing two of `gumballs`.
      case winner(gumballs: Int)
      /// Empty.
      case soldOut
    }

    /// The current state and its data.
    public private(set) var mode: Mode

    /// Decides which crank turns are winners.
    private var winners: WinnerDraw

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      mode = gumballs > 0 ? .noQuarter(gumballs: gumballs) : .soldOut
      winners = WinnerDraw(policy: winner, seed: seed)
    }

    /// The public id of the current state.
    public var state: State { mode.id }

    /// The gumballs left in the machine.
    public var gumballs: Int { mode.gumballs }

    /// Hands the event to the enum, with the winner draw to use.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) throws(Rejection) -> Outcome<State> {
      try mode.handle(event, winners: &winners, into: &sink)
    }
  }
}

extension GumballMachine.Enum.Mode {
  /// The public id of this state.
  public var id: GumballMachine.State {
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
    case .noQuarter(let gumballs), .hasQuarter(let gumballs), .sold(let gumballs),
      .winner(let gumballs):
      gumballs
    case .soldOut: 0
    }
  }

  /// Handles one event, drawing winners from `winners`: one `switch` over
  /// `(self, event)`.
  public mutating func handle(
    _ event: GumballMachine.Event, winners: inout GumballMachine.WinnerDraw,
    into sink: inout some OutputSink<GumballMachine.Output>
  ) throws(Rejection) -> Outcome<GumballMachine.State> {
    switch (self, event) {
    case (.noQuarter(let gumballs), .insertQuarter):
      sink.emit(.quarterAccepted)
      self = .hasQuarter(gumballs: gumballs)
    case (.noQuarter, .ejectQuarter), (.soldOut, .ejectQuarter):
      sink.emit(.noQuarterToEject)
    case (.noQuarter, .turnCrank):
      sink.emit(.noQuarterInserted)
    case (.noQuarter(let gumballs), .refill(let count)):
      self = .noQuarter(gumballs: try GumballMachine.refilled(gumballs, adding: count))
      sink.emit(.refilled)

    case (.hasQuarter, .insertQuarter):
      sink.emit(.quarterAlreadyInserted)
    case (.hasQuarter(let gumballs), .ejectQuarter):
      sink.emit(.quarterReturned)
      self = .noQuarter(gumballs: gumballs)
    case (.hasQuarter(let gumballs), .turnCrank):
      sink.emit(.crankTurned)
      let winner = winners.draw(gumballs: gumballs)
      self = winner ? .winner(gumballs: gumballs) : .sold(gumballs: gumballs)
      let transient = id
      dispense(into: &sink)
      return .fired(via: transient)
    case (.hasQuarter(let gumballs), .refill(let count)):
      self = .hasQuarter(gumballs: try GumballMachine.refilled(gumballs, adding: count))
      sink.emit(.refilled)

    case (.soldOut, .insertQuarter):
      sink.emit(.machineSoldOut)
    case (.soldOut, .turnCrank):
      sink.emit(.noGumballs)
    case (.soldOut, .refill(let count)):
      let gumballs = try GumballMachine.refilled(0, adding: count)
      sink.emit(.refilled)
      self = .noQuarter(gumballs: gumballs)

    case (.sold, _), (.winner, _):
      return .ignored  // Never found here: the crank dispenses at once.
    }
    return .fired
  }

  /// The transient states' entry activity and completion transition: the
  /// gumballs roll out, then the machine moves on by the count that is left.
  private mutating func dispense(into sink: inout some OutputSink<GumballMachine.Output>) {
    let left: Int
    switch self {
    case .sold(let gumballs):
      sink.emit(.gumballReleased)
      left = gumballs - 1
    case .winner(let gumballs):
      sink.emit(.winnerBonus)
      sink.emit(.gumballReleased)
      sink.emit(.gumballReleased)
      left = gumballs - 2
    case .noQuarter, .hasQuarter, .soldOut:
      return
    }
    if left > 0 {
      self = .noQuarter(gumballs: left)
    } else {
      sink.emit(.outOfGumballs)
      self = .soldOut
    }
  }
}
