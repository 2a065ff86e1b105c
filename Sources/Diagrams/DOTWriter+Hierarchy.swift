import StateMachines

/// Statecharts as UML draws them: a superstate is a rounded box around its
/// substates, with its name (and its activities) at the top; each region is
/// framed by a dashed line, side by side with the others; a superstate
/// with an initial substate has an initial pseudostate of its own inside
/// it, and one that keeps history has a small circle marked `H`.
///
/// In DOT, each superstate and each region is a cluster. An arrow written
/// on a superstate leaves from its border and one that enters it through
/// its initial substate ends at its border: the edge is attached to a node
/// inside the cluster and cut at the cluster's border (`compound=true`,
/// `ltail`, `lhead`). An arrow into a superstate's history ends at its `H`.
///
/// A flat machine has no clusters: none of this changes its diagram.
extension DOTWriter {
  /// The description's superstates and regions.
  private var hierarchy: StateHierarchy<State> { description.hierarchy }

  // MARK: - Ids

  /// The cluster name of `composite`: `cluster onGround`, quoted.
  private func clusterID(_ composite: State) -> String {
    Escaping.quoted("cluster " + composite.rawValue)
  }

  /// The cluster name of `region`: `cluster region movement`, quoted.
  private func clusterID(_ region: StateHierarchy<State>.Region) -> String {
    Escaping.quoted("cluster region " + region.id)
  }

  /// The node id of `region`'s initial pseudostate, never a state's name.
  private func initialID(_ region: StateHierarchy<State>.Region) -> String {
    Escaping.quoted(freeName("initial (\(region.id))"))
  }

  /// The node id of the initial pseudostate inside `composite`.
  private func initialID(in composite: State) -> String {
    Escaping.quoted(freeName("initial in \(composite.rawValue)"))
  }

  /// The node id of the history pseudostate inside `composite`.
  private func historyID(of composite: State) -> String {
    Escaping.quoted(freeName("H in \(composite.rawValue)"))
  }

  // MARK: - Nodes

  /// The regions, each a dashed cluster with its initial pseudostate and
  /// its states, in the order the machine lists them; a statechart
  /// without regions has the machine's one initial pseudostate and its
  /// top-level states.
  var hierarchyNodes: [String] {
    var lines = [
      "",
      "  // Regions, each framed by a dashed line: the machine is in one state of",
      "  // each at once. A superstate is a rounded cluster around its substates.",
    ]
    guard !hierarchy.regions.isEmpty else {
      let top = description.states.filter { hierarchy.parent(of: $0) == nil }
      return lines + ["  \(initialID) [\(list(initialAttributes))];"] + contents(top, depth: 1)
    }
    // Graphviz stacks clusters that no arrow joins in the order they come,
    // left to right; but when it turns the layout for `rankdir=LR`, the
    // first comes out at the bottom. The regions are written backwards
    // then, so that they read in their order from the top.
    let regions =
      direction == .leftToRight ? hierarchy.regions.reversed() : hierarchy.regions
    for region in regions where region.states.contains(where: isShown) {
      let attributes = [
        "label=<\(Escaping.html(region.id))>", "style=\"dashed\"", "color=\"\(Look.region)\"",
        "fontcolor=\"\(Look.region)\"", "fontsize=\(Look.stateFontSize)",
        "margin=\(Look.clusterMargin)",
      ]
      lines += ["  subgraph \(clusterID(region)) {", "    graph [\(list(attributes))];"]
      if isShown(region.initial) {
        lines.append("    \(initialID(region)) [\(list(initialAttributes))];")
      }
      lines += contents(region.states, depth: 2)
      lines.append("  }")
    }
    return lines
  }

  /// The statements of `states` and, inside the cluster of each
  /// superstate, of its pseudostates and substates, indented `depth` levels.
  private func contents(_ states: [State], depth: Int) -> [String] {
    let indent = String(repeating: "  ", count: depth)
    var lines: [String] = []
    for state in states where isShown(state) {
      guard hierarchy.isComposite(state) else {
        lines.append(indent + stateStatement(state))
        continue
      }
      lines += [
        indent + "subgraph \(clusterID(state)) {",
        indent + "  graph [\(list(clusterAttributes(state)))];",
      ]
      if let initial = hierarchy.initialSubstate(of: state), isShown(initial) {
        let color = entersInitially(state) ? runColor(Look.taken) : runColor(Look.faded)
        lines.append(
          indent + "  \(initialID(in: state)) [\(list(initialAttributes(color: color)))];")
      }
      if hierarchy.keepsHistory(state) {
        lines.append(indent + "  \(historyID(of: state)) [\(list(historyAttributes(state)))];")
      }
      lines += contents(hierarchy.substates(of: state), depth: depth + 1)
      lines.append(indent + "}")
    }
    return lines
  }

