import StateMachines
import Workbench

/// The turnstile written in two styles only, as a machine is while a new
/// style is added to some machines and not yet to the others
/// (CONTRIBUTING.md, "Adding a style"): the tour compares it in those two.
enum TwoStyleTurnstile: CatalogMachine {
  typealias State = Turnstile.State
  typealias Event = Turnstile.Event
  typealias Output = Turnstile.Output

  static let id = "two-style-turnstile"
  static let summary = "A turnstile written in two styles."
  static var description: MachineDescription<State> { Turnstile.description }

  static let implementations: Implementations<Self> = [
    .style(.enum): { _ in Turnstile.Enum() },
    .style(.table): { _ in Turnstile.Table() },
  ]

  static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }

  static let workedExamples = [
    WorkedExample<Self>("a fare paid, then used", [.coin, .pass])
  ]
}
