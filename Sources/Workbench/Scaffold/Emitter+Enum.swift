extension Emitter {
  /// `Door+Enum.swift`: one enum that is the machine, one `switch` over
  /// `(self, event)`.
  func enumFile() -> String {
    var lines = [
      "extension \(type) {",
      "  /// The \(noun) written as an enum that is its own machine.",
      "  ///",
      "  /// Notice the single `switch` over `(self, event)`: the transition table",
      "  /// reads row by row, and the compiler checks that no pair is forgotten.",
    ]
    if table.hasActivities {
      lines += [
        "  /// Entry and exit activities are written once, as methods of the enum,",
        "  /// and `transition` runs them in their order: exit, effect, entry.",
      ]
    }
    lines.append("  public enum Enum: \(machineProtocol) {")
    for state in table.states {
      lines += ["    /// \(stateSummary(state))", "    case \(state)"]
    }
    lines += [
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init() { self = .\(table.initial) }",
      "",
      "    /// The public id of the current state.",
      "    public var state: State {",
      "      switch self {",
    ]
    lines += table.states.map { "      case .\($0): .\($0)" }
    lines += [
      "      }", "    }", "",
      "    /// Handles one event: one `switch` over `(self, event)`.",
      "    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {",
      "      switch (self, event) {",
    ]
    var everyPair = true
    for state in table.states {
      for event in table.events {
        let rows = table.rows(from: state, on: event.name)
        guard !rows.isEmpty else {
          everyPair = false
          continue
        }
        lines.append("      case (.\(state), \(pattern(event, binding: isGuarded(event)))):")
        lines += guardedRows(rows, indent: 8) { row, pad in enumTransition(row, pad) }
      }
    }
    if !everyPair {
      let all = table.states.map { "(.\($0), _)" }
      lines += Self.packed(all, prefix: "case ", suffix: ":", indent: 6)
      lines.append("        return .ignored")
    }
    lines += ["      }", "      return .fired", "    }"]
    if table.hasActivities { lines += enumActivities() }
    lines += ["  }", "}"]
    return Self.file(lines)
  }

  /// What a row does in the enum: its outputs and the new case, or a call
  /// of `transition` when states have activities.
  private func enumTransition(_ row: MachineTable.Row, _ pad: String) -> [String] {
    guard table.hasActivities else {
      var lines = row.effect.map { "\(pad)emit(.\($0))" }
      if row.target != row.source { lines.append("\(pad)self = .\(row.target)") }
      // A case must do something: a row with no outputs that stays does nothing else.
      return lines.isEmpty ? ["\(pad)break"] : lines
    }
    let effect = row.effect.isEmpty ? "" : "effect: \(literal(row.effect)), "
    return ["\(pad)transition(to: .\(row.target), \(effect)emit: emit)"]
  }

  /// `transition`, `entry` and `exit`: the activities, written once.
  private func enumActivities() -> [String] {
    let parts = ["entry", "exit"].filter { part in
      table.states.contains { state in
        let activities = table.activities(of: state)
        return !(part == "entry" ? activities.entry : activities.exit).isEmpty
      }
    }
    var lines = [
      "",
      "    /// Leaves this state for `next`: exit, effect, entry.",
      "    private mutating func transition(",
      "      to next: Self, effect: [Output] = [], emit: (Output) -> Void",
      "    ) {",
    ]
    if parts.contains("exit") { lines.append("      exit(emit: emit)") }
    lines += ["      effect.forEach(emit)", "      self = next"]
    if parts.contains("entry") { lines.append("      entry(emit: emit)") }
    lines.append("    }")
    for part in parts {
      let title = part
      lines += [
        "",
        "    /// The \(title) activity of this state.",
        "    private func \(part)(emit: (Output) -> Void) {",
        "      switch self {",
      ]
      var quiet: [String] = []
      for state in table.states {
        let activities = table.activities(of: state)
        let outputs = part == "entry" ? activities.entry : activities.exit
        if outputs.isEmpty {
          quiet.append(".\(state)")
        } else if outputs.count == 1, let output = outputs.first {
          lines.append("      case .\(state): emit(.\(output))")
        } else {
          lines.append("      case .\(state):")
          lines += outputs.map { "        emit(.\($0))" }
        }
      }
      if !quiet.isEmpty {
        lines += Self.packed(quiet, prefix: "case ", suffix: ": break", indent: 6)
      }
      lines += ["      }", "    }"]
    }
    return lines
  }
}
