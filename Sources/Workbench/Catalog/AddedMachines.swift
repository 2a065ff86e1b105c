import StateMachines

extension Machines {
  /// The machines added with `fsm new` (a teacher's own), one line each:
  /// `fsm new` adds the line, after the machine's files. They are in every
  /// command, the conformance suite and the class view, as the workbench's
  /// own are; the README and the lessons speak of those only.
  public static let added: [any CatalogMachine.Type] = [
    // `fsm new` adds each machine's line here, `Door.self`, with the commas
    // `swift format` writes: none after one machine, one after each of more.
  ]
}
