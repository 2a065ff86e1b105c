/// A state of the gumball machine as a type: the State pattern with no state
/// values at all. Each state is a type whose static methods decide, and its
/// context carries the decision out.
///
/// Every event is ignored, no state completes by itself, and every activity
/// does nothing unless a state says otherwise (the extension below), so a
/// state writes only what it does. A type holds no data, so the methods that
/// read or change the count are handed it by the context.
public protocol GumballStateType {
  /// The public id of this state.
  static var id: GumballMachine.State { get }

  /// Decides what a quarter does here.
  static func insertQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>

  /// Decides what asking for the quarter back does here.
  static func ejectQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>

  /// Decides what turning the crank does here, with `gumballs` in the
  /// machine, drawing from `winners` if a winner is possible.
  static func turnCrank(
    gumballs: Int, winners: inout GumballMachine.WinnerDraw
  ) -> Decision<any GumballStateType.Type, GumballMachine.Output>

  /// Decides what adding `count` to the machine's `gumballs` does here.
  ///
  /// - Throws: `Rejection` when `count` is bad input.
  static func refill(
    count: Int, gumballs: inout Int
  ) throws(Rejection) -> Decision<any GumballStateType.Type, GumballMachine.Output>

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered, taking what it sold off the machine's `gumballs`.
  static func completion(
    gumballs: inout Int
  ) -> Decision<any GumballStateType.Type, GumballMachine.Output>

  /// Runs every time a transition enters this state.
  static func entry(emit: (GumballMachine.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (GumballMachine.Output) -> Void)
}

extension GumballStateType {
  /// Ignored.
  public static func insertQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output> {
    .ignore
  }

  /// Ignored.
  public static func ejectQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output> {
    .ignore
  }

  /// Ignored, without a draw.
  public static func turnCrank(
    gumballs: Int, winners: inout GumballMachine.WinnerDraw
  ) -> Decision<any GumballStateType.Type, GumballMachine.Output> { .ignore }

  /// Ignored, without checking the count.
  public static func refill(
    count: Int, gumballs: inout Int
  ) throws(Rejection) -> Decision<any GumballStateType.Type, GumballMachine.Output> { .ignore }

  /// None: the state waits for an event.
  public static func completion(
    gumballs: inout Int
  ) -> Decision<any GumballStateType.Type, GumballMachine.Output> { .ignore }

  /// Does nothing.
  public static func entry(emit: (GumballMachine.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (GumballMachine.Output) -> Void) {}
}

extension GumballMachine {
  /// The gumball machine written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Sold.self` instead of
  /// `Sold(gumballs: gumballs)`. There every state carried the count and
  /// every transition built its target with the count it would have; a type
  /// has no value to carry it in, so the count moves into the context, as
  /// in *Head First*, next to the winner draw, and is lent to the states that
  /// read or change it. The price: nothing but discipline now keeps the
  /// count at zero exactly when the machine is sold out. `Sold` and `Winner`
  /// are still ordinary states: entry releases the gumballs, `completion`
  /// takes them off the count and says where to go next, and the context
  /// takes that completion at once, so no event ever finds them.
  public struct StatePatternTypes: GumballDispenser {
    /// The current state.
    public private(set) var current: any GumballStateType.Type

    /// The gumballs left in the machine: the data every state but `SoldOut`
    /// carried in `StatePattern`, kept here because the states are types.
    public private(set) var gumballs: Int

    /// Decides which crank turns are winners.
    private var winners: WinnerDraw

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      self.gumballs = gumballs
      current = gumballs > 0 ? NoQuarter.self : SoldOut.self
      winners = WinnerDraw(policy: winner, seed: seed)
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does and carries it out, then
    /// takes the completion of each transient state it arrives in.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let decision =
        switch event {
        case .insertQuarter: current.insertQuarter()
        case .ejectQuarter: current.ejectQuarter()
        case .turnCrank: current.turnCrank(gumballs: gumballs, winners: &winners)
        case .refill(let count): try current.refill(count: count, gumballs: &gumballs)
        }
      guard carryOut(decision, emit: emit) else { return .ignored }
      var outcome = Outcome<State>.fired
      var completion = current.completion(gumballs: &gumballs)
      while case .go = completion {
        outcome.pass(through: current.id)
        carryOut(completion, emit: emit)
        completion = current.completion(gumballs: &gumballs)
      }
      return outcome
    }

