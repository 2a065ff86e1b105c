import ArgumentParser
import StateMachines

// Both are `String`-backed and `CaseIterable`, so ArgumentParser reads them
// by their public ids and lists those ids in help and in error messages.

extension Style: ExpressibleByArgument {
  /// The style `run` and `shell` use unless told otherwise.
  static var commandLineDefault: Style { .statePattern }
}

extension GumballMachine.WinnerPolicy: ExpressibleByArgument {}
