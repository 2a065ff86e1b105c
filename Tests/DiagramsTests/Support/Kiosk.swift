import StateMachines

/// A small test-only machine with every feature the diagrams draw: two ways
/// in, an entry activity, an internal transition, a transient state left by
/// guarded completion transitions, and a final state that rejects events.
///
/// It is written once and ignores the style, which is all the exploration
/// tests need.
enum Kiosk: Machine {
  enum State: String, StateID {
    case idle, paid, vending, empty
  }

  enum Event: String, MachineEvent, CaseIterable {
    case coin, push, refund
  }

  enum Output: String, MachineOutput {
    case accept, returnCoin, greet, dropItem, soldOutLight
  }

  static let id = "kiosk"
  static let summary = "A test kiosk that sells until its stock runs out."

  /// How many items the kiosk starts with.
  struct Configuration: MachineConfiguration {
    var stock = 2
    init() {}
    init(stock: Int) { self.stock = stock }
  }

  static let description = MachineDescription<State>(
    entrances: [.init(.idle, guard: "stock > 0"), .init(.empty, guard: "else")],
    finalStates: [.empty],
    events: Event.signatures,
    activities: [.idle: .entry("greet"), .vending: .entry("dropItem")],
    transitions: [
      .init(.idle, on: "coin", effect: "accept", to: .paid),
      .internal(.paid, on: "coin", effect: "returnCoin"),
      .init(.paid, on: "push", to: .vending),
      .init(.paid, on: "refund", effect: "returnCoin", to: .idle),
      .completion(.vending, guard: "stock > 0", to: .idle),
      .completion(.vending, guard: "stock == 0", effect: "soldOutLight", to: .empty),
    ])

  static func check(_ configuration: Configuration) throws(Rejection) {
    guard configuration.stock >= 0 else { throw Rejection("stock must not be negative") }
  }

  static let implementations = Implementations<Self>(every: { Vending(stock: $0.stock) })

  static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }

  /// A stocked kiosk, one about to sell out, and an empty one.
  static let sampleConfigurations = [2, 1, 0].map { Configuration(stock: $0) }

  static let workedExamples: [WorkedExample<Self>] = []

  /// The kiosk's one implementation.
  struct Vending: StateMachine {
    typealias State = Kiosk.State
    typealias Event = Kiosk.Event
    typealias Output = Kiosk.Output

    private(set) var state: State
    private var stock: Int

    init(stock: Int) {
      self.stock = stock
      self.state = stock > 0 ? .idle : .empty
    }

    mutating func handle(_ event: Event, emit: (Output) -> Void) throws(Rejection) -> Outcome<State>
    {
      switch (state, event) {
      case (.empty, _):
        throw Rejection("the kiosk is sold out")
      case (.idle, .coin):
        emit(.accept)
        state = .paid
        return .fired
      case (.paid, .coin):
        emit(.returnCoin)
        return .fired
      case (.paid, .push):
        emit(.dropItem)
        stock -= 1
        if stock > 0 {
          emit(.greet)
          state = .idle
        } else {
          emit(.soldOutLight)
          state = .empty
        }
        return .fired(via: .vending)
      case (.paid, .refund):
        emit(.returnCoin)
        emit(.greet)
        state = .idle
        return .fired
      case (.idle, _), (.vending, _), (.paid, _):
        return .ignored
      }
    }
  }
}

/// The kiosk's implementation under a description that has drifted from it:
/// it lost the refund and gained a push that the code does not have.
enum DriftedKiosk: Machine {
  typealias State = Kiosk.State
  typealias Event = Kiosk.Event
  typealias Output = Kiosk.Output

  static let id = "drifted-kiosk"
  static let summary = "The kiosk with a stale description."

  static let description = MachineDescription<State>(
    entrances: Kiosk.description.entrances,
    finalStates: [.empty],
    events: Event.signatures,
    transitions: Kiosk.description.transitions.filter { $0.event != "refund" } + [
      .init(.idle, on: "push", to: .paid)
    ])

  static func check(_ configuration: Configuration) throws(Rejection) {
    try Kiosk.check(configuration)
  }

  static let implementations = Implementations<Self>(every: { Kiosk.Vending(stock: $0.stock) })

  static func sampleEvents(for configuration: Configuration) -> [Event] { Event.allCases }

  static let sampleConfigurations = Kiosk.sampleConfigurations

  static let workedExamples: [WorkedExample<Self>] = []
}
