import StateMachines

/// A machine whose behaviour the conformance checks verify: its scenarios.
///
/// A machine (or a revision of one) conforms in its test target and lists
/// itself there; the checks themselves are written once, here.
public protocol Conformant: Machine {
  /// The scenarios of the specification for this machine.
  static var scenarios: [Scenario<Self>] { get }

  /// `configuration` with its randomness seeded by `seed`, so that random
  /// runs also vary the machine's own draws; unchanged by default.
  static func reseeded(_ configuration: Configuration, _ seed: UInt64) -> Configuration
}

extension Conformant {
  /// The configuration unchanged: the machine draws nothing at random.
  public static func reseeded(_ configuration: Configuration, _ seed: UInt64) -> Configuration {
    configuration
  }
}
