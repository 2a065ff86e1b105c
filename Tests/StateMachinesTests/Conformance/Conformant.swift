import StateMachines

/// A machine whose behaviour the conformance suite checks: its scenarios.
///
/// Adding a machine to the suite means conforming it here and listing it in
/// `Conformance.machines`; the checks themselves are written once.
protocol Conformant: Machine {
  /// The scenarios of MACHINES.md for this machine.
  static var scenarios: [Scenario<Self>] { get }
}

/// The machines under test.
enum Conformance {
  static let machines: [any Conformant.Type] = [
    SecuritySystem.self,
    Turnstile.self,
    GumballMachine.self,
  ]
}
