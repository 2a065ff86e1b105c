import StateMachines

/// The machines as the API describes them: the facts of `fsm list` and
/// `fsm describe`, as JSON.
enum Describing {
  /// `{"id", "summary", "events", "clock"}` for the list.
  static func summary(_ machine: any CatalogMachine.Type) -> JSONValue {
    .object([
      ("id", .string(machine.id)), ("summary", .string(machine.summary)),
      ("events", .array(machine.eventSignatures.map(event))), ("clock", .bool(machine.hasClock)),
    ])
  }

  /// Everything `fsm describe` says, the styles, and the implementations
  /// the class view plays it in (`Machine.panes`), each with its label.
  static func description(of machine: any CatalogMachine.Type) -> JSONValue {
    machine.describingJSON
  }

  /// One implementation: its id (a pane's, a step's `style`), its style,
  /// its label and the suffix of its file.
  static func implementation(_ implementation: Implementation) -> JSONValue {
    .object([
      ("id", .string(implementation.description)),
      ("style", .string(implementation.style.rawValue)),
      ("label", .string(implementation.label)),
      ("fileSuffix", .string(implementation.fileSuffix)),
    ])
  }

  /// One event: its name, its argument's kind, and how it is written.
  static func event(_ signature: (name: String, parameter: String?, usage: String)) -> JSONValue {
    .object([
      ("name", .string(signature.name)),
      ("parameter", signature.parameter.map(JSONValue.string) ?? .null),
      ("usage", .string(signature.usage)),
    ])
  }
}

extension CatalogMachine {
  /// The events: name, argument kind and usage.
  static var eventSignatures: [(name: String, parameter: String?, usage: String)] {
    Event.signatures.map { ($0.name, $0.parameter?.description, $0.usage) }
  }

  /// The machine's description as JSON.
  fileprivate static var describingJSON: JSONValue {
    let description = Self.description
    let states = DescribedState.allCases.map { state in
      let activities = description.activities[state]
      return JSONValue.object([
        ("id", .string(state.description)),
        ("initial", .bool(description.entrances.contains { $0.state == state })),
        ("entry", .strings(activities?.entry ?? [])), ("exit", .strings(activities?.exit ?? [])),
      ])
    }
    let transitions = description.transitions.map { transition in
      JSONValue.object([
        ("from", .string(transition.source.description)),
        ("label", .string(description.label(of: transition))),
        ("to", .string(transition.target.description)),
        ("internal", .bool(transition.kind == .internal)),
      ])
    }
    return .object([
      ("id", .string(id)), ("summary", .string(summary)), ("states", .array(states)),
      ("events", .array(eventSignatures.map(Describing.event))),
      ("transitions", .array(transitions)),
      ("styles", .strings(styles.map(\.rawValue))),
      ("implementations", .array(panes.map(Describing.implementation))),
      ("clock", .bool(hasClock)),
    ])
  }
}
