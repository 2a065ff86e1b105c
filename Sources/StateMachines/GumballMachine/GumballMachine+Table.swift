extension GumballMachine {
  /// The gumball machine written as a transition table: rows of data that
  /// one engine runs.
  ///
  /// Notice the rows with no event: `sold` and `winner` leave by completion
  /// rows, which the engine takes by itself as soon as it enters them, after
  /// their entry activities have taken the gumballs off the count. Notice
  /// too that a guard only looks: the crank's guards ask whether the draw
  /// would win, and the row taken uses the draw up. A refill the machine
  /// cannot take is refused before the table is consulted.
  public struct Table: GumballDispenser {
    /// What the machine keeps beside its state.
    public struct Data: Hashable, Sendable {
      /// The gumballs left in the machine.
      public var gumballs: Int
      /// Decides which crank turns are winners.
      public var winners: WinnerDraw
    }

    /// The gumball machine's table.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .init(.noQuarter, on: .insertQuarter, effect: [.quarterAccepted], to: .hasQuarter),
        .internal(.noQuarter, on: .ejectQuarter, effect: [.noQuarterToEject]),
        .internal(.noQuarter, on: .turnCrank, effect: [.noQuarterInserted]),
        .init(.noQuarter, on: .refill, guard: "count > 0", effect: ["refilled"], perform: refill),
        .internal(.hasQuarter, on: .insertQuarter, effect: [.quarterAlreadyInserted]),
        .init(.hasQuarter, on: .ejectQuarter, effect: [.quarterReturned], to: .noQuarter),
        .init(
          .hasQuarter, on: .turnCrank, guard: "winner drawn and count > 1",
          { data, _, _ in wins(data) }, effect: ["crankTurned"], to: .winner, perform: turnCrank),
        // `else`: the row tried last, taken whenever the winner's guard fails.
        .init(
          .hasQuarter, on: .turnCrank, guard: "else", effect: ["crankTurned"], to: .sold,
          perform: turnCrank),
        .init(.hasQuarter, on: .refill, guard: "count > 0", effect: ["refilled"], perform: refill),
        .init(
          .sold, on: nil, guard: "count > 0", { data, _, _ in data.gumballs > 0 },
          effect: [], to: .noQuarter, perform: { _, _, _ in }),
        .init(
          .sold, on: nil, guard: "count == 0", { data, _, _ in data.gumballs == 0 },
          effect: ["outOfGumballs"], to: .soldOut, perform: { _, _, emit in emit(.outOfGumballs) }),
        .init(
          .winner, on: nil, guard: "count > 0", { data, _, _ in data.gumballs > 0 },
          effect: [], to: .noQuarter, perform: { _, _, _ in }),
        .init(
          .winner, on: nil, guard: "count == 0", { data, _, _ in data.gumballs == 0 },
          effect: ["outOfGumballs"], to: .soldOut, perform: { _, _, emit in emit(.outOfGumballs) }),
        .internal(.soldOut, on: .insertQuarter, effect: [.machineSoldOut]),
        .internal(.soldOut, on: .ejectQuarter, effect: [.noQuarterToEject]),
        .internal(.soldOut, on: .turnCrank, effect: [.noGumballs]),
        .init(
          .soldOut, on: .refill, guard: "count > 0", effect: ["refilled"], to: .noQuarter,
          perform: refill),
      ],
      entry: [
        .sold: .does("gumballReleased", "count -= 1") { data, emit in
          emit(.gumballReleased)
          data.gumballs -= 1
        },
        .winner: .does("winnerBonus", "gumballReleased", "gumballReleased", "count -= 2") {
          data, emit in
          emit(.winnerBonus)
          emit(.gumballReleased)
          emit(.gumballReleased)
          data.gumballs -= 2
        },
      ])

    /// The guard of the crank: whether the draw would make this turn a
    /// winner, asked without using the draw up.
    private static func wins(_ data: Data) -> Bool {
      data.winners.wouldWin(gumballs: data.gumballs)
    }

    /// The effect of the crank: the draw is used up and the crank turns.
    private static func turnCrank(_ data: inout Data, _ event: Event, _ emit: (Output) -> Void) {
      data.winners.draw(gumballs: data.gumballs)
      emit(.crankTurned)
    }

    /// The effect of a refill: the gumballs go in. (`handle` has refused any
    /// count of zero or less, or too large to add.)
    private static func refill(_ data: inout Data, _ event: Event, _ emit: (Output) -> Void) {
      if case .refill(let count) = event {
        data.gumballs += count
      }
      emit(.refilled)
    }

    /// The current state.
    public private(set) var state: State

    /// The count and the winner draw.
    public private(set) var data: Data

    /// Creates a machine holding `gumballs`, sold out if there are none.
    ///
    /// - Throws: `Rejection` when `gumballs` is negative.
    public init(gumballs: Int, winner: WinnerPolicy = .random, seed: UInt64 = 0) throws(Rejection) {
      try GumballMachine.checkStartingCount(gumballs)
      state = gumballs > 0 ? .noQuarter : .soldOut
      data = Data(gumballs: gumballs, winners: WinnerDraw(policy: winner, seed: seed))
    }

    /// The gumballs left in the machine.
    public var gumballs: Int { data.gumballs }

    /// Refuses a bad refill, then looks the event up in the table and
    /// carries out the row found.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      if case .refill(let count) = event {
        _ = try GumballMachine.refilled(data.gumballs, adding: count)
      }
      return try Self.table.fire(event, state: &state, data: &data, emit: emit)
    }
  }
}
