import ConformanceSupport
import StateMachines
import Testing

extension GumballMachine: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The configuration with its winner draw seeded by `seed`.
  public static func reseeded(_ configuration: Configuration, _ seed: UInt64) -> Configuration {
    var configuration = configuration
    configuration.seed = seed
    return configuration
  }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<GumballMachine>] = [
    Scenario(
      "a quarter buys a gumball",
      configuration: Configuration(gumballs: 5, winner: .never),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
      ]),
    Scenario(
      "the quarter is returned, and there is nothing more to return",
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.ejectQuarter, to: .noQuarter, .quarterReturned),
        .fires(.ejectQuarter, to: .noQuarter, .noQuarterToEject),
      ]),
    Scenario(
      "the crank does nothing without a quarter",
      [
        .fires(.turnCrank, to: .noQuarter, .noQuarterInserted),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
      ]),
    Scenario(
      "a second quarter is refused",
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAlreadyInserted),
        .fires(.ejectQuarter, to: .noQuarter, .quarterReturned),
      ]),
    Scenario(
      "a winner gets two gumballs",
      configuration: Configuration(gumballs: 5, winner: .always),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .winner, to: .noQuarter,
          .crankTurned, .winnerBonus, .gumballReleased, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .winner, to: .noQuarter,
          .crankTurned, .winnerBonus, .gumballReleased, .gumballReleased),
      ]),
    Scenario(
      "a winner with exactly two left sells the machine out",
      configuration: Configuration(gumballs: 2, winner: .always),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .winner, to: .soldOut,
          .crankTurned, .winnerBonus, .gumballReleased, .gumballReleased, .outOfGumballs),
      ]),
    Scenario(
      "with one gumball left there is no winner, even when winners always win",
      configuration: Configuration(gumballs: 3, winner: .always),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .winner, to: .noQuarter,
          .crankTurned, .winnerBonus, .gumballReleased, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
      ]),
    Scenario(
      "the last gumball sells the machine out",
      configuration: Configuration(gumballs: 2, winner: .never),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
      ]),
    Scenario(
      "sold out: the quarter is refused, nothing to eject, no gumballs",
      configuration: Configuration(gumballs: 1, winner: .always),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
        .fires(.insertQuarter, to: .soldOut, .machineSoldOut),
        .fires(.ejectQuarter, to: .soldOut, .noQuarterToEject),
        .fires(.turnCrank, to: .soldOut, .noGumballs),
        .fires(.refill(count: 1), to: .noQuarter, .refilled),
      ]),
    Scenario(
      "created with no gumballs, sold out until a refill",
      configuration: Configuration(gumballs: 0, winner: .never),
      [
        .fires(.turnCrank, to: .soldOut, .noGumballs),
        .fires(.insertQuarter, to: .soldOut, .machineSoldOut),
        .fires(.refill(count: 2), to: .noQuarter, .refilled),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
      ]),
    Scenario(
      "a refill adds to the count in every state, staying unless sold out",
      configuration: Configuration(gumballs: 1, winner: .never),
      [
        .fires(.refill(count: 1), to: .noQuarter, .refilled),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.refill(count: 1), to: .hasQuarter, .refilled),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
        .fires(.refill(count: 1), to: .noQuarter, .refilled),
      ]),
    Scenario(
      "a refill of zero or less is rejected and changes nothing",
      configuration: Configuration(gumballs: 1, winner: .always),
      [
        .rejects(.refill(count: 0)),
        .rejects(.refill(count: -3)),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .rejects(.refill(count: 0)),
        .rejects(.refill(count: Int.min)),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
        .rejects(.refill(count: 0)),
        .rejects(.refill(count: -1)),
        .fires(.turnCrank, to: .soldOut, .noGumballs),
      ]),
    Scenario(
      "a refill too large to count is rejected and changes nothing",
      configuration: Configuration(gumballs: 1, winner: .never),
      [
        .rejects(.refill(count: .max)),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .rejects(.refill(count: .max)),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
        .fires(.refill(count: .max), to: .noQuarter, .refilled),
        .rejects(.refill(count: 1)),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.refill(count: 1), to: .noQuarter, .refilled),
      ]),
    Scenario(
      "seed 1 at random: two sales, then a winner; the last gumball draws nothing",
      configuration: Configuration(gumballs: 5, winner: .random, seed: 1),
      [
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(.turnCrank, via: .sold, to: .noQuarter, .crankTurned, .gumballReleased),
        .fires(.turnCrank, to: .noQuarter, .noQuarterInserted),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .winner, to: .noQuarter,
          .crankTurned, .winnerBonus, .gumballReleased, .gumballReleased),
        .fires(.insertQuarter, to: .hasQuarter, .quarterAccepted),
        .fires(
          .turnCrank, via: .sold, to: .soldOut, .crankTurned, .gumballReleased, .outOfGumballs),
      ]),
  ]
}

/// What the scenarios cannot say: how a gumball machine is created.
@Suite("Gumball machine")
struct GumballMachineCreation {
  @Test(
    "a negative number of gumballs is rejected with a clear message",
    arguments: GumballMachine.implementations)
  func negativeStartingCount(_ style: Implementation) {
    #expect(throws: Rejection("a gumball machine cannot start with -1 gumballs: give 0 or more")) {
      try GumballMachine.make(style, .init(gumballs: -1))
    }
  }

  @Test("the natural API counts the gumballs", arguments: GumballMachine.implementations)
  func naturalAPI(_ style: Implementation) throws {
    let made = try GumballMachine.make(style, .init(gumballs: 2, winner: .never))
    var machine = try #require(made as? any GumballDispenser)
    #expect(machine.insertQuarter() == [.quarterAccepted])
    #expect(machine.turnCrank() == [.crankTurned, .gumballReleased])
    #expect(machine.gumballs == 1)
    #expect(try machine.refill(4) == [.refilled])
    #expect(machine.gumballs == 5)
    #expect(throws: Rejection("a refill must add at least one gumball: give a count of 1 or more"))
    {
      try machine.refill(0)
    }
    #expect(machine.gumballs == 5)
    #expect(machine.ejectQuarter() == [.noQuarterToEject])
  }
}
