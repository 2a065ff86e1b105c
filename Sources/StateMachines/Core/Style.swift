/// A way to implement a state machine; every machine is written in each one.
public enum Style: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A plain state tag, extended state in separate properties, and a `switch`
  /// inside a `switch` for each event.
  case nestedSwitch = "nested-switch"

  /// One enum whose cases carry their own data; behaviour switches over
  /// `(self, event)`.
  case `enum`

  /// The Gang of Four State pattern: a context holding `any State`, one type
  /// per concrete state.
  case statePattern = "state-pattern"

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
      "the Gang of Four State pattern: a context holding `any State`, one type per state"
    }
  }
}
