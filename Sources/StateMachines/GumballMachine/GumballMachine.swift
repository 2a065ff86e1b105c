/// A coin-operated candy dispenser, created with a number of gumballs.
///
/// The machine of *Head First Design Patterns*: a count of gumballs as
/// extended state, two transient states (`sold`, `winner`) that dispense and
/// leave by themselves, and a one-in-ten winner drawn from injected
/// randomness, so that seeded runs agree in every style.
public enum GumballMachine: Machine {
  /// The machine's states.
  public enum State: String, StateID {
    /// Waiting for a quarter (initial when there are gumballs).
    case noQuarter
    /// A quarter is in; the crank can be turned.
    case hasQuarter
    /// Transient: one gumball is on its way out.
    case sold
    /// Transient: a winner gets two gumballs.
    case winner
    /// Empty (initial when created with none) until a refill.
    case soldOut
  }

  /// What a customer or the owner does to the machine.
  public enum Event: MachineEvent {
    /// A quarter goes into the slot.
    case insertQuarter
    /// The customer asks for the quarter back.
    case ejectQuarter
    /// The customer turns the crank.
    case turnCrank
    /// The owner adds `count` gumballs; a count of zero or less is bad input.
    case refill(count: Int)

    /// The four events; `refill` carries a count.
    public static let signatures: [EventSignature<Event>] = [
      .plain("insertQuarter", .insertQuarter),
      .plain("ejectQuarter", .ejectQuarter),
      .plain("turnCrank", .turnCrank),
      .count("refill") { .refill(count: $0) },
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case insertQuarter, ejectQuarter, turnCrank, refill
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .insertQuarter: .insertQuarter
      case .ejectQuarter: .ejectQuarter
      case .turnCrank: .turnCrank
      case .refill: .refill
      }
    }

    /// The count, for `refill`.
    public var argument: String? {
      switch self {
      case .refill(let count): String(count)
      case .insertQuarter, .ejectQuarter, .turnCrank: nil
      }
    }
  }

  /// What the machine does: messages to the customer and the dispenser's work.
  public enum Output: String, MachineOutput {
    /// The quarter was taken.
    case quarterAccepted
    /// There is no quarter to give back.
    case noQuarterToEject
    /// The crank was turned without a quarter.
    case noQuarterInserted
    /// A second quarter is refused.
    case quarterAlreadyInserted
    /// The quarter comes back out.
    case quarterReturned
    /// The crank turned with a quarter in.
    case crankTurned
    /// One gumball rolls out.
    case gumballReleased
    /// The customer won a second gumball.
    case winnerBonus
    /// The last gumball is gone.
    case outOfGumballs
    /// A quarter is refused because the machine is empty.
    case machineSoldOut
    /// The crank was turned on an empty machine.
    case noGumballs
    /// Gumballs were added.
    case refilled
  }

  /// `gumball-machine`.
  public static let id = "gumball-machine"

  /// One sentence on the gumball machine.
  public static let summary =
    "A candy dispenser: a count of gumballs, transient states that dispense, a seeded winner."

  /// The gumball machine as a diagram, drawn from the rows and activities
  /// the `table` style runs on.
  ///
  /// The transient states release their gumballs on entry; their completion
  /// transitions then read the count that is left, as UML evaluates a
  /// completion's guard once the entry activity is done.
  public static let description = MachineDescription<State>(
    entrances: [
      .init(.noQuarter, guard: "gumballs > 0"),
      .init(.soldOut, guard: "else"),
    ],
    events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// What a gumball machine is created with.
  public struct Configuration: MachineConfiguration {
    /// The gumballs in the machine at the start.
    public var gumballs = 5
    /// How a crank turn decides whether it wins two gumballs.
    public var winner = WinnerPolicy.random
    /// The seed of the random draws.
    public var seed: UInt64 = 0

    /// The defaults: five gumballs, a random winner, seed 0.
    public init() {}

    /// The given settings, the defaults for the others.
    public init(gumballs: Int = 5, winner: WinnerPolicy = .random, seed: UInt64 = 0) {
      self.gumballs = gumballs
      self.winner = winner
      self.seed = seed
    }
  }

  /// How the gumball machine decides whether a crank turn wins two gumballs.
  public enum WinnerPolicy: String, CaseIterable, Hashable, Sendable {
    /// Never a winner.
    case never
    /// Always a winner (when more than one gumball is left).
    case always
    /// A winner one time in ten, from the seeded generator.
    case random
  }

  /// One line per style: how each builds a machine with the configuration's
  /// gumballs, winner policy and seed.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): {
      try NestedSwitch(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed)
    },
    .style(.enum): { try Enum(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed) },
    .statePatternTypes: {
      try StatePatternTypes(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed)
    },
    .style(.statePattern): {
      try StatePattern(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed)
    },
    .style(.stateClasses): {
      try StateClasses(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed)
    },
    .sharedStateClasses: {
      try StateClasses(
        gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed, sharingStateObjects: true)
    },
    .style(.table): { try Table(gumballs: $0.gumballs, winner: $0.winner, seed: $0.seed) },
  ]

  /// Every event, with a refill that keeps the machine going, a refill of
  /// zero and one too large to count.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [
      .insertQuarter, .ejectQuarter, .turnCrank, .refill(count: 3), .refill(count: 0),
      .refill(count: .max),
    ]
  }

  /// A few gumballs under each winner policy, and an empty machine: between
  /// them they take every transition within a few events, even for a search
  /// that cannot see the count (the last gumball is the first one sold when
  /// there is only one). The random one comes last because every draw makes
  /// its states new.
  public static let sampleConfigurations = [
    Configuration(gumballs: 1, winner: .never),
    Configuration(gumballs: 2, winner: .never),
    Configuration(gumballs: 3, winner: .always),
    Configuration(gumballs: 2, winner: .always),
    Configuration(gumballs: 0, winner: .never),
    Configuration(gumballs: 5, winner: .random, seed: 7),
  ]

  /// A gumball bought, a quarter returned, a winner, and the last gumball.
  public static let workedExamples = [
    WorkedExample<Self>(
      "a quarter buys a gumball", [.insertQuarter, .turnCrank],
      configuration: Configuration(winner: .never)),
    WorkedExample<Self>(
      "the crank does nothing without a quarter; a quarter can be taken back",
      [.turnCrank, .insertQuarter, .insertQuarter, .ejectQuarter, .ejectQuarter]),
    WorkedExample<Self>(
      "a winner gets two gumballs", [.insertQuarter, .turnCrank],
      configuration: Configuration(winner: .always)),
    WorkedExample<Self>(
      "the last gumball sells the machine out until a refill",
      [.insertQuarter, .turnCrank, .insertQuarter, .turnCrank, .refill(count: 5), .insertQuarter],
      configuration: Configuration(gumballs: 1)),
  ]
}

