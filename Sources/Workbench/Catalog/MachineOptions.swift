import ArgumentParser
import StateMachines

/// The options that set a machine up (`--code`, `--gumballs`, ...), shared by
/// `run`, `shell` and `diagram`.
///
/// Every command takes every option; each machine's configuration reads the
/// ones that concern it (`CommandLineConfigurable`).
public struct MachineOptions: ParsableArguments {
  @Option(help: "The security system's secret code.")
  var code = SecuritySystem.Configuration().code

  // `.unconditional` so that `--gumballs -1` reaches the machine, which
  // explains why it refuses it, instead of reading `-1` as an option.
  // A `transform` names the valid range (`WholeNumber`), but hides the
  // default from help, so the help says it.
  @Option(
    parsing: .unconditional,
    help:
      "The gumballs in the machine at the start. (default: \(GumballMachine.Configuration().gumballs))",
    transform: { try WholeNumber.parse($0, expected: "a number of gumballs from 0 to \(Int.max)") })
  var gumballs = GumballMachine.Configuration().gumballs

  @Option(help: "How the gumball machine draws a winner.")
  var winner = GumballMachine.Configuration().winner

  // `.unconditional` for the same reason: `--seed -3` is a bad seed, not a
  // missing one.
  @Option(
    parsing: .unconditional,
    help:
      "The seed of the gumball machine's random draws. (default: \(GumballMachine.Configuration().seed))",
    transform: { try WholeNumber.parse($0, expected: "a seed from 0 to \(UInt64.max)") })
  var seed = GumballMachine.Configuration().seed

  @Flag(help: "Start the record as loaded from the database rather than new.")
  var loaded = false

  /// Options with every default.
  public init() {}

  /// The configuration these options give machine `M`.
  func configuration<M: CatalogMachine>(for _: M.Type) -> M.Configuration {
    M.Configuration(self)
  }
}

/// A machine's configuration, as the command-line options set it up.
public protocol CommandLineConfigurable: MachineConfiguration {
  /// The configuration the options give.
  init(_ options: MachineOptions)

  /// The options that set this configuration up on the command line: only
  /// those that differ from the defaults, as the tour shows them.
  var commandLineOptions: [String] { get }
}

extension NoConfiguration: CommandLineConfigurable {
  /// Nothing to set.
  public init(_ options: MachineOptions) { self.init() }

  /// No options.
  public var commandLineOptions: [String] { [] }
}

extension SecuritySystem.Configuration: CommandLineConfigurable {
  /// `--code`.
  public init(_ options: MachineOptions) { self.init(code: options.code) }

  /// `--code`, unless it is the default.
  public var commandLineOptions: [String] { code == Self().code ? [] : ["--code", code] }
}

extension GumballMachine.Configuration: CommandLineConfigurable {
  /// `--gumballs`, `--winner` and `--seed`.
  public init(_ options: MachineOptions) {
    self.init(gumballs: options.gumballs, winner: options.winner, seed: options.seed)
  }

  /// The options that differ from the defaults.
  public var commandLineOptions: [String] {
    let defaults = Self()
    var options: [String] = []
    if gumballs != defaults.gumballs { options.append("--gumballs=\(gumballs)") }
    if winner != defaults.winner { options += ["--winner", winner.rawValue] }
    if seed != defaults.seed { options += ["--seed", String(seed)] }
    return options
  }
}

extension RecordCommit.Configuration: CommandLineConfigurable {
  /// `--loaded`.
  public init(_ options: MachineOptions) { self.init(loaded: options.loaded) }

  /// `--loaded`, if set.
  public var commandLineOptions: [String] { loaded ? ["--loaded"] : [] }
}
