import ConformanceSupport
import StateMachines
import Workbench

/// The machines under test: every machine of the catalog, each of which
/// conforms to `Conformant` with its scenarios in `Scenarios/`. A machine
/// added to the catalog without its scenarios is named by the test
/// `everyMachineIsUnderTest`.
enum Conformance {
  static let machines: [any Conformant.Type] = Machines.all.compactMap {
    $0 as? any Conformant.Type
  }
}
