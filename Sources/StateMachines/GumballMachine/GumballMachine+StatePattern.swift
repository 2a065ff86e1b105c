/// A state of the gumball machine in the State pattern.
///
/// It is composed of smaller protocols: the events it may handle and the
/// activities it may have, each with a default that does nothing, so a state
/// writes only what it does.
public protocol GumballMachineState: GumballMachineEvents, StateActivities
where Output == GumballMachine.Output {
  /// The public id of this state.
  var id: GumballMachine.State { get }

  /// The gumballs in the machine while it is in this state.
  var gumballs: Int { get }
}

/// The events a gumball machine state may handle, and the completion a
/// transient state takes by itself; each is ignored by default.
public protocol GumballMachineEvents {
  /// What a gumball machine state returns to its context.
  typealias Transition = StateMachines.Transition<any GumballMachineState, GumballMachine.Output>

  /// Decides what a quarter does here.
  func insertQuarter() -> Transition

  /// Decides what asking for the quarter back does here.
  func ejectQuarter() -> Transition

  /// Decides what turning the crank does here, drawing from `winners` if
  /// a winner is possible.
  func turnCrank(winners: inout GumballMachine.WinnerDraw) -> Transition

  /// Decides what adding `count` gumballs does here; a state may count them.
  ///
  /// - Throws: `Rejection` when `count` is bad input.
  mutating func refill(count: Int) throws(Rejection) -> Transition

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered. Other states have none.
  func completion() -> Transition
}

extension GumballMachineEvents {
  /// Ignored.
  public func insertQuarter() -> Transition { .ignore }

  /// Ignored.
  public func ejectQuarter() -> Transition { .ignore }

  /// Ignored, without a draw.
  public func turnCrank(winners: inout GumballMachine.WinnerDraw) -> Transition { .ignore }

  /// Ignored.
  public func refill(count: Int) throws(Rejection) -> Transition { .ignore }

  /// None: the state waits for an event.
  public func completion() -> Transition { .ignore }
}

/// A state with gumballs to sell, which a refill adds to in place: both
/// states that wait for the customer.
public protocol GumballsInStock: GumballMachineState {
  /// The gumballs in the machine: the state's own data.
  var gumballs: Int { get set }
}

extension GumballsInStock {
  /// Adds the gumballs and stays: an internal transition.
  public mutating func refill(count: Int) throws(Rejection) -> Transition {
    gumballs = try GumballMachine.refilled(gumballs, adding: count)
    return .stay(effect: Effect(.refilled))
  }
}

extension GumballMachine {
  /// The gumball machine written with the State pattern: a context and one
  /// type per state.
  ///
  /// Notice that each state carries the count, as the enum's cases do,
  /// rather than the context keeping it as in *Head First*: every transition
  /// builds its target with the count it will have, so the count cannot be
  /// left behind, and `SoldOut` has none to get wrong. The winner draw is no
  /// state's data, so the context keeps it and lends it to `turnCrank`.
  /// `Sold` and `Winner` are ordinary states: entry releases the gumballs and
  /// `completion()` says where to go next, and the context takes that
  /// completion at once, so no event ever finds them.
  public struct StatePattern: GumballDispenser {
    /// What a gumball machine state returns to its context.
    public typealias Transition = GumballMachineEvents.Transition

    /// The current state object.
    public private(set) var current: any GumballMachineState

    /// Decides which crank turns are winners.
    private var winners: WinnerDraw

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      current = gumballs > 0 ? NoQuarter(gumballs: gumballs) : SoldOut()
      winners = WinnerDraw(policy: winner, seed: seed)
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// The gumballs left in the machine.
    public var gumballs: Int { current.gumballs }

    /// Asks the current state what the event does, carries it out, then
    /// takes the completion of a transient state it arrived in.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) throws(Rejection) -> Outcome<State> {
      let transition =
        switch event {
        case .insertQuarter: current.insertQuarter()
        case .ejectQuarter: current.ejectQuarter()
        case .turnCrank: current.turnCrank(winners: &winners)
        case .refill(let count): try current.refill(count: count)
        }
      let outcome = carryOut(consume transition, into: &sink)
      let arrived = current.id
      let completion = current.completion()
      guard case .go = completion else { return outcome }
      _ = carryOut(consume completion, into: &sink)
      return .fired(via: arrived)
    }

    /// Runs exit, effect and entry, in that order, and switches state.
    ///
    /// The transition is `consuming`: it is used once, so the context takes
    /// it over rather than copying it and the state inside it.
    private mutating func carryOut(
      _ transition: consuming Transition, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch consume transition {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.emit(into: &sink)
        return .fired
      case .go(let target, let effect):
        current.exit(into: &sink)
        effect.emit(into: &sink)
        target.entry(into: &sink)
        current = target
        return .fired
      }
    }
  }
}

