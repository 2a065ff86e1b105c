/// A way to implement a state machine; every machine is written in each one.
public enum Style: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A plain state tag, extended state in separate properties, and a `switch`
  /// inside a `switch` for each event.
  case nestedSwitch = "nested-switch"

  /// One enum whose cases carry their own data; behaviour switches over
  /// `(self, event)`.
  case `enum`

  /// The State pattern as Swift writes it: a state protocol, one value type
  /// per state, a context holding the current state.
  case statePattern = "state-pattern"

  /// The Gang of Four's State pattern as printed: a base state class with
  /// do-nothing methods, one subclass per state.
  case stateClasses = "state-classes"

  /// The transition table as data: rows of `state, event [guard] / effect,
  /// target` that one engine runs.
  case table

  /// The public id, as the CLI and the JSON trace write it.
  public var description: String { rawValue }

  /// One line on how the style writes a machine.
  public var summary: String {
    switch self {
    case .nestedSwitch:
      "a plain state tag, extended state in properties, a switch on the event and then the state"
    case .enum:
      "an enum whose cases carry their own data, one switch over (state, event)"
    case .statePattern:
      "a state protocol, one struct per state, a context that carries out each decision"
    case .stateClasses:
      "the book's State pattern: a base state class, one subclass per state, a new object per transition"
    case .table:
      "the transition table as data: rows of state, event [guard] / effect, target"
    }
  }
}

/// One implementation the conformance suite checks and the benchmarks time: a
/// style, or a measured variant of one.
public struct Implementation: Hashable, Sendable, CustomStringConvertible {
  /// The style it is written in.
  public var style: Style

  /// Whether the context creates each state object once and shares it (the
  /// book's flyweight), rather than a new one per transition. Only the
  /// `state-classes` style has objects to share.
  public var sharesStateObjects: Bool

  /// The style as written.
  public init(_ style: Style) {
    self.style = style
    self.sharesStateObjects = false
  }

  /// The book's classes, each state object created once per context and shared.
  public static let sharedStateClasses: Self = {
    var implementation = Self(.stateClasses)
    implementation.sharesStateObjects = true
    return implementation
  }()

  /// Every style as written, then the shared state classes.
  public static let all: [Self] = Style.allCases.map(Self.init) + [sharedStateClasses]

  /// The style's id, with `-shared` for the shared state objects.
  public var description: String { sharesStateObjects ? "\(style)-shared" : style.rawValue }
}
