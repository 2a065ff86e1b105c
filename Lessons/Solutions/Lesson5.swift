// Reference solutions for Lesson 5. The lessons' tests compile them with the
// checks, which must all pass.

enum Lesson5 {
  /// What can happen to Martin's turnstile.
  enum GateEvent: String, CaseIterable, Sendable { case coin, pass, reset }

  /// What the turnstile tells its hardware to do.
  enum GateOutput: String, Sendable { case unlock, lock, alarm, thankYou, resetAlarm }

  /// The State: one method per event, each doing nothing unless a
  /// ConcreteState overrides it. As in the book, a state is handed the
  /// context, and changes its state.
  class GateState {
    /// Creates a state object; the context does it, once per class.
    required init() {}

    /// The state's name, as a trace shows it.
    var name: String { "?" }

    /// A coin arrives; ignored unless a subclass handles it.
    func coin(_ gate: Gate) {}
    /// Someone pushes the arm; ignored unless a subclass handles it.
    func pass(_ gate: Gate) {}
    /// The attendant resets the turnstile; ignored unless a subclass handles it.
    func reset(_ gate: Gate) {}
  }

  /// The Context: holds the current state object and delegates every event.
  final class Gate {
    /// The current state object.
    private(set) var current: GateState
    /// Every output so far, in order.
    private(set) var outputs: [GateOutput] = []
    /// One object per state class, made when first needed (the book's flyweight).
    private var shared: [ObjectIdentifier: GateState] = [:]

    init() {
      let locked = Locked()
      shared[ObjectIdentifier(Locked.self)] = locked
      current = locked
    }

    /// Hands `event` to the current state.
    func handle(_ event: GateEvent) {
      switch event {
      case .coin: current.coin(self)
      case .pass: current.pass(self)
      case .reset: current.reset(self)
      }
    }

    /// What a state calls to make a transition: the output, then the state,
    /// whose one object is made the first time and reused after.
    func go(to next: GateState.Type, saying output: GateOutput) {
      outputs.append(output)
      if let object = shared[ObjectIdentifier(next)] {
        current = object
      } else {
        let object = next.init()
        shared[ObjectIdentifier(next)] = object
        current = object
      }
    }
  }

  /// Closed until a coin is inserted.
  final class Locked: GateState {
    override var name: String { "locked" }
    override func coin(_ gate: Gate) { gate.go(to: Unlocked.self, saying: .unlock) }
    override func pass(_ gate: Gate) { gate.go(to: Violation.self, saying: .alarm) }
  }

  /// Open for one person.
  final class Unlocked: GateState {
    override var name: String { "unlocked" }
    override func coin(_ gate: Gate) { gate.go(to: Unlocked.self, saying: .thankYou) }
    override func pass(_ gate: Gate) { gate.go(to: Locked.self, saying: .lock) }
  }

  /// Someone pushed through without paying: the alarm sounds until the
  /// attendant resets it; coins and pushes change nothing.
  final class Violation: GateState {
    override var name: String { "violation" }
    override func reset(_ gate: Gate) { gate.go(to: Locked.self, saying: .resetAlarm) }
  }
}
