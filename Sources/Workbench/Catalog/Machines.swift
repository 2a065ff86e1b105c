import Diagrams
import StateMachines

/// The catalog: every machine of the workbench, in the order of the
/// specification (docs/machines), each with what the command line can set.
public enum Machines {
  /// All machines; the CLI, the tour and the test suites go through this
  /// list, so a new machine is added here once.
  public static let all: [any CatalogMachine.Type] = [
    SecuritySystem.self,
    Turnstile.self,
    GumballMachine.self,
    TCPConnection.self,
    RecordCommit.self,
    TrafficLight.self,
    VideoPlayer.self,
    TicketWorkflow.self,
    DrawingTool.self,
    GameCharacter.self,
  ]

  /// The machine with the public id `id`, if there is one.
  public static func named(_ id: String) -> (any CatalogMachine.Type)? {
    all.first { $0.id == id }
  }

  /// The public ids of all machines, for messages that name the valid choices.
  public static var ids: [String] { all.map { $0.id } }

  /// The ids of the machines whose diagram can be drawn in `labels`.
  static func ids(drawnIn labels: LabelStyle) -> [String] {
    var ids: [String] = []
    for machine in all where machine.labelStyles.contains(labels) { ids.append(machine.id) }
    return ids
  }
}

/// A machine in the catalog: one whose configuration the command line sets up.
public protocol CatalogMachine: Machine where Configuration: CommandLineConfigurable {}

extension SecuritySystem: CatalogMachine {}
extension Turnstile: CatalogMachine {}
extension GumballMachine: CatalogMachine {}
extension TCPConnection: CatalogMachine {}
extension RecordCommit: CatalogMachine {}
extension TrafficLight: CatalogMachine {}
extension VideoPlayer: CatalogMachine {}
extension TicketWorkflow: CatalogMachine {}
extension DrawingTool: CatalogMachine {}
extension GameCharacter: CatalogMachine {}
