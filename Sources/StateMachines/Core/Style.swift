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
/// style as written, or a measured variant of one.
public struct Implementation: Hashable, Sendable, CustomStringConvertible {
  /// A way of writing a style that changes its design, and so its cost.
  public enum Variant: String, Hashable, Sendable {
    /// The style as its file writes it first.
    case asWritten = ""

    /// The State pattern with each state a type rather than a value: the
    /// context holds the current state's type, and the machine's data.
    case statesAsTypes = "types"

    /// The book's state classes, each state object made once per context
    /// and shared (the book's flyweight), not one new object per transition.
    case sharedStateObjects = "shared"

    /// The book's state classes with the context choosing the next state
    /// from a list it was created with, rather than each state naming its
    /// successor (the traffic light's second design).
    case contextDriven = "context"
  }

  /// The style it is written in.
  public var style: Style

  /// How the style is written.
  public var variant: Variant

  /// The style as written.
  public init(_ style: Style) {
    self.style = style
    self.variant = .asWritten
  }

  /// The State pattern with states as types.
  public static let statePatternTypes = Self(.statePattern, .statesAsTypes)

  /// The book's classes, each state object created once per context and shared.
  public static let sharedStateClasses = Self(.stateClasses, .sharedStateObjects)

  /// The traffic light's state classes with the context choosing the next
  /// state from its list.
  public static let contextDrivenStateClasses = Self(.stateClasses, .contextDriven)

  /// Every implementation, in the order of the benchmark matrix: each style
  /// as written, each variant after its style.
  public static let all: [Self] = [
    Self(.nestedSwitch), Self(.enum), Self(.statePattern), statePatternTypes,
    Self(.stateClasses), sharedStateClasses, Self(.table),
  ]

  /// Whether the context shares its state objects (`state-classes-shared`).
  public var sharesStateObjects: Bool { variant == .sharedStateObjects }

  /// The style's id, with the variant's after a dash: `state-classes-shared`.
  public var description: String {
    variant == .asWritten ? style.rawValue : "\(style)-\(variant.rawValue)"
  }

  /// A variant of `style`.
  private init(_ style: Style, _ variant: Variant) {
    self.style = style
    self.variant = variant
  }
}