extension GumballMachine.StatePattern {
  /// Waiting for a quarter, with gumballs to sell.
  public struct NoQuarter: GumballsInStock {
    /// The gumballs in the machine.
    public var gumballs: Int

    /// `noQuarter`.
    public var id: GumballMachine.State { .noQuarter }

    /// A quarter is taken.
    public func insertQuarter() -> Transition {
      .go(to: HasQuarter(gumballs: gumballs), effect: Effect(.quarterAccepted))
    }

    /// Nothing to give back.
    public func ejectQuarter() -> Transition { .stay(effect: Effect(.noQuarterToEject)) }

    /// The crank does nothing without a quarter.
    public func turnCrank(winners: inout GumballMachine.WinnerDraw) -> Transition {
      .stay(effect: Effect(.noQuarterInserted))
    }
  }

  /// A quarter is in: the crank sells one gumball, or two to a winner.
  public struct HasQuarter: GumballsInStock {
    /// The gumballs in the machine.
    public var gumballs: Int

    /// `hasQuarter`.
    public var id: GumballMachine.State { .hasQuarter }

    /// A second quarter is refused.
    public func insertQuarter() -> Transition { .stay(effect: Effect(.quarterAlreadyInserted)) }

    /// The quarter comes back.
    public func ejectQuarter() -> Transition {
      .go(to: NoQuarter(gumballs: gumballs), effect: Effect(.quarterReturned))
    }

    /// Draws for a winner, then sells.
    public func turnCrank(winners: inout GumballMachine.WinnerDraw) -> Transition {
      winners.draw(gumballs: gumballs)
        ? .go(to: Winner(gumballs: gumballs), effect: Effect(.crankTurned))
        : .go(to: Sold(gumballs: gumballs), effect: Effect(.crankTurned))
    }
  }

  /// Transient: one gumball rolls out, then the machine moves on.
  public struct Sold: GumballMachineState {
    /// The gumballs in the machine as the one sold rolls out.
    public let gumballs: Int

    /// `sold`.
    public var id: GumballMachine.State { .sold }

    /// Releases the gumball.
    public func entry(into sink: inout some OutputSink<GumballMachine.Output>) {
      sink.emit(.gumballReleased)
    }

    /// On to the next customer, or sold out if that was the last one.
    public func completion() -> Transition {
      GumballMachine.StatePattern.leave(with: gumballs - 1)
    }
  }

  /// Transient: a winner gets two gumballs, then the machine moves on.
  public struct Winner: GumballMachineState {
    /// The gumballs in the machine as the two won roll out.
    public let gumballs: Int

    /// `winner`.
    public var id: GumballMachine.State { .winner }

    /// Announces the bonus and releases two gumballs.
    public func entry(into sink: inout some OutputSink<GumballMachine.Output>) {
      sink.emit(.winnerBonus)
      sink.emit(.gumballReleased)
      sink.emit(.gumballReleased)
    }

    /// On to the next customer, or sold out if those were the last two.
    public func completion() -> Transition {
      GumballMachine.StatePattern.leave(with: gumballs - 2)
    }
  }

  /// Empty until a refill.
  public struct SoldOut: GumballMachineState {
    /// `soldOut`.
    public var id: GumballMachine.State { .soldOut }

    /// None.
    public var gumballs: Int { 0 }

    /// The quarter is refused.
    public func insertQuarter() -> Transition { .stay(effect: Effect(.machineSoldOut)) }

    /// Nothing to give back.
    public func ejectQuarter() -> Transition { .stay(effect: Effect(.noQuarterToEject)) }

    /// Nothing to sell.
    public func turnCrank(winners: inout GumballMachine.WinnerDraw) -> Transition {
      .stay(effect: Effect(.noGumballs))
    }

    /// The refill puts the machine back in business.
    public func refill(count: Int) throws(Rejection) -> Transition {
      let gumballs = try GumballMachine.refilled(0, adding: count)
      return .go(to: NoQuarter(gumballs: gumballs), effect: Effect(.refilled))
    }
  }

  /// The completion of both transient states, by the gumballs `left`:
  /// [count > 0] back to `noQuarter`, [count == 0] / `outOfGumballs` to
  /// `soldOut`.
  private static func leave(with left: Int) -> Transition {
    guard left > 0 else { return .go(to: SoldOut(), effect: Effect(.outOfGumballs)) }
    return .go(to: NoQuarter(gumballs: left))
  }
}
