import ConformanceSupport
import StateMachines

extension Turnstile: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<Turnstile>] = [
    Scenario(
      "a fare paid, then used",
      [
        .fires(.coin, to: .unlocked, .unlock),
        .fires(.pass, to: .locked, .lock),
      ]),
    Scenario(
      "pushing through a locked arm sounds the alarm and stays locked",
      [
        .fires(.pass, to: .locked, .alarm),
        .fires(.pass, to: .locked, .alarm),
        .fires(.coin, to: .unlocked, .unlock),
      ]),
    Scenario(
      "a second coin is thanked for and keeps it unlocked",
      [
        .fires(.coin, to: .unlocked, .unlock),
        .fires(.coin, to: .unlocked, .thankYou),
        .fires(.pass, to: .locked, .lock),
      ]),
  ]
}
