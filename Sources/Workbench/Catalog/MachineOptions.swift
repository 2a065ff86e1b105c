import ArgumentParser
import StateMachines

/// The options that set a machine up (`--code`, `--gumballs`, ...), shared by
/// `run`, `shell` and `diagram`.
///
/// Every command takes every option; each machine's configuration reads the
/// ones that concern it (`CommandLineConfigurable`), and `check(for:)`
/// refuses the others, which would otherwise be ignored without a word.
public struct MachineOptions: ParsableArguments {
  // Optional, so that an option given with its default value still counts
  // as given; the defaults are the configurations' own.
  // `.unconditional` so that `--code -1234` reaches the machine, which says
  // that a code is digits, instead of reading `-1234` as an option.
  @Option(
    parsing: .unconditional,
    help: "The security system's secret code: digits. (default: \(defaults.code))")
  var code: String?

  // `.unconditional` so that `--gumballs -1` reaches the machine, which
  // explains why it refuses it, instead of reading `-1` as an option.
  @Option(
    parsing: .unconditional,
    help: "The gumballs in the machine at the start. (default: \(gumballDefaults.gumballs))",
    transform: { try wholeNumber($0, from: 0, to: Int.max) })
  var gumballs: Int?

  @Option(help: "How the gumball machine draws a winner. (default: \(gumballDefaults.winner))")
  var winner: GumballMachine.WinnerPolicy?

  // `.unconditional` for the same reason: `--seed -3` is a bad seed, not a
  // missing one.
  @Option(
    parsing: .unconditional,
    help: "The seed of the gumball machine's random draws. (default: \(gumballDefaults.seed))",
    transform: { try wholeNumber($0, from: 0, to: UInt64.max) })
  var seed: UInt64?

  @Flag(help: "Start the record as loaded from the database rather than new.")
  var loaded = false

  /// Options with every default.
  public init() {}

  /// The configuration these options give machine `M`.
  func configuration<M: CatalogMachine>(for _: M.Type) -> M.Configuration {
    M.Configuration(self)
  }

  /// The options given on the command line, in the order of the help.
  var given: [String] {
    let options = [
      ("--code", code != nil), ("--gumballs", gumballs != nil), ("--winner", winner != nil),
      ("--seed", seed != nil), ("--loaded", loaded),
    ]
    return options.filter(\.1).map(\.0)
  }

  /// A usage error when an option is given that `M`'s configuration does not
  /// read, as `--code` for the turnstile, naming the machines it goes with.
  func check<M: CatalogMachine>(for _: M.Type) throws(ValidationError) {
    let foreign = given.filter { !M.Configuration.optionNames.contains($0) }
    guard !foreign.isEmpty else { return }
    let owners = foreign.map { option in
      "\(option) goes with \(Machines.reading(option).joinedAsChoices)"
    }
    let own = M.Configuration.optionNames
    let takes =
      own.isEmpty
      ? "\(M.id) takes no machine options"
      : "\(M.id) takes only \(own.joinedAsList(conjunction: "and"))"
    throw ValidationError(owners.joined(separator: ", ") + "; " + takes)
  }

}

/// `text` as a whole number, or a usage error that names the valid range.
///
/// Only the syntax is checked here: a number out of the range (`--gumballs
/// -1`) reaches the machine, which explains why it refuses it.
private func wholeNumber<T: FixedWidthInteger>(
  _ text: String, from lowest: T, to highest: T
) throws(ValidationError) -> T {
  guard let number = T(text) else {
    throw ValidationError("give a whole number from \(lowest) to \(highest)")
  }
  return number
}

/// The security system's defaults, for the help.
private let defaults = SecuritySystem.Configuration()

/// The gumball machine's defaults, for the help.
private let gumballDefaults = GumballMachine.Configuration()

/// A machine's configuration, as the command-line options set it up.
public protocol CommandLineConfigurable: MachineConfiguration {
  /// The options this configuration reads, as in `--code`; any other
  /// machine option is refused for this machine.
  static var optionNames: [String] { get }

  /// The configuration the options give.
  init(_ options: MachineOptions)

  /// The options that set this configuration up on the command line: only
  /// those that differ from the defaults, as the tour shows them.
  var commandLineOptions: [String] { get }
}

extension Machines {
  /// The ids of the machines whose configuration reads `option`.
  fileprivate static func reading(_ option: String) -> [String] {
    all.filter { $0.optionNames.contains(option) }.map { $0.id }
  }
}

extension CatalogMachine {
  /// The options the machine's configuration reads.
  fileprivate static var optionNames: [String] { Configuration.optionNames }
}

extension NoConfiguration: CommandLineConfigurable {
  /// None.
  public static var optionNames: [String] { [] }

  /// Nothing to set.
  public init(_ options: MachineOptions) { self.init() }

  /// No options.
  public var commandLineOptions: [String] { [] }
}

extension SecuritySystem.Configuration: CommandLineConfigurable {
  /// `--code`.
  public static var optionNames: [String] { ["--code"] }

  /// `--code`.
  public init(_ options: MachineOptions) { self.init(code: options.code ?? Self().code) }

  /// `--code`, unless it is the default.
  public var commandLineOptions: [String] { code == Self().code ? [] : ["--code", code] }
}

extension GumballMachine.Configuration: CommandLineConfigurable {
  /// `--gumballs`, `--winner` and `--seed`.
  public static var optionNames: [String] { ["--gumballs", "--winner", "--seed"] }

  /// `--gumballs`, `--winner` and `--seed`.
  public init(_ options: MachineOptions) {
    let defaults = Self()
    self.init(
      gumballs: options.gumballs ?? defaults.gumballs, winner: options.winner ?? defaults.winner,
      seed: options.seed ?? defaults.seed)
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
  public static var optionNames: [String] { ["--loaded"] }

  /// `--loaded`.
  public init(_ options: MachineOptions) { self.init(loaded: options.loaded) }

  /// `--loaded`, if set.
  public var commandLineOptions: [String] { loaded ? ["--loaded"] : [] }
}
