import Diagrams
import StateMachines

/// The catalog: every machine of the workbench, in the order of the
/// specification (docs/machines), each with what the command line can set.
public enum Machines {
  /// All machines: the workbench's own, then those added with `fsm new`.
  /// The CLI, the tour, the class view and the test suites go through this
  /// list, so a machine is registered once.
  public static let all: [any CatalogMachine.Type] = workbench + added

  /// The machines the workbench ships, each with its row in the README and
  /// the API documentation, its lessons and its published benchmark cells,
  /// which the documentation's tests hold to this list.
  public static let workbench: [any CatalogMachine.Type] = [
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

  /// Every machine's id paired with each style it is written in: what
  /// "every machine in every style" means when a machine or a style is
  /// written for only part of the catalog.
  public static var idsAndStyles: [(String, Style)] {
    all.flatMap { machine in machine.styles.map { (machine.id, $0) } }
  }

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
