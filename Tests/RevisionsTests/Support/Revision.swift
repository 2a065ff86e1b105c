import ConformanceSupport
import GameCharacterR1
import GameCharacterR2
import SecuritySystemR1
import SecuritySystemR2
import SecuritySystemR3
import SecuritySystemR4
import StateMachines

/// One revision of a machine that grew (docs/machines/security-system.md and
/// game-character.md, "How this machine grew"): the security system's
/// revisions 1 to 4 are the modules `SecuritySystemR1` to `SecuritySystemR4`
/// and the game character's 1 and 2 are `GameCharacterR1` and
/// `GameCharacterR2`; each final revision is the machine in `StateMachines`.
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
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension SecuritySystemR2.SecuritySystem: RevisionUnderTest {
  static var number: Int { 2 }
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension SecuritySystemR3.SecuritySystem: RevisionUnderTest {
  static var number: Int { 3 }
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension SecuritySystemR4.SecuritySystem: RevisionUnderTest {
  static var number: Int { 4 }
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension StateMachines.SecuritySystem: Revision {
  static var number: Int { 5 }
}

extension GameCharacterR1.GameCharacter: RevisionUnderTest {
  static var number: Int { 1 }
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension GameCharacterR2.GameCharacter: RevisionUnderTest {
  static var number: Int { 2 }
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }
}

extension StateMachines.GameCharacter: Revision {
  static var number: Int { 3 }
}

/// The revisions, in order.
enum Revisions {
  /// The security system's four earlier revisions.
  static let securitySystem: [any RevisionUnderTest.Type] = [
    SecuritySystemR1.SecuritySystem.self,
    SecuritySystemR2.SecuritySystem.self,
    SecuritySystemR3.SecuritySystem.self,
    SecuritySystemR4.SecuritySystem.self,
  ]

  /// The game character's two earlier revisions.
  static let gameCharacter: [any RevisionUnderTest.Type] = [
    GameCharacterR1.GameCharacter.self,
    GameCharacterR2.GameCharacter.self,
  ]

  /// The earlier revisions of both machines, which this target tests.
  static let underTest = securitySystem + gameCharacter

  /// All five of the security system, the final one last.
  static let all: [any Revision.Type] = securitySystem + [StateMachines.SecuritySystem.self]

  /// All three of the game character, the final one last.
  static let allOfTheGameCharacter: [any Revision.Type] =
    gameCharacter + [StateMachines.GameCharacter.self]

  /// The styles every one of `revisions` is written in: a style added to
  /// the final machine only is not one the revisions can be compared in.
  static func styles(of revisions: [any Revision.Type] = all) -> [Style] {
    Style.allCases.filter { style in revisions.allSatisfy { $0.styles.contains(style) } }
  }

  /// What each revision does with `events` (written as on the command line)
  /// in `style`: one line per step, as in `disarmed --panic--> alarm:
  /// alarmSounded` or `disarmed: panic ignored`.
  static func history(
    _ events: [String], in style: Style, of revisions: [any Revision.Type] = all
  ) throws -> [Int: [String]] {
    var history: [Int: [String]] = [:]
    for revision in revisions {
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
