import ConformanceSupport
import StateMachines

extension Door: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The worked examples, one per row of the table, and what each state ignores.
  public static let scenarios: [Scenario<Door>] = [
    Scenario(
      "worked example: closed -- open / swing --> opened", [.fires(.open, to: .opened, .swing)]),
    Scenario(
      "worked example: opened -- close --> closed",
      [
        .fires(.open, to: .opened, .swing),
        .fires(.close, to: .closed),
      ]),
    Scenario(
      "worked example: closed -- lock(code) / bolt --> locked",
      [
        .fires(.lock(code: "1234"), to: .locked, .bolt, .lockLight)
      ]),
    Scenario(
      "worked example: locked -- unlock(code) [code matches] / unbolt --> closed",
      [
        .fires(.lock(code: "1234"), to: .locked, .bolt, .lockLight),
        .fires(.unlock(code: "1234"), to: .closed, .unbolt),
      ]),
    Scenario(
      "closed ignores close and unlock",
      [
        .ignores(.close),
        .ignores(.unlock(code: "1234")),
      ]),
    Scenario(
      "opened ignores open, lock and unlock",
      [
        .fires(.open, to: .opened, .swing),
        .ignores(.open),
        .ignores(.lock(code: "1234")),
        .ignores(.unlock(code: "1234")),
      ]),
    Scenario(
      "locked ignores open, close and lock",
      [
        .fires(.lock(code: "1234"), to: .locked, .bolt, .lockLight),
        .ignores(.open),
        .ignores(.close),
        .ignores(.lock(code: "1234")),
      ]),
  ]
}
