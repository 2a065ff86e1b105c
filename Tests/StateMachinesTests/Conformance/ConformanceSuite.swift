import ConformanceSupport
import StateMachines
import Testing
import Workbench

/// The conformance suite: written once, run against every machine in every
/// style.
@Suite("Conformance")
struct ConformanceSuite {
  @Test("every machine of the catalog is under test: it conforms to Conformant")
  func everyMachineIsUnderTest() {
    let tested = Set(Conformance.machines.map { $0.id })
    for id in Machines.ids where !tested.contains(id) {
      let fix = "add `extension ...: Conformant` in Tests/StateMachinesTests/Scenarios"
      Issue.record(
        "\(id) is in the catalog (Sources/Workbench/Catalog/Machines.swift) but has no scenarios: \(fix)"
      )
    }
    #expect(Conformance.machines.map { $0.id } == Machines.ids)
  }

  @Test("scenario", arguments: ScenarioCase.all)
  func scenario(_ scenario: ScenarioCase) {
    for failure in scenario.failures() {
      Issue.record("\(failure)")
    }
  }

  @Test(
    "from every reachable state, every event: styles agree and follow the description",
    arguments: MachineCase.all)
  func everyStateEveryEvent(_ machine: MachineCase) {
    for failure in machine.exhaustiveFailures() {
      Issue.record("\(failure)")
    }
  }

  @Test("10,000 seeded random runs give the same trace in every style", arguments: MachineCase.all)
  func randomRunsAgree(_ machine: MachineCase) {
    for failure in machine.randomRunFailures(runs: 10_000) {
      Issue.record("\(failure)")
    }
  }

  @Test(
    "every guard is written: none is still the stand-in `fsm new` wrote",
    arguments: MachineCase.all)
  func guardsAreWritten(_ machine: MachineCase) {
    for unwritten in machine.unwrittenGuards() {
      Issue.record("\(unwritten): write it, as docs/new-machine.md says")
    }
  }

  @Test("the scenarios take every described transition, and nothing else", arguments: StyleCase.all)
  func scenariosCoverTheDescription(_ machine: StyleCase) {
    for failure in machine.coverageFailures() {
      Issue.record("\(failure)")
    }
  }
}

/// One scenario of one machine in one of its implementations, as a test
/// argument.
struct ScenarioCase: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let failures: @Sendable () -> [String]

  static let all: [ScenarioCase] = Conformance.machines.flatMap { cases(of: $0) }

  private static func cases<M: Conformant>(of machine: M.Type) -> [ScenarioCase] {
    M.scenarios.flatMap { scenario in
      M.implementations.map { style in
        ScenarioCase(testDescription: "\(M.id): \(scenario.name), \(style)") {
          scenario.run(in: style).failures
        }
      }
    }
  }
}

/// One machine in one of its implementations, as a test argument.
struct StyleCase: Sendable, CustomTestStringConvertible {
  let machine: any Conformant.Type
  let style: Implementation

  var testDescription: String { "\(machine.id), \(style)" }

  static let all = Conformance.machines.flatMap { machine in
    machine.allImplementations.map { StyleCase(machine: machine, style: $0) }
  }

  func coverageFailures() -> [String] { coverage(machine) }

  // Opens the existential so that `Checks` sees the concrete machine.
  private func coverage<M: Conformant>(_: M.Type) -> [String] { Checks<M>.coverage(style) }
}

/// One machine, as a test argument.
struct MachineCase: Sendable, CustomTestStringConvertible {
  let machine: any Conformant.Type

  var testDescription: String { machine.id }

  static let all = Conformance.machines.map(MachineCase.init)

  func exhaustiveFailures() -> [String] { exhaustive(machine) }
  func randomRunFailures(runs: Int) -> [String] { randomRuns(machine, runs) }

  /// The guards of the machine still unwritten that its scenarios, or its
  /// sample events from every reachable state, ask, in any style.
  func unwrittenGuards() -> [UnwrittenGuard] { unwritten(machine) }

  // Each opens the existential so that `Checks` sees the concrete machine.
  private func unwritten<M: Conformant>(_: M.Type) -> [UnwrittenGuard] {
    for style in M.implementations {
      for scenario in M.scenarios { _ = scenario.run(in: style) }
    }
    for path in Exploration<M>(.table).paths {
      for event in M.sampleEvents(for: path.configuration) {
        guard var machine = path.replay(in: Implementation(.table)) else { continue }
        _ = machine.step(event)
      }
    }
    return UnwrittenGuard.called.filter { $0.machine == M.id }.sorted { $0.place < $1.place }
  }

  private func exhaustive<M: Conformant>(_: M.Type) -> [String] { Checks<M>.exhaustive() }
  private func randomRuns<M: Conformant>(_: M.Type, _ runs: Int) -> [String] {
    Checks<M>.randomRuns(runs)
  }
}

extension Implementation: CustomTestStringConvertible {
  /// The style's public id, so test results read `nested-switch`.
  public var testDescription: String { description }
}
