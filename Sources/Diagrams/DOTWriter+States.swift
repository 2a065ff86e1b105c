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
    let items = compartmentItems(state)
    if !items.isEmpty {
      rows.append("<HR/>")
      rows.append(compartmentRow(items))
    }
    return "label=<<TABLE \(table.joined(separator: " "))>\(rows.joined())</TABLE>>"
  }

  /// Whether `state` has anything to show in a compartment.
  func hasCompartment(_ state: State) -> Bool {
    let activities = description.activities[state] ?? .init()
    return !activities.entry.isEmpty || !activities.exit.isEmpty
      || description.transitions.contains { $0.source == state && $0.kind == .internal }
  }

  /// A compartment item as drawn: with the steps that took it when a run
  /// did, in its colour.
  typealias ShownItem = (item: CompartmentItem, steps: [Int]?, color: String?)

  /// The compartment's items: `entry / …`, `exit / …`, then each internal
  /// transition in the description's order.
  func compartmentItems(_ state: State) -> [ShownItem] {
    var items: [ShownItem] = []
    let activities = description.activities[state] ?? .init()
    for (keyword, outputs) in [("entry", activities.entry), ("exit", activities.exit)]
    where !outputs.isEmpty {
      items.append((LabelLines.activity(keyword, outputs), nil, textColor(state)))
    }
    for (index, transition) in description.transitions.enumerated()
    where transition.source == state && transition.kind == .internal {
      let steps = tally?.steps[index]
      items.append(
        (
          LabelLines.internalTransition(transition, in: description), steps,
          steps == nil ? textColor(state) : Look.taken
        ))
    }
    return items
  }

  /// The compartment's row of the state's table.
  ///
  /// Items that fit on a line are lines of one cell. When one does not,
  /// each item is a row of a table, and a long one is a table of its own:
  /// its head in one cell and the rest in the next, so that its wrapped
  /// lines line up beside the head, whatever the font.
  func compartmentRow(_ items: [ShownItem]) -> String {
    // Each item's head and hanging lines as HTML, its steps after its last
    // line, all in its colour.
    let html = items.map { item, steps, color in
      let suffix = steps.map(stepSuffix) ?? ""
      let head = observedFace(Escaping.html(item.head))
      guard !item.hanging.isEmpty else {
        return (head: colored(head + suffix, color), hanging: String?.none)
      }
      let lines = observedFace(item.hanging.map(Escaping.html).joined(separator: "<BR/>"))
      return (head: colored(head, color), hanging: colored(lines + suffix, color))
    }
    guard html.contains(where: { $0.hanging != nil }) else {
      let lines = html.map(\.head).joined(separator: "<BR/>")
      return "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(lines)</TD></TR>"
    }
    let table = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
    let rows = html.map { head, hanging in
      guard let hanging else { return "<TR><TD ALIGN=\"LEFT\">\(head)</TD></TR>" }
      let cells =
        "<TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\(head)&#160;</TD>"
        + "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(hanging)</TD>"
      return "<TR><TD ALIGN=\"LEFT\">\(table)<TR>\(cells)</TR></TABLE></TD></TR>"
    }
    return "<TR><TD ALIGN=\"LEFT\">\(table)\(rows.joined())</TABLE></TD></TR>"
  }

  /// `html` in `color`, or as it is when there is no colour to give.
  func colored(_ html: String, _ color: String?) -> String {
    color.map { "<FONT COLOR=\"\($0)\">\(html)</FONT>" } ?? html
  }

  // MARK: - Colours of a run

  /// Whether the run ended in `state`.
  func isCurrent(_ state: State) -> Bool { tally?.current.contains(state) == true }

  /// `color` when a run is drawn, black otherwise.
  func runColor(_ color: String) -> String { tally == nil ? "black" : color }

  /// The outline of a state: black (grey if transient), or by what the run
  /// did to it.
  func outlineColor(_ state: State) -> String {
    guard let tally else { return description.isTransient(state) ? Look.transient : "black" }
    if tally.current.contains(state) { return Look.current }
    return tally.visited.contains(state) ? Look.taken : Look.faded
  }

  /// The colour of a state's text: faded when a run is drawn that missed
  /// it (that was never in a state inside it, for a superstate).
  func textColor(_ state: State) -> String? {
    guard let tally, !tally.visited.contains(where: { description.hierarchy.isWithin($0, state) })
    else { return nil }
    return Look.faded
  }

  /// The fill of a state the run visited; the state it ended in stands out.
  private func fillColor(_ state: State) -> String? {
    guard let tally else { return nil }
    if tally.current.contains(state) { return Look.currentFill }
    return tally.visited.contains(state) ? Look.visitedFill : nil
  }
}
