import StateMachines

// Added by `fsm new door`: its line in `Machines.added` is in AddedMachines.swift.
extension Door: CatalogMachine {}
