/// What handling one event did: ignored it, or fired a transition.
public struct Outcome<State: Hashable & Sendable>: Hashable, Sendable {
  /// Whether a transition (external or internal) fired.
  public var fired: Bool

  /// The states the step passed through on its way, in order (the gumball
  /// machine's `sold` on its way back to `noQuarter`); usually none.
  public var via: [State]

  /// The event was not handled, or its guard was false: nothing changed.
  public static var ignored: Self { Self(fired: false, via: []) }

  /// A transition fired.
  public static var fired: Self { Self(fired: true, via: []) }

  /// A transition fired and the machine went on through `states` by itself.
  public static func fired(via states: [State]) -> Self {
    Self(fired: true, via: states)
  }
}

/// Bad input that a machine refuses: the state stays as it was and nothing is
/// emitted.
public struct Rejection: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the input was refused, in words a user can act on.
  public var message: String

  /// Creates a rejection with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
