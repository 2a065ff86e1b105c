/// Every machine of the workbench, in the order of the specification (docs/machines).
public enum Machines {
  /// All machines; the CLI, the tour and the conformance suite go through
  /// this list, so a new machine is added here once.
  public static let all: [any Machine.Type] = [
    SecuritySystem.self,
    Turnstile.self,
    GumballMachine.self,
    TCPConnection.self,
    RecordCommit.self,
  ]

  /// The machine with the public id `id`, if there is one.
  public static func named(_ id: String) -> (any Machine.Type)? {
    all.first { $0.id == id }
  }

  /// The public ids of all machines, for messages that name the valid choices.
  public static var ids: [String] { all.map { $0.id } }
}
