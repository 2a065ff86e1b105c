extension Emitter {
  /// `Door.swift`: the vocabulary every style shares, the description, the
  /// worked examples, the natural API and the guards to write.
  func vocabularyFile() -> String {
    var lines = [
      "/// \(table.summary)",
      "///",
      "/// Written from its transition table by `fsm new \(table.id)` (docs/new-machine.md):",
      "/// \(count(table.states.count, "state")), \(count(table.events.count, "event")) and "
        + "\(count(table.rows.count, "row")). The rows are `Table.table`, in",
      table.guards.isEmpty
        ? "/// `\(type)+Table.swift`."
        : "/// `\(type)+Table.swift`; the guards are written once, at the end of this file.",
      "public enum \(type): Machine {",
      "  /// The \(noun)'s states.",
      "  public enum State: String, StateID {",
    ]
    for state in table.states {
      lines += ["    /// \(stateSummary(state))", "    case \(state)"]
    }
    lines += ["  }", ""]
    lines += eventDeclaration()
    lines += ["", "  /// What the \(noun) does.", "  public enum Output: String, MachineOutput {"]
    for output in table.outputs {
      lines += ["    /// \(outputSummary(output))", "    case \(output)"]
    }
    lines += [
      "  }", "", "  /// `\(table.id)`.", "  public static let id = \"\(table.id)\"", "",
      "  /// One sentence on the \(noun).",
    ]
    let summary = "  public static let summary = \(Self.stringLiteral(table.summary))"
    lines +=
      summary.count <= 100
      ? [summary]
      : [
        "  public static let summary =", "    \(Self.stringLiteral(table.summary))",
      ]
    lines += [""] + descriptionDeclaration() + [""] + makeFunction() + [""]
    lines += sampleEventsFunction() + [""] + workedExamplesDeclaration()
    lines += ["}", ""] + protocolDeclaration() + guardFunctions()
    return Self.file(lines)
  }

  /// What the doc comments call one machine: the id's words.
  var noun: String { table.id.replacingOccurrences(of: "-", with: " ") }

  /// `3 states`, `1 event`.
  private func count(_ number: Int, _ word: String) -> String {
    "\(number) \(word)\(number == 1 ? "" : "s")"
  }

  /// `text` as a Swift string literal.
  static func stringLiteral(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }

  /// Where an output is emitted, for its doc comment.
  private func outputSummary(_ output: String) -> String {
    for state in table.states {
      let activities = table.activities(of: state)
      if activities.entry.contains(output) { return "Entry of `\(state)`." }
      if activities.exit.contains(output) { return "Exit of `\(state)`." }
    }
    let row = table.rows.first { $0.effect.contains(output) }
    return row.map { "Effect of `\($0.label(in: table))`." } ?? "`\(output)`."
  }

  /// The `Event` enum: plain cases, or cases with data and their signatures,
  /// kinds and arguments.
  private func eventDeclaration() -> [String] {
    guard table.hasEventData else {
      var lines = [
        "  /// What happens to the \(noun).",
        "  public enum Event: String, MachineEvent, CaseIterable {",
      ]
      for event in table.events { lines += ["    /// `\(event.name)`.", "    case \(event.name)"] }
      return lines + ["  }"]
    }
    var lines = ["  /// What happens to the \(noun).", "  public enum Event: MachineEvent {"]
    for event in table.events {
      if let argument = event.argument {
        lines += [
          "    /// `\(event.name)(\(argument.name))`.",
          "    case \(event.name)(\(argument.name): \(argument.type.rawValue))",
        ]
      } else {
        lines += ["    /// `\(event.name)`.", "    case \(event.name)"]
      }
    }
    let carrying = table.events.filter { $0.argument != nil }.map { "`\($0.name)`" }
    lines += [
      "",
      "    /// The events; \(carrying.joinedAsList(conjunction: "and")) carr\(carrying.count == 1 ? "ies" : "y") "
        + "an argument.",
      "    public static let signatures: [EventSignature<Event>] = [",
    ]
    for event in table.events {
      switch event.argument?.type {
      case nil: lines.append("      .plain(\"\(event.name)\", .\(event.name)),")
      case .string?, .int?:
        let argument = event.argument.map { $0 } ?? .init(name: "", type: .string, sample: "")
        let kind = argument.type == .string ? "data" : "count"
        lines.append(
          "      .\(kind)(\"\(event.name)\") { .\(event.name)(\(argument.name): $0) },")
      }
    }
    lines += [
      "    ]", "",
      "    /// The events without their data: what the table's rows are written for.",
      "    public enum Kind: String, CaseIterable, Sendable {",
    ]
    lines += Self.packed(table.events.map(\.name), prefix: "case ", indent: 6)
    lines += [
      "    }", "", "    /// The event without its data.", "    public var kind: Kind {",
      "      switch self {",
    ]
    for event in table.events {
      lines.append("      case .\(event.name): .\(event.name)")
    }
    lines += [
      "      }", "    }", "",
      "    /// The argument of \(carrying.joinedAsList(conjunction: "and")), as the command line writes it.",
      "    public var argument: String? {", "      switch self {",
    ]
    for event in table.events {
      guard let argument = event.argument else { continue }
      let value = argument.type == .string ? argument.name : "String(\(argument.name))"
      lines.append("      case .\(event.name)(let \(argument.name)): \(value)")
    }
    let plain = table.events.filter { $0.argument == nil }.map { ".\($0.name)" }
    if !plain.isEmpty {
      lines += Self.packed(plain, prefix: "case ", suffix: ": nil", indent: 6)
    }
    return lines + ["      }", "    }", "  }"]
  }

  /// `names` joined by commas after `prefix`, over as many lines as it
  /// takes, each indented by `indent`.
  static func packed(
    _ names: [String], prefix: String, suffix: String = "", indent: Int
  ) -> [String] {
    let pad = String(repeating: " ", count: indent)
    let one = pad + prefix + names.joined(separator: ", ") + suffix
    if one.count <= 100 { return [one] }
    var lines: [String] = []
    var line = pad + prefix
    for (index, name) in names.enumerated() {
      let piece = name + (index == names.count - 1 ? suffix : ",")
      if line.count + piece.count + 1 > 100 && line != pad + prefix {
        lines.append(line)
        line = pad + String(repeating: " ", count: prefix.count) + piece
      } else {
        line += (line == pad + prefix ? "" : " ") + piece
      }
    }
    return lines + [line]
  }

  /// `description`, drawn from the table style's rows.
  private func descriptionDeclaration() -> [String] {
    var arguments = ["initial: .\(table.initial)"]
    if !table.finalStates.isEmpty {
      arguments.append("finalStates: " + literal(table.finalStates).replacing(" ", with: " "))
    }
    arguments.append("events: Event.signatures")
    if table.hasActivities { arguments.append("activities: Table.table.activities") }
    arguments.append("transitions: Table.table.transitions")
    let named = table.events.compactMap { event in
      event.argument.map { "\"\(event.name)\": \"\($0.name)\"" }
    }
    var lines = [
      "  /// The \(noun) as a diagram, drawn from the rows\(table.hasActivities ? " and activities" : "")"
        + " the `table`",
      named.isEmpty
        ? "  /// style runs on."
        : "  /// style runs on, with each argument named as the table names it.",
    ]
    lines.append(
      "  public static let description = MachineDescription<State>(")
    lines += Self.packed(arguments, prefix: "", indent: 4)
    if named.isEmpty {
      lines[lines.count - 1] += ")"
    } else {
      lines.append("  ).naming(parameters: [\(named.joined(separator: ", "))])")
    }
    return lines
  }

  /// `make`: builds the machine in the style asked for.
  ///
  /// Kept in this one function so that the form can change in one place
  /// (the styles are to be registered rather than switched over).
  func makeFunction() -> [String] {
    [
      "  /// One line per style: how each builds a new \(noun), in `\(table.initial)`; the",
      "  /// configuration has nothing for it.",
      "  public static let implementations: Implementations<Self> = [",
      "    .style(.nestedSwitch): { _ in NestedSwitch() },",
      "    .style(.enum): { _ in Enum() },",
      "    .style(.statePattern): { _ in StatePattern() },",
      "    .statePatternTypes: { _ in StatePatternTypes() },",
      "    .style(.stateClasses): { _ in StateClasses() },",
      "    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },",
      "    .style(.table): { _ in Table() },",
      "  ]",
    ]
  }

  /// The event as a Swift value with its sample argument, as in
  /// `.unlock(code: "1234")`.
  func sample(_ name: String) -> String {
    guard let argument = table.event(name)?.argument else { return ".\(name)" }
    let value = argument.type == .string ? "\"\(argument.sample)\"" : argument.sample
    return ".\(name)(\(argument.name): \(value))"
  }

  private func sampleEventsFunction() -> [String] {
    let body: [String]
    if table.hasEventData {
      let items = table.events.map { sample($0.name) }
      body = Self.arrayLiteral(items, indent: 4)
    } else {
      body = ["    Event.allCases"]
    }
    return [
      table.hasEventData
        ? "  /// Every event, with its sample argument where it takes one."
        : "  /// Every event.",
      "  public static func sampleEvents(for configuration: Configuration) -> [Event] {",
    ] + body + ["  }"]
  }

  /// `[a, b]` on one line, or its items packed over several.
  static func arrayLiteral(_ items: [String], indent: Int, suffix: String = "") -> [String] {
    let pad = String(repeating: " ", count: indent)
    let one = pad + "[" + items.joined(separator: ", ") + "]" + suffix
    if one.count <= 100 { return [one] }
    return [pad + "["] + packed(items.map { $0 }, prefix: "", suffix: ",", indent: indent + 2)
      + [pad + "]" + suffix]
  }

  private func workedExamplesDeclaration() -> [String] {
    var lines = [
      "  /// One run per row of the table, from a new \(noun): the rows that lead to its",
      "  /// state, then the row itself.",
      "  public static let workedExamples = [",
    ]
    for row in table.rows {
      let events = Walks(table).example(for: row).map { sample($0.event) }
      let title = Self.stringLiteral(row.label(in: table))
      let list = "[" + events.joined(separator: ", ") + "]"
      let one = "    WorkedExample<Self>(\(title), \(list)),"
      if one.count <= 100 {
        lines.append(one)
      } else {
        lines.append("    WorkedExample<Self>(")
        let rest = "      \(title), \(list)),"
        if rest.count <= 100 {
          lines.append(rest)
        } else {
          lines.append("      \(title),")
          lines += Self.arrayLiteral(events, indent: 6, suffix: "),")
        }
      }
    }
    return lines + ["  ]"]
  }

  /// The protocol of the machine in any style, and its natural API.
  private func protocolDeclaration() -> [String] {
    var lines = [
      "/// A \(noun) in any style: what the implementations share.",
      "public protocol \(machineProtocol): StateMachine",
      "where",
      "  State == \(type).State, Event == \(type).Event, Output == \(type).Output, Failure == Never",
      "{}", "", "extension \(machineProtocol) {",
    ]
    for (index, event) in table.events.enumerated() {
      let value: String
      if let argument = event.argument {
        value = ".\(event.name)(\(argument.name): \(argument.name))"
      } else {
        value = ".\(event.name)"
      }
      if index > 0 { lines.append("") }
      lines += [
        "  /// Sends `\(event.name)` and returns the outputs.", "  @discardableResult",
      ]
      lines += function(
        "public mutating func \(method(event)) -> [Output]", "outputs(of: \(value))", indent: 2)
    }
    return lines + ["}"]
  }

  /// The guards, each a function to write once, which every style calls.
  private func guardFunctions() -> [String] {
    let guards = table.guards
    guard !guards.isEmpty else { return [] }
    var lines = ["", "extension \(type) {"]
    for (index, guardInfo) in guards.enumerated() {
      let events = guardInfo.events.map { name in
        "`" + (table.event(name)?.argument.map { "\(name)(\($0.name))" } ?? name) + "`"
      }
      let parameter = guardInfo.argument.map { "_ \($0.name): \($0.type.rawValue)" } ?? ""
      let about = guardInfo.argument.map { "`\($0.name)`" } ?? "the \(noun)'s world"
      if index > 0 { lines.append("") }
      lines += [
        "  /// The guard `[\(guardInfo.label)]` of \(events.joinedAsList(conjunction: "and")): whether it holds.",
        "  ///",
        "  /// To write: replace the `unwrittenGuard` line with a condition on \(about),",
        "  /// then run `swift test --filter StateMachinesTests`. Until then the guard",
        "  /// never holds, and the conformance suite names it.",
        "  public static func \(guardInfo.functionName)(\(parameter)) -> Bool {",
        "    unwrittenGuard(\"\(guardInfo.functionName)\", of: id)",
        "  }",
      ]
    }
    return lines + ["}"]
  }
}
