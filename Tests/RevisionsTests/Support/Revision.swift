import ConformanceSupport
import SecuritySystemR1
import SecuritySystemR2
import SecuritySystemR3
import SecuritySystemR4
import StateMachines

/// One revision of the security system (docs/machines/security-system.md, "How this machine
/// grew"): revisions 1 to 4 are the modules `SecuritySystemR1` to
/// `SecuritySystemR4`, revision 5 is the final machine in `StateMachines`.
protocol Revision: Machine {
  /// Which revision this is, from 1.
  static var number: Int { get }
}

extension Revision {
  /// The public ids of the revision's states, in declaration order.
  static var stateIDs: [String] { description.states.map(\.rawValue) }
}

/// A revision that this target checks with the shared conformance checks:
/// its scenarios are written from the change requests. The final revision is
/// checked by the conformance suite of `StateMachinesTests`.
protocol RevisionUnderTest: Revision, Conformant {}

extension SecuritySystemR1.SecuritySystem: RevisionUnderTest {
  static var number: Int { 1 }
}

extension SecuritySystemR2.SecuritySystem: RevisionUnderTest {
  static var number: Int { 2 }
}

extension SecuritySystemR3.SecuritySystem: RevisionUnderTest {
  static var number: Int { 3 }
}

extension SecuritySystemR4.SecuritySystem: RevisionUnderTest {
  static var number: Int { 4 }
}

extension StateMachines.SecuritySystem: Revision {
  static var number: Int { 5 }
}

/// The revisions, in order.
enum Revisions {
  /// The four earlier revisions, which this target tests.
  static let underTest: [any RevisionUnderTest.Type] = [
    SecuritySystemR1.SecuritySystem.self,
    SecuritySystemR2.SecuritySystem.self,
    SecuritySystemR3.SecuritySystem.self,
    SecuritySystemR4.SecuritySystem.self,
  ]

  /// All five, the final one last.
  static let all: [any Revision.Type] = underTest + [StateMachines.SecuritySystem.self]

  /// What each revision does with `events` (written as on the command line)
  /// in `style`: one line per step, as in `disarmed --panic--> alarm:
  /// alarmSounded` or `disarmed: panic ignored`.
  static func history(_ events: [String], in style: Style) throws -> [Int: [String]] {
    var history: [Int: [String]] = [:]
    for revision in all {
      history[revision.number] = try steps(of: revision, events, in: style)
    }
    return history
  }

  private static func steps<M: Revision>(
    of _: M.Type, _ events: [String], in style: Style
  ) throws -> [String] {
    var machine = try M.make(style)
    return try events.map { text in
      let step = machine.step(try M.Event.parse(text))
      let outputs = step.outputs.map(\.description).joined(separator: ", ")
      let move =
        step.fired
        ? "\(step.from) --\(step.event.name)--> \(step.to)"
        : "\(step.from): \(step.event.name) ignored"
      return outputs.isEmpty ? move : "\(move): \(outputs)"
    }
  }
}
