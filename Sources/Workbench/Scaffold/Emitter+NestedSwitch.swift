extension Emitter {
  /// `Door+NestedSwitch.swift`: a `switch` on the event, then one on the
  /// state, each transition writing its own outputs.
  func nestedSwitchFile() -> String {
    var notice = [
      "  /// The state is a plain tag and each event is a `switch` on it. Notice that",
      "  /// every cell of the state/event table is a `case` you can point at",
    ]
    if table.hasActivities {
      notice[1] += ", and that"
      notice += [
        "  /// every transition writes the exit and entry outputs of its states itself:",
        "  /// forgetting one would be a bug the compiler cannot see.",
      ]
    } else {
      notice[1] += "."
    }
    var lines = [
      "extension \(type) {", "  /// The \(noun) written as nested switches.", "  ///",
    ]
    lines += notice
    lines += [
      "  public struct NestedSwitch: \(machineProtocol) {",
      "    /// The current state.",
      "    public private(set) var state: State = .\(table.initial)",
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init() {}",
      "",
      "    /// Handles one event: a `switch` on the event, then one on the state.",
      "    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {",
      "      switch event {",
    ]
    for (index, event) in table.events.enumerated() {
      if index > 0 { lines.append("") }
      lines.append("      case \(pattern(event, binding: isGuarded(event))):")
      let handling = table.states.filter { !table.rows(from: $0, on: event.name).isEmpty }
      guard !handling.isEmpty else {
        lines.append("        return .ignored")
        continue
      }
      lines.append("        switch state {")
      for state in handling {
        lines.append("        case .\(state):")
        lines += guardedRows(table.rows(from: state, on: event.name), indent: 10) { row, pad in
          var body = table.activities(of: row.source).exit.map { "\(pad)emit(.\($0))" }
          body += row.effect.map { "\(pad)emit(.\($0))" }
          if row.target != row.source { body.append("\(pad)state = .\(row.target)") }
          body += table.activities(of: row.target).entry.map { "\(pad)emit(.\($0))" }
          return body + ["\(pad)return .fired"]
        }
      }
      let ignoring = statesIgnoring(event.name)
      if !ignoring.isEmpty {
        lines += Self.packed(ignoring.map { ".\($0)" }, prefix: "case ", suffix: ":", indent: 8)
        lines.append("          return .ignored")
      }
      lines.append("        }")
    }
    lines += ["      }", "    }", "  }", "}"]
    return Self.file(lines)
  }

  /// The rows for one state and event, tried in order: a row with a guard
  /// runs `body` if its guard holds; the last row without one always does;
  /// when every row has a guard and none holds, the event is ignored
  /// (`ignored`).
  ///
  /// `body` gives a row's statements, each starting with the indentation
  /// it is given.
  func guardedRows(
    _ rows: [MachineTable.Row], indent: Int, ignored: String = "return .ignored",
    body: (MachineTable.Row, String) -> [String]
  ) -> [String] {
    let pad = String(repeating: " ", count: indent)
    if rows.count == 1, let row = rows.first {
      guard let condition = guardCall(row) else { return body(row, pad) }
      return ["\(pad)guard \(condition) else { \(ignored) }"] + body(row, pad)
    }
    var lines: [String] = []
    for row in rows {
      guard let condition = guardCall(row) else {
        return lines + ["\(pad)} else {"] + body(row, pad + "  ") + ["\(pad)}"]
      }
      lines.append(lines.isEmpty ? "\(pad)if \(condition) {" : "\(pad)} else if \(condition) {")
      lines += body(row, pad + "  ")
    }
    return lines + ["\(pad)} else {", "\(pad)  \(ignored)", "\(pad)}"]
  }
}
