/// What handling one event did: ignored it, or fired a transition, perhaps
/// passing through other states on the way.
public struct Outcome<State: Hashable & Sendable>: Hashable, Sendable {
  /// Whether a transition (external or internal) fired.
  public let fired: Bool

  /// The states passed through, kept without an array for the usual none or
  /// one, so that reporting them never allocates on the way through a single
  /// transient state (the gumball machine's `sold`).
  private var passed: Passed

  /// The states a step passed through.
  private enum Passed: Hashable, Sendable {
    case none
    case one(State)
    case several([State])
  }

  private init(fired: Bool, passed: Passed) {
    self.fired = fired
    self.passed = passed
  }

  /// The event was not handled, or its guard was false: nothing changed.
  public static var ignored: Self { Self(fired: false, passed: .none) }

  /// A transition fired.
  public static var fired: Self { Self(fired: true, passed: .none) }

  /// A transition fired and the machine went on through `state` by itself.
  public static func fired(via state: State) -> Self {
    Self(fired: true, passed: .one(state))
  }

  /// A transition fired and the machine went on through `states`, in order.
  public static func fired(via states: [State]) -> Self {
    var outcome = fired
    for state in states { outcome.pass(through: state) }
    return outcome
  }

  /// Notes a transition taken out of `state` during this step: the first one
  /// fires the step; each one after it means `state` was passed through (a
  /// long `wait` of the traffic light takes several).
  public mutating func recordTransition(from state: State) {
    if fired {
      pass(through: state)
    } else {
      self = .fired
    }
  }

  /// Notes that the step went on through `state`, after those noted so far.
  public mutating func pass(through state: State) {
    switch passed {
    case .none:
      passed = .one(state)
    case .one(let first):
      passed = .several([first, state])
    case .several(var states):
      // Let go of the stored list first, so that appending does not copy it:
      // a long wait of the traffic light passes through thousands of states.
      passed = .none
      states.append(state)
      passed = .several(states)
    }
  }

  /// The states the step passed through on its way, in order (the gumball
  /// machine's `sold` on its way back to `noQuarter`); usually none.
  public var via: [State] {
    switch passed {
    case .none: []
    case .one(let state): [state]
    case .several(let states): states
    }
  }

  /// Two outcomes are equal when they fired alike through the same states.
  public static func == (left: Self, right: Self) -> Bool {
    left.fired == right.fired && left.via == right.via
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(fired)
    hasher.combine(via)
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
