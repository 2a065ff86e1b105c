import ConformanceSupport
import StateMachines

extension TicketWorkflow: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> {
    DrawnRows(transitions: Table.transitions, activities: [:], hierarchy: .flat)
  }

  /// The scenarios of the specification: the worked examples, then every
  /// cell of the table of allowed next states, row by row, each allowed move
  /// taken and each other move refused.
  public static let scenarios: [Scenario<TicketWorkflow>] = [
    // The worked examples.
    Scenario(
      "worked example: worked on, resolved, closed, reopened, worked on, sent back to open",
      [
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.closed), to: .closed),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.open), to: .open),
      ]),
    Scenario(
      "worked example: the sources' three rules",
      [
        .rejects(.moveTo(.reopened)),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .rejects(.moveTo(.closed)),
        .fires(.moveTo(.resolved), to: .resolved),
        .rejects(.moveTo(.inProgress)),
        .fires(.moveTo(.reopened), to: .reopened),
      ]),
    Scenario(
      "worked example: moves to the current state, and the only way out of closed",
      [
        .rejects(.moveTo(.open)),
        .fires(.moveTo(.closed), to: .closed),
        .rejects(.moveTo(.closed)),
        .rejects(.moveTo(.resolved)),
        .rejects(.moveTo(.inProgress)),
        .fires(.moveTo(.reopened), to: .reopened),
        .rejects(.moveTo(.reopened)),
        .fires(.moveTo(.resolved), to: .resolved),
      ]),

    // The table, row by row: every target from every state.
    Scenario(
      "open: inProgress, resolved and closed are allowed; open and reopened are refused",
      [
        .rejects(.moveTo(.open)),
        .rejects(.moveTo(.reopened)),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.open), to: .open),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.open), to: .open),
        .fires(.moveTo(.closed), to: .closed),
      ]),
    Scenario(
      "reopened: inProgress, resolved and closed are allowed; open and reopened are refused",
      [
        .fires(.moveTo(.closed), to: .closed),
        .fires(.moveTo(.reopened), to: .reopened),
        .rejects(.moveTo(.open)),
        .rejects(.moveTo(.reopened)),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.closed), to: .closed),
      ]),
    Scenario(
      "inProgress: open and resolved are allowed; reopened, inProgress and closed are refused",
      [
        .fires(.moveTo(.inProgress), to: .inProgress),
        .rejects(.moveTo(.reopened)),
        .rejects(.moveTo(.inProgress)),
        .rejects(.moveTo(.closed)),
        .fires(.moveTo(.open), to: .open),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.resolved), to: .resolved),
      ]),
    Scenario(
      "resolved: reopened and closed are allowed; open, inProgress and resolved are refused",
      [
        .fires(.moveTo(.resolved), to: .resolved),
        .rejects(.moveTo(.open)),
        .rejects(.moveTo(.inProgress)),
        .rejects(.moveTo(.resolved)),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.closed), to: .closed),
      ]),
    Scenario(
      "closed: only reopened is allowed; there is no final state",
      [
        .fires(.moveTo(.closed), to: .closed),
        .rejects(.moveTo(.open)),
        .rejects(.moveTo(.inProgress)),
        .rejects(.moveTo(.resolved)),
        .rejects(.moveTo(.closed)),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.closed), to: .closed),
        .fires(.moveTo(.reopened), to: .reopened),
      ]),

    // Edge cases the specification names.
    Scenario(
      "a refused move changes nothing: the same move is refused again, the allowed one still fires",
      [
        .fires(.moveTo(.inProgress), to: .inProgress),
        .rejects(.moveTo(.closed)),
        .rejects(.moveTo(.closed)),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.closed), to: .closed),
      ]),
    Scenario(
      "Jira's In Progress -> Closed is not in the sources' table",
      [
        .fires(.moveTo(.inProgress), to: .inProgress),
        .rejects(.moveTo(.closed)),
      ]),
    Scenario(
      "a reopened ticket goes round again, as often as it likes",
      [
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.inProgress), to: .inProgress),
        .fires(.moveTo(.resolved), to: .resolved),
        .fires(.moveTo(.closed), to: .closed),
        .fires(.moveTo(.reopened), to: .reopened),
        .fires(.moveTo(.closed), to: .closed),
      ]),
  ]
}
