import StateMachines
import Workbench

/// A turnstile whose styles do not agree: its enum style forgets to thank
/// for a second coin, and its nested-switch style refuses to be built.
///
/// The tour and the shell must notice both, so this machine exists only in
/// the tests, to prove that they can fail.
enum LopsidedTurnstile: CatalogMachine {
  typealias State = Turnstile.State
  typealias Event = Turnstile.Event
  typealias Output = Turnstile.Output

  static let id = "lopsided-turnstile"
  static let summary = "A turnstile whose styles disagree."
  static var description: MachineDescription<State> { Turnstile.description }

  static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in throw Rejection("the nested-switch style is not written yet") },
    .style(.enum): { _ in ForgetfulTurnstile() },
    .style(.statePattern): { _ in Turnstile.StatePattern() },
    .style(.stateClasses): { _ in Turnstile.StateClasses() },
    .style(.table): { _ in Turnstile.Table() },
  ]

  static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }

  static let workedExamples = [
    WorkedExample<Self>("a second coin is thanked for", [.coin, .coin, .pass])
  ]
}

/// The enum turnstile, except that a coin while unlocked is ignored.
struct ForgetfulTurnstile: TurnstileMachine {
  private var base = Turnstile.Enum()

  var state: Turnstile.State { base.state }

  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    if state == .unlocked && event == .coin { return .ignored }
    return base.handle(event, emit: emit)
  }
}
