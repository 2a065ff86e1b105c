/// A state of the door as a type: the State pattern with no state values
/// at all. Each state is a type whose static methods decide, and its context
/// carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it does.
public protocol DoorStateType {
  /// The public id of this state.
  static var id: Door.State { get }

  /// Decides what `open` does here.
  static func open() -> Decision<any DoorStateType.Type, Door.Output>

  /// Decides what `close` does here.
  static func close() -> Decision<any DoorStateType.Type, Door.Output>

  /// Decides what `lock(code)` does here.
  static func lock(code: String) -> Decision<any DoorStateType.Type, Door.Output>

  /// Decides what `unlock(code)` does here.
  static func unlock(code: String) -> Decision<any DoorStateType.Type, Door.Output>

  /// Runs every time a transition enters this state.
  static func entry(emit: (Door.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (Door.Output) -> Void)
}

extension DoorStateType {
  /// Ignored.
  public static func open() -> Decision<any DoorStateType.Type, Door.Output> { .ignore }

  /// Ignored.
  public static func close() -> Decision<any DoorStateType.Type, Door.Output> { .ignore }

  /// Ignored.
  public static func lock(code: String) -> Decision<any DoorStateType.Type, Door.Output> { .ignore }

  /// Ignored.
  public static func unlock(code: String) -> Decision<any DoorStateType.Type, Door.Output> {
    .ignore
  }

  /// Does nothing.
  public static func entry(emit: (Door.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (Door.Output) -> Void) {}
}

extension Door {
  /// The door written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Closed.self` instead of
  /// `Closed()`. A state that holds no data needs no value; the context
  /// keeps the current state's type, which is copied as freely as an `Int`.
  public struct StatePatternTypes: DoorMachine {
    /// The current state.
    public private(set) var current: any DoorStateType.Type = Closed.self

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

extension Door.StatePatternTypes {
  /// `closed` (initial).
  public enum Closed: DoorStateType {
    /// `closed`.
    public static var id: Door.State { .closed }

    /// `open / swing --> opened`.
    public static func open() -> Decision<any DoorStateType.Type, Door.Output> {
      .go(to: Opened.self, effect: [.swing])
    }

    /// `lock(code) / bolt --> locked`.
    public static func lock(code: String) -> Decision<any DoorStateType.Type, Door.Output> {
      .go(to: Locked.self, effect: [.bolt])
    }
  }

  /// `opened`.
  public enum Opened: DoorStateType {
    /// `opened`.
    public static var id: Door.State { .opened }

    /// `close --> closed`.
    public static func close() -> Decision<any DoorStateType.Type, Door.Output> {
      .go(to: Closed.self)
    }
  }

  /// `locked` (entry / lockLight).
  public enum Locked: DoorStateType {
    /// `locked`.
    public static var id: Door.State { .locked }

    /// Entry: lockLight.
    public static func entry(emit: (Door.Output) -> Void) { emit(.lockLight) }

    /// `unlock(code) [code matches] / unbolt --> closed`; else ignored.
    public static func unlock(code: String) -> Decision<any DoorStateType.Type, Door.Output> {
      guard Door.codeMatches(code) else { return .ignore }
      return .go(to: Closed.self, effect: [.unbolt])
    }
  }
}
