import StateMachines

extension DOTWriter {
  /// A state's label: a rounded box with its name and, below a rule, a
  /// compartment with its activities and internal transitions.
  ///
  /// The box is an HTML-like table rather than a node shape because only a
  /// table can draw the rule between name and compartment.
  func stateLabel(_ state: State) -> String {
    var table = [
      "BORDER=\"\(isCurrent(state) ? 2 : 1)\"", "CELLBORDER=\"0\"", "CELLSPACING=\"0\"",
      "CELLPADDING=\"5\"", "COLOR=\"\(outlineColor(state))\"",
    ]
    // A transient state is dashed: the machine passes through it on its own
    // and no outside event ever finds it there.
    table.append(description.isTransient(state) ? "STYLE=\"ROUNDED,DASHED\"" : "STYLE=\"ROUNDED\"")
    if let fill = fillColor(state) { table.append("BGCOLOR=\"\(fill)\"") }

    var name = Escaping.html(description.name(of: state))
    if isCurrent(state) { name = bold(name) }
    // A minimum width keeps short names from making tiny boxes.
    var rows = ["<TR><TD WIDTH=\"60\">\(colored(name, textColor(state)))</TD></TR>"]
    let compartment = compartmentLines(state).joined(separator: "<BR/>")
    if !compartment.isEmpty {
      rows.append("<HR/>")
      rows.append("<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(compartment)</TD></TR>")
    }
    return "label=<<TABLE \(table.joined(separator: " "))>\(rows.joined())</TABLE>>"
  }

  /// Whether `state` has anything to show in a compartment.
  func hasCompartment(_ state: State) -> Bool {
    let activities = description.activities[state] ?? .init()
    return !activities.entry.isEmpty || !activities.exit.isEmpty
      || description.transitions.contains { $0.source == state && $0.kind == .internal }
  }

  /// The compartment's lines, as HTML: `entry / …`, `exit / …`, then each
  /// internal transition in the description's order, with its count when a
  /// run took it.
  ///
  /// A long item wraps, its further lines indented so that it still reads
  /// as one item.
  private func compartmentLines(_ state: State) -> [String] {
    var items: [(lines: [String], count: Int?)] = []
    let activities = description.activities[state] ?? .init()
    for (keyword, outputs) in [("entry", activities.entry), ("exit", activities.exit)]
    where !outputs.isEmpty {
      items.append((LabelLines.activity(keyword, outputs), nil))
    }
    for (index, transition) in description.transitions.enumerated()
    where transition.source == state && transition.kind == .internal {
      items.append(
        (LabelLines.internalTransition(transition, in: description), tally?.counts[index]))
    }
    return items.map { lines, count in
      // Non-breaking spaces, which HTML-like labels keep at the start of a line.
      var html = lines.map(Escaping.html).joined(separator: "<BR/>&#160;&#160;&#160;")
      if let count { html += countSuffix(count) }
      return colored(html, count == nil ? textColor(state) : Look.taken)
    }
  }

  /// `html` in `color`, or as it is when there is no colour to give.
  private func colored(_ html: String, _ color: String?) -> String {
    color.map { "<FONT COLOR=\"\($0)\">\(html)</FONT>" } ?? html
  }

  // MARK: - Colours of a run

  /// Whether the run ended in `state`.
  func isCurrent(_ state: State) -> Bool { tally?.current == state }

  /// `color` when a run is drawn, black otherwise.
  func runColor(_ color: String) -> String { tally == nil ? "black" : color }

  /// The outline of a state: black (grey if transient), or by what the run
  /// did to it.
  func outlineColor(_ state: State) -> String {
    guard let tally else { return description.isTransient(state) ? Look.transient : "black" }
    if tally.current == state { return Look.current }
    return tally.visited.contains(state) ? Look.taken : Look.faded
  }

  /// The colour of a state's text: faded when a run is drawn that missed it.
  func textColor(_ state: State) -> String? {
    guard let tally, !tally.visited.contains(state) else { return nil }
    return Look.faded
  }

  /// The fill of a state the run visited; the state it ended in stands out.
  private func fillColor(_ state: State) -> String? {
    guard let tally else { return nil }
    if tally.current == state { return Look.currentFill }
    return tally.visited.contains(state) ? Look.visitedFill : nil
  }
}
