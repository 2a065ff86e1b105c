import ConformanceSupport
import StateMachines
import Testing

/// Revisions 1 to 4 of the security system, each in every implementation:
/// the conformance checks the final machine passes (scenarios, agreement
/// with their own description, coverage of it), and the change each
/// revision made, seen side by side with the final machine.
@Suite("Revisions")
struct RevisionsSuite {
  /// The implementations the revisions are written in: the five styles and
  /// the shared state classes. (The State pattern with states as types came
  /// later, for the benchmarks; lesson 6's snapshots predate it.)
  static let implementations = Implementation.all.filter { implementation in
    implementation != .statePatternTypes
      && Revisions.all.allSatisfy { $0.allImplementations.contains(implementation) }
  }

  @Test("scenario", arguments: RevisionScenario.all, Self.implementations)
  func scenario(_ scenario: RevisionScenario, style: Implementation) {
    for failure in scenario.failures(style) {
      Issue.record("\(failure)")
    }
  }

  @Test(
    "from every reachable state, every event: styles agree and follow the description",
    arguments: RevisionCase.all)
  func everyStateEveryEvent(_ revision: RevisionCase) {
    for failure in revision.exhaustiveFailures() {
      Issue.record("\(failure)")
    }
  }

  @Test("1,000 seeded random runs give the same trace in every style", arguments: RevisionCase.all)
  func randomRunsAgree(_ revision: RevisionCase) {
    for failure in revision.randomRunFailures(runs: 1_000) {
      Issue.record("\(failure)")
    }
  }

  @Test(
    "the scenarios take every described transition, and nothing else",
    arguments: RevisionCase.all, Self.implementations)
  func scenariosCoverTheDescription(_ revision: RevisionCase, style: Implementation) {
    for failure in revision.coverageFailures(style) {
      Issue.record("\(failure)")
    }
  }

  @Test("the revisions are numbered 1 to 5 and keep the machine's public ids")
  func numbering() {
    #expect(Revisions.all.map { $0.number } == Array(1...5))
    #expect(Set(Revisions.all.map { $0.id }) == [SecuritySystem.id])
  }

  // The changes, one revision after another: the same events in every
  // revision, in every style.

  @Test(
    "change 1→2: panic while disarmed, ignored at first, then the alarm",
    arguments: Revisions.styles())
  func panicWhileDisarmed(_ style: Style) throws {
    #expect(
      try Revisions.history(["panic"], in: style) == [
        1: ["disarmed: panic ignored"],
        2: ["disarmed --panic--> alarm: alarmSounded"],
        3: ["disarmed --panic--> alarm: alarmSounded"],
        4: ["disarmed --panic--> alarm: alarmSounded"],
        5: ["disarmed --panic--> silentAlarm: policeInformed"],
      ])
  }

  @Test(
    "change 2→3 and 3→4: the fourth wrong code alarms, then informs the administrator",
    arguments: Revisions.styles())
  func fourthWrongCode(_ style: Style) throws {
    let events = ["arm", "disarm:0000", "disarm:1111", "disarm:2222", "disarm:3333"]
    let history = try Revisions.history(events, in: style)
    // Without a counter a wrong code changes nothing; with one, it is counted.
    let rejected = "armed: disarm ignored: invalidCode"
    let counted = "armed --disarm--> armed: invalidCode"
    #expect(history[1]?.last == rejected)
    #expect(history[2]?.last == rejected)
    #expect(history[3]?.last == "armed --disarm--> alarm: invalidCode, alarmSounded")
    #expect(
      history[4]?.last
        == "armed --disarm--> alarm: invalidCode, administratorInformed, alarmSounded")
    #expect(history[5] == history[4])
    for (revision, steps) in history {
      let wrongCode = revision < 3 ? rejected : counted
      #expect(steps.dropLast().dropFirst().allSatisfy { $0 == wrongCode })
    }
  }

  @Test(
    "change 3→4: the administrator is informed by that transition only, not by a breach",
    arguments: Revisions.styles())
  func breachDoesNotInformTheAdministrator(_ style: Style) throws {
    let history = try Revisions.history(["arm", "disarm:0000", "breach"], in: style)
    for revision in 1...5 {
      #expect(history[revision]?.last == "armed --breach--> alarm: alarmSounded")
    }
  }

  @Test("change 4→5: only the final revision has a silent alarm")
  func silentAlarmIsNew() {
    for revision in Revisions.securitySystem {
      #expect(revision.stateIDs == ["disarmed", "armed", "alarm"])
    }
    #expect(SecuritySystem.stateIDs == ["disarmed", "armed", "alarm", "silentAlarm"])
  }
}

/// One scenario of one revision, as a test argument.
struct RevisionScenario: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let failures: @Sendable (Implementation) -> [String]

  static let all: [RevisionScenario] = Revisions.underTest.flatMap { cases(of: $0) }

  private static func cases<M: RevisionUnderTest>(of _: M.Type) -> [RevisionScenario] {
    M.scenarios.map { scenario in
      RevisionScenario(testDescription: "\(M.id) revision \(M.number): \(scenario.name)") { style in
        scenario.run(in: style).failures
      }
    }
  }
}

/// One revision, as a test argument.
struct RevisionCase: Sendable, CustomTestStringConvertible {
  let revision: any RevisionUnderTest.Type

  var testDescription: String { "\(revision.id) revision \(revision.number)" }

  static let all = Revisions.underTest.map(RevisionCase.init)

  func exhaustiveFailures() -> [String] { exhaustive(revision) }
  func randomRunFailures(runs: Int) -> [String] { randomRuns(revision, runs) }
  func coverageFailures(_ style: Implementation) -> [String] { coverage(revision, style) }

  // Each opens the existential so that `Checks` sees the concrete revision.
  private func exhaustive<M: RevisionUnderTest>(_: M.Type) -> [String] { Checks<M>.exhaustive() }
  private func randomRuns<M: RevisionUnderTest>(_: M.Type, _ runs: Int) -> [String] {
    Checks<M>.randomRuns(runs)
  }
  private func coverage<M: RevisionUnderTest>(_: M.Type, _ style: Implementation) -> [String] {
    Checks<M>.coverage(style)
  }
}
