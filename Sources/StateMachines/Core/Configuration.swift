/// How a machine is set up when it is created: the options of `fsm run`.
///
/// Each machine reads the settings that concern it and ignores the others.
public struct Configuration: Hashable, Sendable {
  /// The security system's secret code (`--code`).
  public var code: String

  /// The gumballs in the machine at the start (`--gumballs`).
  public var gumballs: Int

  /// How the gumball machine draws a winner (`--winner`).
  public var winner: WinnerPolicy

  /// The seed of the gumball machine's random draws (`--seed`).
  public var seed: UInt64

  /// Whether the record was loaded from the database (`--loaded`) rather than
  /// created in memory.
  public var loaded: Bool

  /// Creates a configuration; every setting has the CLI's default.
  public init(
    code: String = "1234", gumballs: Int = 5, winner: WinnerPolicy = .random, seed: UInt64 = 0,
    loaded: Bool = false
  ) {
    self.code = code
    self.gumballs = gumballs
    self.winner = winner
    self.seed = seed
    self.loaded = loaded
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
