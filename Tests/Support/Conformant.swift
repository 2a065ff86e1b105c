import StateMachines

/// A machine whose behaviour the conformance checks verify: its scenarios.
///
/// A machine (or a revision of one) conforms in its test target and lists
/// itself there; the checks themselves are written once, here.
public protocol Conformant: Machine {
  /// The scenarios of the specification for this machine.
  static var scenarios: [Scenario<Self>] { get }
}
