import ArgumentParser
import StateMachines

/// The options that set a machine up (`--code`, `--gumballs`, ...), shared by
/// `run` and `shell`.
///
/// Every machine takes every option and reads only those that concern it, so
/// a new machine needs nothing here unless it brings a new kind of setting.
struct MachineOptions: ParsableArguments {
  @Option(help: "The security system's secret code.")
  var code = Configuration().code

  // `.unconditional` so that `--gumballs -1` reaches the machine, which
  // explains why it refuses it, instead of reading `-1` as an option.
  @Option(parsing: .unconditional, help: "The gumballs in the machine at the start.")
  var gumballs = Configuration().gumballs

  @Option(help: "How the gumball machine draws a winner.")
  var winner = Configuration().winner

  // `.unconditional` for the same reason: `--seed -3` is a bad seed, not a
  // missing one.
  @Option(parsing: .unconditional, help: "The seed of the gumball machine's random draws.")
  var seed = Configuration().seed

  @Flag(help: "Start the record as loaded from the database rather than new.")
  var loaded = false

  /// The options as the machines take them.
  var configuration: Configuration {
    Configuration(code: code, gumballs: gumballs, winner: winner, seed: seed, loaded: loaded)
  }
}

extension Configuration {
  /// The options that set this configuration up on the command line: only
  /// those that differ from the defaults, as the tour shows them.
  var commandLineOptions: [String] {
    let defaults = Configuration()
    var options: [String] = []
    if code != defaults.code { options += ["--code", code] }
    if gumballs != defaults.gumballs { options.append("--gumballs=\(gumballs)") }
    if winner != defaults.winner { options += ["--winner", winner.rawValue] }
    if seed != defaults.seed { options += ["--seed", String(seed)] }
    if loaded != defaults.loaded { options.append("--loaded") }
    return options
  }
}
