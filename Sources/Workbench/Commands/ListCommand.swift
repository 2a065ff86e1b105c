import ArgumentParser
import StateMachines

/// `fsm list`: the machines and the styles they are written in.
struct ListCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the machines and the styles.")

  func run(on console: inout Console) throws {
    print("Machines:", to: &console)
    let width = Machines.ids.map(\.count).max() ?? 0
    for machine in Machines.all {
      print("  \(machine.id.padded(to: width))   \(machine.summary)", to: &console)
    }
    print("", to: &console)
    print("Styles:", to: &console)
    let styleWidth = Style.allCases.map(\.rawValue.count).max() ?? 0
    for style in Style.allCases {
      let note = style == .commandLineDefault ? " (the default)" : ""
      print("  \(style.rawValue.padded(to: styleWidth))   \(style.summary)\(note)", to: &console)
    }
  }
}
