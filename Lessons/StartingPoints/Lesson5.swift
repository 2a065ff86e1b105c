// Lesson 5's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 5
// (see Lessons/05-state-classes.md, "Exercises").

enum Lesson5 {
  /// What can happen to Martin's turnstile.
  enum GateEvent: String, CaseIterable, Sendable { case coin, pass, reset }

  /// What the turnstile tells its hardware to do.
  enum GateOutput: String, Sendable { case unlock, lock, alarm, thankYou, resetAlarm }

  /// The State: one method per event, each doing nothing unless a
  /// ConcreteState overrides it. As in the book, a state is handed the
  /// context, and changes its state.
  class GateState {
    /// Creates a state object; the context does it, on every transition.
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
    private(set) var current: GateState = Locked()
    /// Every output so far, in order.
    private(set) var outputs: [GateOutput] = []

    /// Hands `event` to the current state.
    func handle(_ event: GateEvent) {
      switch event {
      case .coin: current.coin(self)
      case .pass: current.pass(self)
      case .reset: current.reset(self)
      }
    }

    /// What a state calls to make a transition: the output, then the state.
    ///
    /// Exercise 5.1: the book's version makes a new state object on each
    /// transition. TODO: make one object per state class, and reuse it.
    func go(to next: GateState.Type, saying output: GateOutput) {
      outputs.append(output)
      current = next.init()
    }
  }

  /// Closed until a coin is inserted.
  final class Locked: GateState {
    override var name: String { "locked" }
    override func coin(_ gate: Gate) { gate.go(to: Unlocked.self, saying: .unlock) }
    // Exercise 5.2: TODO pushing a locked arm goes to the violation state.
    override func pass(_ gate: Gate) { gate.go(to: Locked.self, saying: .alarm) }
  }

  /// Open for one person.
  final class Unlocked: GateState {
    override var name: String { "unlocked" }
    override func coin(_ gate: Gate) { gate.go(to: Unlocked.self, saying: .thankYou) }
    override func pass(_ gate: Gate) { gate.go(to: Locked.self, saying: .lock) }
  }

  // Exercise 5.2: TODO a ConcreteState `Violation`.
}
