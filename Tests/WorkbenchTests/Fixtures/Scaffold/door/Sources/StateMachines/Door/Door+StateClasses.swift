/// A state of the door as the Gang of Four print it: a class whose methods
/// ignore every event and whose activities do nothing, and one subclass per state
/// that overrides what that state does.
public class DoorStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: Door.State { fatalError("every subclass names its state") }

  /// Decides what `open` does here. Ignored unless a subclass says otherwise.
  public func open() -> Decision<DoorStateObject.Type, Door.Output> { .ignore }

  /// Decides what `close` does here. Ignored unless a subclass says otherwise.
  public func close() -> Decision<DoorStateObject.Type, Door.Output> { .ignore }

  /// Decides what `lock(code)` does here. Ignored unless a subclass says otherwise.
  public func lock(code: String) -> Decision<DoorStateObject.Type, Door.Output> { .ignore }

  /// Decides what `unlock(code)` does here. Ignored unless a subclass says otherwise.
  public func unlock(code: String) -> Decision<DoorStateObject.Type, Door.Output> { .ignore }

  /// Runs every time a transition enters this state.
  public func entry(emit: (Door.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (Door.Output) -> Void) {}
}

extension Door {
  /// The door written with the book's state classes: the context holds
  /// the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class (`Opened.self`), and the
  /// context makes the object. As the book prints it, that is a new
  /// object on every transition; created with `sharingStateObjects`, the
  /// context makes each one once and reuses it, as the book suggests for
  /// states that hold no data of their own.
  public final class StateClasses: DoorMachine {
    /// The current state object.
    public private(set) var current: DoorStateObject = Closed()

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [DoorStateObject]

    /// Creates a new door, in `closed`.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects = sharingStateObjects ? [Closed(), Opened(), Locked()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: exit, effect, entry, in that order.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
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
        current = stateObject(next)
        current.entry(emit: emit)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: DoorStateObject.Type) -> DoorStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension Door.StateClasses {
  /// `closed` (initial).
  public final class Closed: DoorStateObject {
    /// `closed`.
    public override var id: Door.State { .closed }

    /// `open / swing --> opened`.
    public override func open() -> Decision<DoorStateObject.Type, Door.Output> {
      .go(to: Opened.self, effect: [.swing])
    }

    /// `lock(code) / bolt --> locked`.
    public override func lock(code: String) -> Decision<DoorStateObject.Type, Door.Output> {
      .go(to: Locked.self, effect: [.bolt])
    }
  }

  /// `opened`.
  public final class Opened: DoorStateObject {
    /// `opened`.
    public override var id: Door.State { .opened }

    /// `close --> closed`.
    public override func close() -> Decision<DoorStateObject.Type, Door.Output> {
      .go(to: Closed.self)
    }
  }

  /// `locked` (entry / lockLight).
  public final class Locked: DoorStateObject {
    /// `locked`.
    public override var id: Door.State { .locked }

    /// Entry: lockLight.
    public override func entry(emit: (Door.Output) -> Void) { emit(.lockLight) }

    /// `unlock(code) [code matches] / unbolt --> closed`; else ignored.
    public override func unlock(code: String) -> Decision<DoorStateObject.Type, Door.Output> {
      guard Door.codeMatches(code) else { return .ignore }
      return .go(to: Closed.self, effect: [.unbolt])
    }
  }
}
