/// How one of the three State pattern styles writes its states: the parts
/// in which `Emitter.stateStyleFile` differs between them.
struct StateFlavor {
  /// The type the context holds, as in `any DoorState`.
  var held: String
  /// The protocol or base class of the states, as in `DoorState`.
  var base: String
  /// What a decision names the next state by, as in `any DoorState`.
  var next: String
  /// `static ` for states as types; empty otherwise.
  var member: String
  /// `override ` for the subclasses; empty otherwise.
  var override: String
  /// The declaration a state is, as in `struct`.
  var kind: String
  /// The next state as a decision writes it, as in `Opened()`.
  var successor: (String) -> String
}

extension Emitter {
  /// The decision type of a flavour, as in `Decision<any DoorState, Door.Output>`.
  func decision(_ flavor: StateFlavor) -> String {
    "Decision<\(flavor.next), \(type).Output>"
  }

  /// The doc line of the method a state answers `event` with.
  func decides(_ event: MachineTable.Event) -> String {
    let written = event.argument.map { "\(event.name)(\($0.name))" } ?? event.name
    return "Decides what `\(written)` does here."
  }

  /// The declarations of the states, one type each, in `extension owner`.
  func stateDeclarations(_ flavor: StateFlavor, owner: String) -> [String] {
    var lines = ["extension \(owner) {"]
    for (index, state) in table.states.enumerated() {
      if index > 0 { lines.append("") }
      lines += [
        "  /// \(stateSummary(state))",
        "  public \(flavor.kind) \(stateType(state)): \(flavor.base) {",
        "    /// `\(state)`.",
        "    public \(flavor.override)\(flavor.member)var id: \(type).State { .\(state) }",
      ]
      let activities = table.activities(of: state)
      for (part, outputs) in [("entry", activities.entry), ("exit", activities.exit)]
      where !outputs.isEmpty {
        let signature =
          "public \(flavor.override)\(flavor.member)func \(part)(emit: (\(type).Output) -> Void)"
        lines += [
          "", "    /// \(part == "entry" ? "Entry" : "Exit"): \(outputs.joined(separator: ", ")).",
        ]
        if outputs.count == 1, let output = outputs.first {
          lines += function(signature, "emit(.\(output))", indent: 4)
        } else {
          lines += ["    \(signature) {"] + outputs.map { "      emit(.\($0))" } + ["    }"]
        }
      }
      for event in events(handledIn: state) {
        let rows = table.rows(from: state, on: event.name)
        let signature =
          "public \(flavor.override)\(flavor.member)func \(method(event)) -> \(decision(flavor))"
        lines += ["", "    /// \(rowsSummary(from: state, on: event.name))"]
        if rows.count == 1, let row = rows.first, row.guardLabel == nil {
          lines += function(signature, go(row, flavor), indent: 4)
        } else {
          lines += signatureLines(signature, indent: 4)
          lines += guardedRows(rows, indent: 6, ignored: "return .ignore") { row, pad in
            ["\(pad)return \(go(row, flavor))"]
          }
          lines.append("    }")
        }
      }
      lines.append("  }")
    }
    return lines + ["}"]
  }

  /// The opening of a function whose body follows on its own lines.
  func signatureLines(_ signature: String, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    let opening = "\(pad)\(signature) {"
    return opening.count <= 100 ? [opening] : ["\(pad)\(signature)", "\(pad){"]
  }

  /// The decision of a row, as in `.go(to: Opened(), effect: [.swing])`.
  func go(_ row: MachineTable.Row, _ flavor: StateFlavor) -> String {
    let effect = row.effect.isEmpty ? "" : ", effect: \(literal(row.effect))"
    return ".go(to: \(flavor.successor(stateType(row.target)))\(effect))"
  }

  /// The rest of a State pattern context (values or types alike): the
  /// doc comment and `handle`, which asks the current state and carries out
  /// its decision, then the end of the type and its extension.
  func contextHandle() -> [String] {
    let enter = table.hasActivities ? ["        next.entry(emit: emit)"] : []
    return carriesOut
      + [
        "    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {"
      ]
      + askCurrentState() + carryOut(enter: enter + ["        current = next"])
      + ["    }", "  }", "}", ""]
  }

  /// The `switch` that asks the current state about the event, in the
  /// context's `handle`.
  func askCurrentState() -> [String] {
    var lines = ["      let decision =", "        switch event {"]
    for event in table.events {
      lines.append(
        "        case \(pattern(event, binding: event.argument != nil)): current.\(call(event))")
    }
    return lines + ["        }"]
  }

  /// How the context carries out a decision: for a transition, exit,
  /// effect, entry, as `enter` writes the entry and the change of state.
  func carryOut(enter: [String]) -> [String] {
    var lines = [
      "      switch decision {",
      "      case .ignore:",
      "        return .ignored",
      "      case .stay(let effect):",
      "        effect.forEach(emit)",
      "      case .go(let next, let effect):",
    ]
    if table.hasActivities { lines.append("        current.exit(emit: emit)") }
    lines.append("        effect.forEach(emit)")
    lines += enter
    return lines + ["      }", "      return .fired"]
  }

  /// What the context's `handle` says of itself.
  var carriesOut: [String] {
    table.hasActivities
      ? [
        "    /// Asks the current state what the event does, then carries it out:",
        "    /// exit, effect, entry, in that order.",
      ]
      : [
        "    /// Asks the current state what the event does, then carries it out: the",
        "    /// effect, then the switch to the next state (no state here has entry",
        "    /// or exit activities).",
      ]
  }

  /// The requirements or the do-nothing methods of every event and
  /// activity: `body` is `nil` for a protocol's requirements.
  func stateMethods(_ flavor: StateFlavor, body: String?, override: String = "") -> [String] {
    var lines: [String] = []
    let access = body == nil ? "" : "public "
    for event in table.events {
      let signature = "\(access)\(flavor.member)func \(method(event)) -> \(decision(flavor))"
      lines += ["", "  /// \(body == nil ? decides(event) : "Ignored.")"]
      lines += body.map { function(signature, $0, indent: 2) } ?? ["  \(signature)"]
    }
    guard table.hasActivities else { return lines }
    for part in ["entry", "exit"] {
      let signature = "\(access)\(flavor.member)func \(part)(emit: (\(type).Output) -> Void)"
      let doc =
        body == nil
        ? "Runs every time a transition \(part == "entry" ? "enters" : "leaves") this state."
        : "Does nothing."
      lines += ["", "  /// \(doc)"]
      lines += body == nil ? ["  \(signature)"] : ["  \(signature) {}"]
    }
    return lines
  }
}
