extension Emitter {
  /// `docs/machines/door.md`: the machine's page, in the order of
  /// docs/README.md ("How to read a machine page").
  func pageFile(source: String) -> String {
    var lines = [
      "# `\(table.id)`", "",
      table.summary, "",
      "Written from its transition table with `fsm new \(table.id)`",
      "([new-machine.md](../new-machine.md)); the table it was written from:", "",
      "```",
    ]
    lines += source.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0.isWhitespace }.reversed())
    }.reversed().drop { $0.isEmpty }.reversed()
    lines += [
      "```", "",
      "Shared rules: [semantics](../semantics.md). Diagram:",
      "[`\(table.id).svg`](../diagrams/\(table.id).svg).", "",
      "## States", "", "| state | |", "|---|---|",
    ]
    for state in table.states {
      let notes = [
        state == table.initial ? "initial" : nil,
        table.finalStates.contains(state) ? "final: no row leaves it" : nil,
      ].compactMap { $0 }
      lines.append(
        "| `\(state)` |" + (notes.isEmpty ? "" : " " + notes.joined(separator: "; ")) + " |")
    }
    lines += [
      "", "## Events", "", "| event | written | argument |", "|---|---|---|",
    ]
    for event in table.events {
      if let argument = event.argument {
        let what =
          argument.type == .string
          ? "any text without spaces, as in `\(event.name):\(argument.sample)`"
          : "a whole number, as in `\(event.name):\(argument.sample)`"
        lines.append(
          "| `\(event.name)(\(argument.name))` | `\(event.name):\(argument.name.uppercased())` "
            + "| \(what) |")
      } else {
        lines.append("| `\(event.name)` | `\(event.name)` | none |")
      }
    }
    let carrying = table.events.filter { $0.argument != nil }.map { "`\($0.name)`" }
    let plain = table.events.filter { $0.argument == nil }.map { "`\($0.name)`" }
    lines.append("")
    if !carrying.isEmpty {
      lines.append(
        "\(carrying.joinedAsList(conjunction: "or")) without an argument is a usage error.")
    }
    if let first = plain.first {
      lines.append(
        "An argument to an event that takes none (\(first.dropLast()):5`) is a usage error.")
    }
    lines += ["", "## Outputs", ""]
    lines.append(
      table.outputs.isEmpty
        ? "None." : table.outputs.map { "`\($0)`" }.joined(separator: ", ") + ".")
    lines += ["", "## Activities", ""]
    if table.hasActivities {
      lines += ["| state | entry | exit |", "|---|---|---|"]
      for state in table.states {
        let activities = table.activities(of: state)
        let entry =
          activities.entry.isEmpty
          ? "-" : activities.entry.map { "`\($0)`" }.joined(separator: ", ")
        let exit =
          activities.exit.isEmpty ? "-" : activities.exit.map { "`\($0)`" }.joined(separator: ", ")
        lines.append("| `\(state)` | \(entry) | \(exit) |")
      }
    } else {
      lines.append("None: no state has an entry or an exit activity.")
    }
    lines += ["", "## Transitions", "", "| from | event [guard] / effect | to |", "|---|---|---|"]
    for row in table.rows {
      var label = "`\(table.trigger(of: row))`"
      if let guardLabel = row.guardLabel { label += " [\(guardLabel)]" }
      if !row.effect.isEmpty {
        label += " / " + row.effect.map { "`\($0)`" }.joined(separator: ", ")
      }
      let target = "`\(row.target)`" + (row.target == row.source ? " (self)" : "")
      lines.append("| `\(row.source)` | \(label) | \(target) |")
    }
    lines += ["", "## The rules in words", ""]
    lines += rulesInWords()
    lines += ["", "## Worked examples", "", "One per row of the table, each from a new \(noun):"]
    let walks = Walks(table)
    for row in table.rows {
      let rows = walks.example(for: row)
      lines += [
        "", "`\(row.label(in: table))`:", "", "```",
        "$ fsm run \(table.id) --json "
          + rows.map { table.commandLine(of: $0) }.joined(separator: " "),
      ]
      lines += rows.map(jsonLine)
      lines.append("```")
    }
    return Self.file(lines)
  }

  /// The rules of the page: the order of rows, the guards, what is ignored.
  private func rulesInWords() -> [String] {
    var lines: [String] = []
    for state in table.states {
      for event in table.events where table.rows(from: state, on: event.name).count > 1 {
        lines.append(
          "- In `\(state)`, the rows for `\(event.name)` are tried in the order written; the "
            + "first whose guard holds is taken.")
      }
    }
    for guardInfo in table.guards {
      let parameter = guardInfo.argument.map { "_ \($0.name): \($0.type.rawValue)" } ?? ""
      lines.append(
        "- [\(guardInfo.label)] is `\(type).\(guardInfo.functionName)(\(parameter))`, in "
          + "`Sources/StateMachines/\(type)/\(type).swift`; every style asks it. When it does "
          + "not hold and no other row applies, the event is ignored.")
    }
    for state in table.states {
      let ignored = table.events.filter { table.rows(from: state, on: $0.name).isEmpty }
      guard !ignored.isEmpty else { continue }
      let names = ignored.map { "`\($0.name)`" }.joinedAsList(conjunction: "and")
      lines.append("- `\(state)` ignores \(names): no output, no change.")
    }
    if lines.isEmpty { lines.append("- Every state handles every event.") }
    lines.append("- Nothing is rejected.")
    return lines
  }

  /// The line `fsm run --json` prints for a row that fires.
  private func jsonLine(_ row: MachineTable.Row) -> String {
    let outputs = table.outputs(of: row).map { "\"\($0)\"" }.joined(separator: ", ")
    return "{\"event\": \"\(table.commandLine(of: row))\", \"from\": \"\(row.source)\", "
      + "\"to\": \"\(row.target)\", \"fired\": true, \"outputs\": [\(outputs)]}"
  }
}
