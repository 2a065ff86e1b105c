import ArgumentParser
import StateMachines

/// A machine named on the command line by its public id, as in
/// `fsm run turnstile`.
///
/// Being `ExpressibleByArgument` with every id as a valid value, an unknown
/// name gets ArgumentParser's message listing the machines, and `--help`
/// lists them too.
struct MachineArgument: ExpressibleByArgument {
  /// The machine the id names.
  let type: any CatalogMachine.Type

  init?(argument: String) {
    guard let type = Machines.named(argument) else { return nil }
    self.type = type
  }

  var defaultValueDescription: String { type.id }

  static var allValueStrings: [String] { Machines.ids }
}
