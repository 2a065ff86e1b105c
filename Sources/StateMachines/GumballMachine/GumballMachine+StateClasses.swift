/// A state of the gumball machine as the Gang of Four print it: a class whose
/// methods ignore every event and whose activities do nothing, and one
/// subclass per state that overrides what that state does.
public class GumballStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: GumballMachine.State { fatalError("every subclass names its state") }

  /// Decides what a quarter does here.
  public func insertQuarter() -> Decision<GumballStateObject.Type, GumballMachine.Output> {
    .ignore
  }

  /// Decides what asking for the quarter back does here.
  public func ejectQuarter() -> Decision<GumballStateObject.Type, GumballMachine.Output> {
    .ignore
  }

  /// Decides what turning the crank does here, with `gumballs` in the
  /// machine, drawing from `winners` if a winner is possible.
  public func turnCrank(
    gumballs: Int, winners: inout GumballMachine.WinnerDraw
  ) -> Decision<GumballStateObject.Type, GumballMachine.Output> { .ignore }

  /// Decides what adding `count` to the machine's `gumballs` does here.
  ///
  /// - Throws: `Rejection` when `count` is bad input.
  public func refill(
    count: Int, gumballs: inout Int
  ) throws(Rejection) -> Decision<GumballStateObject.Type, GumballMachine.Output> { .ignore }

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered, taking what it sold off the machine's `gumballs`.
  public func completion(
    gumballs: inout Int
  ) -> Decision<GumballStateObject.Type, GumballMachine.Output> { .ignore }

  /// Runs every time a transition enters this state.
  public func entry(emit: (GumballMachine.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (GumballMachine.Output) -> Void) {}
}

extension GumballMachine {
  /// The gumball machine written with the book's state classes: the context
  /// holds the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class (`Sold.self`), so it
  /// cannot hand the count on to it: the context keeps the count, as in
  /// *Head First*, and lends it to the states that read or change it. The
  /// context makes a new object per transition, as the book prints it, or,
  /// created with `sharingStateObjects`, one object per class made once and
  /// reused; no state object here holds data, so sharing needs no reset.
  /// After every step the context asks the new state for its completion, and
  /// only `Sold` and `Winner` have one.
  public final class StateClasses: GumballDispenser {
    /// The current state object.
    public private(set) var current: GumballStateObject

    /// The gumballs left in the machine.
    public private(set) var gumballs: Int

    /// Decides which crank turns are winners.
    private var winners: WinnerDraw

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [GumballStateObject]

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(
      gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0,
      sharingStateObjects: Bool = false
    ) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      self.gumballs = gumballs
      current = gumballs > 0 ? NoQuarter() : SoldOut()
      winners = WinnerDraw(policy: winner, seed: seed)
      sharedStateObjects =
        sharingStateObjects ? [NoQuarter(), HasQuarter(), Sold(), Winner(), SoldOut()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object and carries out its
    /// decision, then takes the completion of each transient state it
    /// arrives in.
    public func handle(_ event: Event, emit: (Output) -> Void) throws(Rejection) -> Outcome<State> {
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
    private func carryOut(
      _ decision: Decision<GumballStateObject.Type, Output>, emit: (Output) -> Void
    ) -> Bool {
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        current = stateObject(next)
        current.entry(emit: emit)
      }
      return true
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: GumballStateObject.Type) -> GumballStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension GumballMachine.StateClasses {
  /// Waiting for a quarter, with gumballs to sell.
  public final class NoQuarter: GumballStateObject {
    /// `noQuarter`.
    public override var id: GumballMachine.State { .noQuarter }

    /// A quarter is taken.
    public override func insertQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .go(to: HasQuarter.self, effect: [.quarterAccepted])
    }

    /// Nothing to give back.
    public override func ejectQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing happens without a quarter.
    public override func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      .stay(effect: [.noQuarterInserted])
    }

    /// Adds the gumballs and stays: an internal transition.
    public override func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// A quarter is in: the crank sells one gumball, or two to a winner.
  public final class HasQuarter: GumballStateObject {
    /// `hasQuarter`.
    public override var id: GumballMachine.State { .hasQuarter }

    /// A second quarter is refused.
    public override func insertQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .stay(effect: [.quarterAlreadyInserted])
    }

    /// The quarter comes back.
    public override func ejectQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .go(to: NoQuarter.self, effect: [.quarterReturned])
    }

    /// Draws for a winner, then sells.
    public override func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      winners.draw(gumballs: gumballs)
        ? .go(to: Winner.self, effect: [.crankTurned])
        : .go(to: Sold.self, effect: [.crankTurned])
    }

    /// Adds the gumballs and stays: an internal transition.
    public override func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .stay(effect: [.refilled])
    }
  }

  /// Transient: one gumball rolls out, then the machine moves on.
  public final class Sold: GumballStateObject {
    /// `sold`.
    public override var id: GumballMachine.State { .sold }

    /// Releases the gumball.
    public override func entry(emit: (GumballMachine.Output) -> Void) { emit(.gumballReleased) }

    /// Takes the gumball sold off the count, then on to the next customer,
    /// or sold out if that was the last one.
    public override func completion(
      gumballs: inout Int
    ) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      gumballs -= 1
      guard gumballs > 0 else { return .go(to: SoldOut.self, effect: [.outOfGumballs]) }
      return .go(to: NoQuarter.self)
    }
  }

  /// Transient: a winner gets two gumballs, then the machine moves on.
  public final class Winner: GumballStateObject {
    /// `winner`.
    public override var id: GumballMachine.State { .winner }

    /// Announces the bonus and releases two gumballs.
    public override func entry(emit: (GumballMachine.Output) -> Void) {
      emit(.winnerBonus)
      emit(.gumballReleased)
      emit(.gumballReleased)
    }

    /// Takes the two gumballs won off the count, then on to the next
    /// customer, or sold out if those were the last two.
    public override func completion(
      gumballs: inout Int
    ) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      gumballs -= 2
      guard gumballs > 0 else { return .go(to: SoldOut.self, effect: [.outOfGumballs]) }
      return .go(to: NoQuarter.self)
    }
  }

  /// Empty until a refill.
  public final class SoldOut: GumballStateObject {
    /// `soldOut`.
    public override var id: GumballMachine.State { .soldOut }

    /// The quarter is refused.
    public override func insertQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .stay(effect: [.machineSoldOut])
    }

    /// Nothing to give back.
    public override func ejectQuarter()
      -> Decision<GumballStateObject.Type, GumballMachine.Output>
    {
      .stay(effect: [.noQuarterToEject])
    }

    /// Nothing to sell.
    public override func turnCrank(
      gumballs: Int, winners: inout GumballMachine.WinnerDraw
    ) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      .stay(effect: [.noGumballs])
    }

    /// The refill puts the machine back in business.
    public override func refill(
      count: Int, gumballs: inout Int
    ) throws(Rejection) -> Decision<GumballStateObject.Type, GumballMachine.Output> {
      gumballs = try GumballMachine.refilled(gumballs, adding: count)
      return .go(to: NoQuarter.self, effect: [.refilled])
    }
  }
}
