extension Emitter {
  /// `Door+Table.swift`: the rows as data, one engine, and the rows are
  /// what the diagram is drawn from.
  func tableFile() -> String {
    var lines = [
      "extension \(type) {",
      "  /// The \(noun) written as a transition table: rows of data that one engine",
      "  /// runs.",
      "  ///",
      "  /// Notice that the rows are the whole behaviour, and that they are also",
      "  /// what the diagram is drawn from: `\(type).description` lists",
      "  /// `Table.table`'s transitions, so the picture cannot drift from the code.",
    ]
    if !table.guards.isEmpty {
      lines += [
        "  /// For one state and event the engine tries the rows in order and takes",
        "  /// the first whose guard holds.",
      ]
    }
    lines += [
      "  public struct Table: \(machineProtocol) {",
      "    /// The \(noun)'s table: the rows, in the order they are tried"
        + (table.hasActivities ? ", and the activities." : "."),
      "    public static let table = TransitionTable<State, Event, Output, Void>(",
      "      rows: [",
    ]
    for (index, row) in table.rows.enumerated() {
      lines += tableRow(row, last: index == table.rows.count - 1 && table.rows.count == 1)
    }
    if table.hasActivities {
      lines.append("      ],")
      let entries = table.states.compactMap { state -> String? in
        let outputs = table.activities(of: state).entry
        return outputs.isEmpty
          ? nil : ".\(state): .emits(\(outputs.map { ".\($0)" }.joined(separator: ", ")))"
      }
      let exits = table.states.compactMap { state -> String? in
        let outputs = table.activities(of: state).exit
        return outputs.isEmpty
          ? nil : ".\(state): .emits(\(outputs.map { ".\($0)" }.joined(separator: ", ")))"
      }
      var parts: [(String, [String])] = []
      if !entries.isEmpty { parts.append(("entry", entries)) }
      if !exits.isEmpty { parts.append(("exit", exits)) }
      for (index, (label, items)) in parts.enumerated() {
        lines.append("      \(label): [")
        lines += items.map { "        \($0)\(items.count == 1 ? "" : ",")" }
        lines.append(index == parts.count - 1 ? "      ])" : "      ],")
      }
    } else {
      lines.append("      ])")
    }
    for guardInfo in table.guards where guardInfo.argument != nil {
      lines += guardAdaptor(guardInfo)
    }
    lines += [
      "",
      "    /// The current state.",
      "    public private(set) var state: State = .\(table.initial)",
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init() {}",
      "",
      "    /// Looks the event up in the table and carries out the row found.",
      "    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {",
      "      var noData: Void = ()",
      "      // No row of this table rejects an event, so firing never throws.",
      "      return (try? Self.table.fire(event, state: &state, data: &noData, emit: emit)) ?? .ignored",
      "    }",
      "  }",
      "}",
    ]
    return Self.file(lines)
  }

  /// One row of the table, on one line or packed over several.
  private func tableRow(_ row: MachineTable.Row, last: Bool) -> [String] {
    var arguments = [".\(row.source)", "on: .\(row.event)"]
    if let label = row.guardLabel {
      arguments.append("guard: \(Self.stringLiteral(label))")
      let function = SwiftNames.lowerCamel(words: label)
      if table.event(row.event)?.argument != nil {
        arguments.append("guard\(stateType(function))")
      } else {
        arguments.append("{ _, _, _ in \(type).\(function)() }")
      }
    }
    if !row.effect.isEmpty { arguments.append("effect: \(literal(row.effect))") }
    arguments.append("to: .\(row.target)")
    let end = last ? ")" : "),"
    let one = "        .init(\(arguments.joined(separator: ", ")))\(last ? "" : ",")"
    if one.count <= 100 { return [one] }
    return ["        .init("] + Self.packed(arguments, prefix: "", suffix: end, indent: 10)
  }

  /// The condition a row with a guard on an event's argument calls: it
  /// takes the argument out of the event and asks the guard.
  private func guardAdaptor(_ guardInfo: MachineTable.Guard) -> [String] {
    let name = "guard\(stateType(guardInfo.functionName))"
    let argument = guardInfo.argument?.name ?? ""
    var lines = [
      "",
      "    /// The guard [\(guardInfo.label)] as a row asks it: about the \(argument) the event "
        + "carries.",
    ]
    lines += signatureLines(
      "private static func \(name)(_: Void, _ event: Event, _: (Output) -> Void) -> Bool",
      indent: 4)
    lines.append("      switch event {")
    for name in guardInfo.events {
      lines.append(
        "      case .\(name)(let \(argument)): \(type).\(guardInfo.functionName)(\(argument))")
    }
    if guardInfo.events.count < table.events.count { lines.append("      default: false") }
    return lines + ["      }", "    }"]
  }
}
