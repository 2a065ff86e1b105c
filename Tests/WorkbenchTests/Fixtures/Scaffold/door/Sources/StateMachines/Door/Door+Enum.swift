extension Door {
  /// The door written as an enum that is its own machine.
  ///
  /// Notice the single `switch` over `(self, event)`: the transition table
  /// reads row by row, and the compiler checks that no pair is forgotten.
  /// Entry and exit activities are written once, as methods of the enum,
  /// and `transition` runs them in their order: exit, effect, entry.
  public enum Enum: DoorMachine {
    /// `closed` (initial).
    case closed
    /// `opened`.
    case opened
    /// `locked` (entry / lockLight).
    case locked

    /// Creates a new door, in `closed`.
    public init() { self = .closed }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .closed: .closed
      case .opened: .opened
      case .locked: .locked
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.closed, .open):
        transition(to: .opened, effect: [.swing], emit: emit)
      case (.closed, .lock):
        transition(to: .locked, effect: [.bolt], emit: emit)
      case (.opened, .close):
        transition(to: .closed, emit: emit)
      case (.locked, .unlock(let code)):
        guard Door.codeMatches(code) else { return .ignored }
        transition(to: .closed, effect: [.unbolt], emit: emit)
      case (.closed, _), (.opened, _), (.locked, _):
        return .ignored
      }
      return .fired
    }

    /// Leaves this state for `next`: exit, effect, entry.
    private mutating func transition(
      to next: Self, effect: [Output] = [], emit: (Output) -> Void
    ) {
      effect.forEach(emit)
      self = next
      entry(emit: emit)
    }

    /// The entry activity of this state.
    private func entry(emit: (Output) -> Void) {
      switch self {
      case .locked: emit(.lockLight)
      case .closed, .opened: break
      }
    }
  }
}