/// A gumball machine in any style: what all its implementations share.
///
/// Only a refill can be bad input, so only `refill(_:)` throws.
public protocol GumballDispenser: StateMachine
where
  State == GumballMachine.State, Event == GumballMachine.Event,
  Output == GumballMachine.Output, Failure == Rejection
{
  /// The gumballs left in the machine.
  var gumballs: Int { get }
}

extension GumballDispenser {
  /// Inserts a quarter and returns the outputs.
  @discardableResult
  public mutating func insertQuarter() -> [Output] { outputs(ofAccepted: .insertQuarter) }

  /// Asks for the quarter back and returns the outputs.
  @discardableResult
  public mutating func ejectQuarter() -> [Output] { outputs(ofAccepted: .ejectQuarter) }

  /// Turns the crank and returns the outputs, dispensing included.
  @discardableResult
  public mutating func turnCrank() -> [Output] { outputs(ofAccepted: .turnCrank) }

  /// Adds `count` gumballs and returns the outputs.
  ///
  /// - Throws: `Rejection` for a count of zero or less, or one too large to
  ///   count; the machine is then unchanged.
  @discardableResult
  public mutating func refill(_ count: Int) throws(Rejection) -> [Output] {
    try outputs(of: .refill(count: count))
  }
}

extension GumballMachine {
  /// Decides whether a crank turn wins a second gumball: the guard
  /// [winner drawn and count > 1] of `turnCrank`, shared by every style.
  ///
  /// It holds the policy and its own seeded generator, and draws only when
  /// the crank turns with a quarter in and more than one gumball left, so
  /// every style consumes the same random numbers and seeded runs agree.
  public struct WinnerDraw: Hashable, Sendable {
    /// Never, always, or one time in ten.
    public let policy: WinnerPolicy

    /// The source of the one-in-ten draws.
    private var generator: SeededGenerator

    /// Creates a draw with `policy`, seeding its generator with `seed`.
    public init(policy: WinnerPolicy, seed: UInt64) {
      self.policy = policy
      generator = SeededGenerator(seed: seed)
    }

    /// Draws for the crank just turned with `gumballs` left: `never` and
    /// `always` use no randomness, and with one gumball left there is no
    /// draw at all.
    @discardableResult
    public mutating func draw(gumballs: Int) -> Bool {
      guard gumballs > 1 else { return false }
      switch policy {
      case .never: return false
      case .always: return true
      // Our own arithmetic rather than `Int.random(in:using:)`, whose
      // algorithm may change between toolchains: seeded traces quoted in the
      // lessons must not. (The bias of 2^64 mod 10 is negligible.)
      case .random: return generator.next() % 10 == 0
      }
    }

    /// Whether the crank just turned with `gumballs` left wins, without
    /// using the draw up: what a guard, which must change nothing, may ask.
    /// The next `draw(gumballs:)` gives the same answer.
    public func wouldWin(gumballs: Int) -> Bool {
      var draw = self
      return draw.draw(gumballs: gumballs)
    }
  }

  /// Checks the number of gumballs a machine is created with.
  ///
  /// - Throws: `Rejection` when it is negative.
  public static func checkStartingCount(_ gumballs: Int) throws(Rejection) {
    guard gumballs >= 0 else {
      throw Rejection("a gumball machine cannot start with \(gumballs) gumballs: give 0 or more")
    }
  }

  /// The count after adding `count` gumballs to `gumballs`: the guard
  /// [count > 0] of `refill`, shared by every style.
  ///
  /// - Throws: `Rejection` for a count of zero or less, or one that would
  ///   overflow the machine's count.
  public static func refilled(_ gumballs: Int, adding count: Int) throws(Rejection) -> Int {
    guard count > 0 else {
      throw Rejection("a refill must add at least one gumball: give a count of 1 or more")
    }
    let (total, overflow) = gumballs.addingReportingOverflow(count)
    guard !overflow else {
      throw Rejection("a refill that large would overflow the machine's count of gumballs")
    }
    return total
  }
}
