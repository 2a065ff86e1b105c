import StateMachines

// Added by `fsm new door`: its line in `Machines.all` is in Machines.swift.
extension Door: CatalogMachine {}
