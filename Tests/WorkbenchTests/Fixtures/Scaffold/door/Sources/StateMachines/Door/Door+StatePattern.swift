/// A state of the door in the State pattern: it decides what each event
/// does, and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it does.
public protocol DoorState {
  /// The public id of this state.
  var id: Door.State { get }

  /// Decides what `open` does here.
  func open() -> Decision<any DoorState, Door.Output>

  /// Decides what `close` does here.
  func close() -> Decision<any DoorState, Door.Output>

  /// Decides what `lock(code)` does here.
  func lock(code: String) -> Decision<any DoorState, Door.Output>

  /// Decides what `unlock(code)` does here.
  func unlock(code: String) -> Decision<any DoorState, Door.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (Door.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (Door.Output) -> Void)
}

extension DoorState {
  /// Ignored.
  public func open() -> Decision<any DoorState, Door.Output> { .ignore }

  /// Ignored.
  public func close() -> Decision<any DoorState, Door.Output> { .ignore }

  /// Ignored.
  public func lock(code: String) -> Decision<any DoorState, Door.Output> { .ignore }

  /// Ignored.
  public func unlock(code: String) -> Decision<any DoorState, Door.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (Door.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (Door.Output) -> Void) {}
}

extension Door {
  /// The door written with the State pattern: a context and one type
  /// per state.
  ///
  /// Notice where the knowledge lives: `Closed` alone knows what happens in
  /// `closed`. Each state lists only the events it handles; the context runs
  /// exit, effect and entry in one place.
  public struct StatePattern: DoorMachine {
    /// The current state object.
    public private(set) var current: any DoorState = Closed()

    /// Creates a new door, in `closed`.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .open: current.open()
        case .close: current.close()
        case .lock(let code): current.lock(code: code)
        case .unlock(let code): current.unlock(code: code)
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }
  }
}

extension Door.StatePattern {
  /// `closed` (initial).
  public struct Closed: DoorState {
    /// `closed`.
    public var id: Door.State { .closed }

    /// `open / swing --> opened`.
    public func open() -> Decision<any DoorState, Door.Output> {
      .go(to: Opened(), effect: [.swing])
    }

    /// `lock(code) / bolt --> locked`.
    public func lock(code: String) -> Decision<any DoorState, Door.Output> {
      .go(to: Locked(), effect: [.bolt])
    }
  }

  /// `opened`.
  public struct Opened: DoorState {
    /// `opened`.
    public var id: Door.State { .opened }

    /// `close --> closed`.
    public func close() -> Decision<any DoorState, Door.Output> { .go(to: Closed()) }
  }

  /// `locked` (entry / lockLight).
  public struct Locked: DoorState {
    /// `locked`.
    public var id: Door.State { .locked }

    /// Entry: lockLight.
    public func entry(emit: (Door.Output) -> Void) { emit(.lockLight) }

    /// `unlock(code) [code matches] / unbolt --> closed`; else ignored.
    public func unlock(code: String) -> Decision<any DoorState, Door.Output> {
      guard Door.codeMatches(code) else { return .ignore }
      return .go(to: Closed(), effect: [.unbolt])
    }
  }
}