  /// A superstate's cluster: rounded, its name at the top and, below a
  /// rule, its activities and internal transitions as a state's
  /// compartment lists them; coloured by what a run did inside it.
  private func clusterAttributes(_ composite: State) -> [String] {
    var name = Escaping.html(description.name(of: composite))
    let items = compartmentItems(composite)
    if !items.isEmpty {
      let table =
        "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        + "<TR><TD ALIGN=\"LEFT\">\(name)</TD></TR><HR/>\(compartmentRow(items))</TABLE>"
      name = table
    }
    let color = compositeColor(composite)
    return [
      "label=<\(name)>", "style=\"rounded\"", "color=\"\(color)\"",
      "fontcolor=\"\(textColor(composite) ?? "black")\"", "fontsize=\(Look.stateFontSize)",
      "margin=\(Look.clusterMargin)",
    ]
  }

  /// The history pseudostate: a small circle with `H` in it, strong when a
  /// run returned through it and faded when not.
  private func historyAttributes(_ composite: State) -> [String] {
    let color = returnsToHistory(composite) ? runColor(Look.taken) : runColor(Look.faded)
    return [
      "shape=circle", "color=\"\(color)\"", "fontcolor=\"\(color)\"", "width=\(Look.historySize)",
      "fixedsize=true", "label=\"H\"",
    ]
  }

  // MARK: - Colours of a run

  /// Whether the run was in a state inside `composite`.
  private func wasInside(_ composite: State) -> Bool {
    tally?.visited.contains { hierarchy.isWithin($0, composite) } ?? false
  }

  /// A superstate's border: black, or when a run is drawn, strong if the
  /// run was inside it and faded if not.
  private func compositeColor(_ composite: State) -> String {
    guard tally != nil else { return "black" }
    return wasInside(composite) ? Look.taken : Look.faded
  }

  /// The transitions the run took, as the description lists them.
  private var takenTransitions: [MachineDescription<State>.Transition] {
    (tally?.steps.keys.sorted() ?? []).map { description.transitions[$0] }
  }

  /// Whether the run entered `composite` through its initial substate:
  /// where the machine starts, or by a transition to the superstate itself.
  private func entersInitially(_ composite: State) -> Bool {
    guard tally != nil else { return true }
    let entered =
      hierarchy.regions.map(\.initial) + takenTransitions.filter { !$0.entersHistory }.map(\.target)
    return entered.contains { target in
      var state = target
      var steps = 0
      while let initial = hierarchy.initialSubstate(of: state), steps < description.states.count {
        if state == composite { return true }
        state = initial
        steps += 1
      }
      return false
    }
  }

  /// Whether the run took a transition into `composite`'s history.
  private func returnsToHistory(_ composite: State) -> Bool {
    takenTransitions.contains { $0.entersHistory && $0.target == composite }
  }

  // MARK: - Arrows

  /// Where an arrow is attached: its tail and head nodes, and what cuts
  /// it at a superstate's border.
  struct Ends {
    /// The node the arrow leaves.
    var tail: String
    /// The node it enters.
    var head: String
    /// `ltail`, `lhead` and what goes with them; none between two leaves.
    var attributes: [String] = []
  }