    /// Carries out a decision: exit, effect, entry, in that order.
    ///
    /// - Returns: whether a transition fired.
    @discardableResult
    private mutating func carryOut(
      _ decision: Decision<any GumballStateType.Type, Output>, emit: (Output) -> Void
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

extension GumballMachine.StatePatternTypes {
  /// Waiting for a quarter, with gumballs to sell.
  public enum NoQuarter: GumballStateType {
    /// `noQuarter`.
    public static var id: GumballMachine.State { .noQuarter }

    /// A quarter is taken.
    public static func insertQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .go(to: HasQuarter.self, effect: [.quarterAccepted])
    }

    /// Nothing to give back.
    public static func ejectQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing happens without a quarter.
    public static func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      .stay(effect: [.noQuarterInserted])
    }

    /// Adds the gumballs and stays: an internal transition.
    public static func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// A quarter is in: the crank sells one gumball, or two to a winner.
  public enum HasQuarter: GumballStateType {
    /// `hasQuarter`.
    public static var id: GumballMachine.State { .hasQuarter }

    /// A second quarter is refused.
    public static func insertQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .stay(effect: [.quarterAlreadyInserted])
    }

    /// The quarter comes back.
    public static func ejectQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .go(to: NoQuarter.self, effect: [.quarterReturned])
    }

    /// Draws for a winner, then sells.
    public static func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      winners.draw(gumballs: gumballs)
        ? .go(to: Winner.self, effect: [.crankTurned])
        : .go(to: Sold.self, effect: [.crankTurned])
    }

    /// Adds the gumballs and stays: an internal transition.
    public static func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// Transient: one gumball rolls out, then the machine moves on.
  public enum Sold: GumballStateType {
    /// `sold`.
    public static var id: GumballMachine.State { .sold }

    /// Releases the gumball.
    public static func entry(emit: (GumballMachine.Output) -> Void) { emit(.gumballReleased) }

    /// Takes the gumball sold off the count, then on to the next customer,
    /// or sold out if that was the last one.
    public static func completion(
      gumballs: inout Int
    ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      gumballs -= 1
      return GumballMachine.StatePatternTypes.moveOn(with: gumballs)
    }
  }

  /// Transient: a winner gets two gumballs, then the machine moves on.
  public enum Winner: GumballStateType {
    /// `winner`.
    public static var id: GumballMachine.State { .winner }

    /// Announces the bonus and releases two gumballs.
    public static func entry(emit: (GumballMachine.Output) -> Void) {
      emit(.winnerBonus)
      emit(.gumballReleased)
      emit(.gumballReleased)
    }

    /// Takes the two gumballs won off the count, then on to the next
    /// customer, or sold out if those were the last two.
    public static func completion(
      gumballs: inout Int
    ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      gumballs -= 2
      return GumballMachine.StatePatternTypes.moveOn(with: gumballs)
    }
  }

  /// Empty until a refill.
  public enum SoldOut: GumballStateType {
    /// `soldOut`.
    public static var id: GumballMachine.State { .soldOut }

    /// The quarter is refused.
    public static func insertQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .stay(effect: [.machineSoldOut])
    }

    /// Nothing to give back.
    public static func ejectQuarter() -> Decision<any GumballStateType.Type, GumballMachine.Output>
    {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing to sell.
    public static func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      .stay(effect: [.noGumballs])
    }

    /// The refill puts the machine back in business.
    public static func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .go(to: NoQuarter.self, effect: [.refilled])
    }
  }

  /// The completion of both transient states, by the gumballs `left`:
  /// [count > 0] back to `noQuarter`, [count == 0] / `outOfGumballs` to
  /// `soldOut`.
  private static func moveOn(
    with left: Int
  ) -> Decision<any GumballStateType.Type, GumballMachine.Output> {
    left > 0 ? .go(to: NoQuarter.self) : .go(to: SoldOut.self, effect: [.outOfGumballs])
  }
}
