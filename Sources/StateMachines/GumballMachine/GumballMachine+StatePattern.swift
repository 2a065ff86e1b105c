/// A state of the gumball machine in the State pattern: it decides what each
/// event does, and its context carries the decision out.
///
/// Every event is ignored, no state completes by itself, and every activity
/// does nothing unless a state says otherwise (the extension below), so a
/// state writes only what it does.
public protocol GumballState {
  /// The public id of this state.
  var id: GumballMachine.State { get }

  /// The gumballs in the machine while it is in this state.
  var gumballs: Int { get }

  /// Decides what a quarter does here.
  func insertQuarter() -> Decision<any GumballState, GumballMachine.Output>

  /// Decides what asking for the quarter back does here.
  func ejectQuarter() -> Decision<any GumballState, GumballMachine.Output>

  /// Decides what turning the crank does here, drawing from `winners` if a
  /// winner is possible.
  func turnCrank(
    winners: inout GumballMachine.WinnerDraw
  ) -> Decision<any GumballState, GumballMachine.Output>

  /// Decides what adding `count` gumballs does here; a state may count them.
  ///
  /// - Throws: `Rejection` when `count` is bad input.
  mutating func refill(
    count: Int
  ) throws(Rejection) -> Decision<any GumballState, GumballMachine.Output>

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered.
  func completion() -> Decision<any GumballState, GumballMachine.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (GumballMachine.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (GumballMachine.Output) -> Void)
}

extension GumballState {
  /// Ignored.
  public func insertQuarter() -> Decision<any GumballState, GumballMachine.Output> { .ignore }

  /// Ignored.
  public func ejectQuarter() -> Decision<any GumballState, GumballMachine.Output> { .ignore }

  /// Ignored, without a draw.
  public func turnCrank(
    winners: inout GumballMachine.WinnerDraw
  ) -> Decision<any GumballState, GumballMachine.Output> { .ignore }

  /// Ignored, without checking the count.
  public func refill(
    count: Int
  ) throws(Rejection) -> Decision<any GumballState, GumballMachine.Output> { .ignore }

  /// None: the state waits for an event.
  public func completion() -> Decision<any GumballState, GumballMachine.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (GumballMachine.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (GumballMachine.Output) -> Void) {}
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
    /// The current state object.
    public private(set) var current: any GumballState

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

    /// Asks the current state what the event does and carries it out, then
    /// takes the completion of each transient state it arrives in.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let decision =
        switch event {
        case .insertQuarter: current.insertQuarter()
        case .ejectQuarter: current.ejectQuarter()
        case .turnCrank: current.turnCrank(winners: &winners)
        case .refill(let count): try current.refill(count: count)
        }
      guard carryOut(decision, emit: emit) else { return .ignored }
      var outcome = Outcome<State>.fired
      var completion = current.completion()
      while case .go = completion {
        outcome.pass(through: current.id)
        carryOut(completion, emit: emit)
        completion = current.completion()
      }
      return outcome
    }

    /// Carries out a decision: exit, effect, entry, in that order.
    ///
    /// - Returns: whether a transition fired.
    @discardableResult
    private mutating func carryOut(
      _ decision: Decision<any GumballState, Output>, emit: (Output) -> Void
    ) -> Bool {
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return true
    }
  }
}

extension GumballMachine.StatePattern {
  /// Waiting for a quarter, with gumballs to sell.
  public struct NoQuarter: GumballState {
    /// The gumballs in the machine: the state's own data.
    public var gumballs: Int

    /// `noQuarter`.
    public var id: GumballMachine.State { .noQuarter }

    /// A quarter is taken.
    public func insertQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .go(to: HasQuarter(gumballs: gumballs), effect: [.quarterAccepted])
    }

    /// Nothing to give back.
    public func ejectQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing happens without a quarter.
    public func turnCrank(
      winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.noQuarterInserted])
    }

    /// Adds the gumballs and stays: an internal transition.
    public mutating func refill(
      count: Int
    ) throws(Rejection) -> Decision<any GumballState, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// A quarter is in: the crank sells one gumball, or two to a winner.
  public struct HasQuarter: GumballState {
    /// The gumballs in the machine: the state's own data.
    public var gumballs: Int

    /// `hasQuarter`.
    public var id: GumballMachine.State { .hasQuarter }

    /// A second quarter is refused.
    public func insertQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.quarterAlreadyInserted])
    }

    /// The quarter comes back.
    public func ejectQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .go(to: NoQuarter(gumballs: gumballs), effect: [.quarterReturned])
    }

    /// Draws for a winner, then sells.
    public func turnCrank(
      winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballState, GumballMachine.Output> {
      winners.draw(gumballs: gumballs)
        ? .go(to: Winner(gumballs: gumballs), effect: [.crankTurned])
        : .go(to: Sold(gumballs: gumballs), effect: [.crankTurned])
    }

    /// Adds the gumballs and stays: an internal transition.
    public mutating func refill(
      count: Int
    ) throws(Rejection) -> Decision<any GumballState, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// Transient: one gumball rolls out, then the machine moves on.
  public struct Sold: GumballState {
    /// The gumballs in the machine as the one sold rolls out.
    public let gumballs: Int

    /// `sold`.
    public var id: GumballMachine.State { .sold }

    /// Releases the gumball.
    public func entry(emit: (GumballMachine.Output) -> Void) { emit(.gumballReleased) }

    /// On to the next customer with one gumball fewer, or sold out if that
    /// was the last one.
    public func completion() -> Decision<any GumballState, GumballMachine.Output> {
      GumballMachine.StatePattern.moveOn(with: gumballs - 1)
    }
  }

  /// Transient: a winner gets two gumballs, then the machine moves on.
  public struct Winner: GumballState {
    /// The gumballs in the machine as the two won roll out.
    public let gumballs: Int

    /// `winner`.
    public var id: GumballMachine.State { .winner }

    /// Announces the bonus and releases two gumballs.
    public func entry(emit: (GumballMachine.Output) -> Void) {
      emit(.winnerBonus)
      emit(.gumballReleased)
      emit(.gumballReleased)
    }

    /// On to the next customer with two gumballs fewer, or sold out if those
    /// were the last two.
    public func completion() -> Decision<any GumballState, GumballMachine.Output> {
      GumballMachine.StatePattern.moveOn(with: gumballs - 2)
    }
  }

  /// Empty until a refill.
  public struct SoldOut: GumballState {
    /// `soldOut`.
    public var id: GumballMachine.State { .soldOut }

    /// None.
    public var gumballs: Int { 0 }

    /// The quarter is refused.
    public func insertQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.machineSoldOut])
    }

    /// Nothing to give back.
    public func ejectQuarter() -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing to sell.
    public func turnCrank(
      winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballState, GumballMachine.Output> {
      .stay(effect: [.noGumballs])
    }

    /// The refill puts the machine back in business.
    public func refill(
      count: Int
    ) throws(Rejection) -> Decision<any GumballState, GumballMachine.Output> {
      let gumballs = try GumballMachine.refilled(0, adding: count)
      return .go(to: NoQuarter(gumballs: gumballs), effect: [.refilled])
    }
  }

  /// The completion of both transient states, by the gumballs `left`:
  /// [count > 0] back to `noQuarter`, [count == 0] / `outOfGumballs` to
  /// `soldOut`.
  private static func moveOn(with left: Int) -> Decision<any GumballState, GumballMachine.Output> {
    left > 0 ? .go(to: NoQuarter(gumballs: left)) : .go(to: SoldOut(), effect: [.outOfGumballs])
  }
}