  /// The ends of an arrow from `source` to `target` (to its history, with
  /// `history`); `nil` when a focused diagram draws nothing to attach it to.
  ///
  /// A superstate's arrows are attached to the node inside it that
  /// `anchor` names and cut at its border. Graphviz ranks a cluster as a
  /// whole, so two rules keep the superstates apart and the arrows
  /// between them visible: an arrow back to a state listed earlier
  /// (`land`, `hit`, `drop`) does not rank the states (`constraint=false`),
  /// or it would pull the superstate level with the state it returns to;
  /// and an arrow forward from a superstate's border spans two ranks
  /// (`minlen=2`), so that the superstate it enters starts below the top
  /// of the one it leaves and the arrow between their borders can be seen.
  ///
  /// Graphviz 2.43 aborts (an `assert`) when a spline it cuts at a
  /// cluster's border starts on that border, unless the arrow has an
  /// arrowhead at its tail; `dir=both` with `arrowtail=onone`, a gap that
  /// draws the last few points of the line, gives it one that cannot be
  /// seen.
  func ends(from source: State, to target: State, history: Bool) -> Ends? {
    guard !hierarchy.isFlat else { return Ends(tail: id(source), head: id(target)) }
    var ends = Ends(tail: id(source), head: id(target))
    var cut: [String] = []
    if hierarchy.isComposite(source) {
      guard let anchor = anchor(source) else { return nil }
      ends.tail = anchor
      if !hierarchy.isWithin(target, source) { cut.append("ltail=\(clusterID(source))") }
    }
    if hierarchy.isComposite(target) {
      if history {
        ends.head = historyID(of: target)
      } else {
        guard let anchor = anchor(target) else { return nil }
        ends.head = anchor
        if !hierarchy.isWithin(source, target) { cut.append("lhead=\(clusterID(target))") }
      }
    }
    guard !cut.isEmpty else { return ends }
    let order = description.states
    let backward = (order.firstIndex(of: target) ?? 0) < (order.firstIndex(of: source) ?? 0)
    if backward {
      cut.append("constraint=false")
    } else if hierarchy.isComposite(source) {
      cut.append("minlen=2")
    }
    ends.attributes = cut + ["dir=both", "arrowtail=onone"]
    return ends
  }

  /// The ends of the unlabelled arrow from the pseudostate `pseudostate`
  /// into `target`: at its border when it is a superstate.
  private func ends(from pseudostate: String, into target: State) -> Ends? {
    guard hierarchy.isComposite(target) else { return Ends(tail: pseudostate, head: id(target)) }
    guard let anchor = anchor(target) else { return nil }
    return Ends(
      tail: pseudostate, head: anchor,
      attributes: ["lhead=\(clusterID(target))", "dir=both", "arrowtail=onone"])
  }

  /// The node inside `composite` that arrows to and from its border are
  /// attached to: its initial pseudostate, at the top of it, where an
  /// arrow to its border leads; else its first substate drawn (or that
  /// one's anchor), else its history; `nil` when nothing inside it is drawn.
  private func anchor(_ composite: State) -> String? {
    if let initial = hierarchy.initialSubstate(of: composite), isShown(initial) {
      return initialID(in: composite)
    }
    for substate in hierarchy.substates(of: composite) where isShown(substate) {
      guard hierarchy.isComposite(substate) else { return id(substate) }
      if let anchor = anchor(substate) { return anchor }
    }
    return hierarchy.keepsHistory(composite) ? historyID(of: composite) : nil
  }

  /// The arrows out of the initial pseudostates: each region's, to the
  /// state it starts in (at the border of a superstate), and each
  /// superstate's, to its initial substate. All unlabelled.
  var hierarchyEntranceEdges: [String] {
    var lines: [String] = []
    if hierarchy.regions.isEmpty {
      for entrance in description.entrances where isShown(entrance.state) {
        guard let ends = ends(from: initialID, into: entrance.state) else { continue }
        lines.append(
          statement(
            from: ends.tail, to: ends.head, edgeColors(taken: tally != nil) + ends.attributes))
      }
    }
    for region in hierarchy.regions where isShown(region.initial) {
      guard let ends = ends(from: initialID(region), into: region.initial) else { continue }
      lines.append(
        statement(from: ends.tail, to: ends.head, edgeColors(taken: tally != nil) + ends.attributes)
      )
    }
    for composite in description.states where isShown(composite) {
      guard let initial = hierarchy.initialSubstate(of: composite), isShown(initial),
        let ends = ends(from: initialID(in: composite), into: initial)
      else { continue }
      let colors = edgeColors(taken: tally != nil && entersInitially(composite))
      lines.append(statement(from: ends.tail, to: ends.head, colors + ends.attributes))
    }
    return lines
  }
}
