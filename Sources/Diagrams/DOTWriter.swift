import StateMachines

/// Writes a machine description as a UML state diagram in DOT, with a run
/// drawn over it when there is one.
///
/// The DOT has one statement per line, in the description's order, so that
/// it reads well and diffs well in golden files. States and their
/// compartments are in `DOTWriter+States.swift`.
struct DOTWriter<State: StateID> {
  /// What to draw.
  let description: MachineDescription<State>

  /// The graph's name: the machine's id.
  let name: String

  /// The caption above the diagram.
  let title: String

  /// Which way the states are laid out: never `auto`, which `Diagram`
  /// resolves by trying both.
  let direction: DiagramDirection

  /// What a run did, when one is drawn.
  let tally: Tally<State>?

  /// The states drawn when the diagram is focused on a run (`--focus`);
  /// `nil` draws them all.
  var shown: Set<State>? = nil

  /// What the diagram is focused on, which its caption names.
  var focus = DiagramFocus.whole

  /// Whether the labels are what a probe saw rather than what the
  /// description says: set in italics, with a caption that says so.
  var labelsObserved = false

  /// The whole DOT text.
  func write() -> String {
    var lines: [String] = [
      "digraph \(Escaping.quoted(name)) {",
      "  graph [\(list(graphAttributes))];",
      "  node [\(list(Look.node))];",
      "  edge [\(list(Look.edge))];",
    ]
    lines += observedEdgeDefaults
    if description.hierarchy.isFlat {
      if drawsInitial {
        lines += [
          "",
          "  // Where the machine starts: the initial pseudostate.",
          "  \(initialID) [\(list(initialAttributes))];",
        ]
      }
      lines += ["", "  // States."]
      for state in description.states where isShown(state) {
        lines.append("  " + stateStatement(state))
      }
    } else {
      lines += hierarchyNodes
    }
    if !finalWithBehaviour.isEmpty {
      lines.append("  \(finalID) [\(list(bullseyeAttributes(color: runColor(Look.faded))))];")
    }
    let choices = choiceNodes
    if !choices.isEmpty {
      lines += ["", "  // Choices: where a guard picks the target."]
      lines += choices
    }
    let notes = noteNodes
    if !notes.isEmpty {
      lines += ["", "  // Notes: outputs of a guard while it is evaluated."]
      lines += notes
    }
    lines += ["", "  // Transitions."]
    lines += entranceEdges
    lines += transitionEdges
    for state in finalWithBehaviour {
      lines.append(statement(from: id(state), to: finalID, edgeColors(taken: false)))
    }
    lines += noteEdges
    lines += extraEdges
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The graph's attributes: its direction, the look, and the title; for
  /// a statechart, arrows that may end at a cluster's border
  /// (`compound=true`).
  private var graphAttributes: [String] {
    let label = runLabel(title: title) ?? bold(Escaping.html(title)) + caption
    let compound = description.hierarchy.isFlat ? [] : ["compound=true"]
    return ["rankdir=\(direction.rankdir)"] + compound + Look.graph + ["label=<\(label)>"]
  }

  /// A state's node statement, unindented: a box, or a bull's-eye.
  func stateStatement(_ state: State) -> String {
    isBullseye(state) ? finalState(state) : "\(id(state)) [\(stateLabel(state))];"
  }

  // MARK: - Ids

  /// The node id of a state: its public id, quoted.
  func id(_ state: State) -> String { Escaping.quoted(state.rawValue) }

  /// The node id of the initial pseudostate, never the name of a state.
  var initialID: String { Escaping.quoted(freeName("initial")) }

  /// The node id of the final pseudostate, never the name of a state.
  private var finalID: String { Escaping.quoted(freeName("final")) }

  /// `base`, prefixed with underscores until no state has that name.
  func freeName(_ base: String) -> String {
    let taken = Set(description.states.map(\.rawValue))
    var name = base
    while taken.contains(name) { name = "_" + name }
    return name
  }

  // MARK: - Initial and final pseudostates

  /// A small filled circle, as UML draws the initial pseudostate.
  var initialAttributes: [String] { initialAttributes(color: runColor(Look.taken)) }

  /// The initial pseudostate's circle in `color`.
  func initialAttributes(color: String) -> [String] {
    [
      "shape=circle", "style=filled", "color=\"\(color)\"", "fillcolor=\"\(color)\"",
      "width=0.2", "fixedsize=true", "label=\"\"",
    ]
  }

  /// Whether `state` is drawn as UML's final state: a bull's-eye, named.
  ///
  /// In UML a final state is a state in its own right, drawn as a
  /// bull's-eye, that has no activities and no outgoing transitions. A
  /// machine's final state (record-commit's `deleted`) is exactly that, so
  /// it *is* the bull's-eye. A box with an arrow to a separate bull's-eye
  /// would draw a completion transition, saying the state is left as soon as
  /// it is entered, which is not what happens.
  func isBullseye(_ state: State) -> Bool {
    description.finalStates.contains(state) && !hasCompartment(state)
      && description.transitions(from: state).isEmpty
  }

  /// Final states that the description gives behaviour, which UML's final
  /// state cannot have: they stay boxes, with an arrow to a bull's-eye, so
  /// the behaviour stays visible and the picture stays UML.
  private var finalWithBehaviour: [State] {
    description.states.filter {
      description.finalStates.contains($0) && !isBullseye($0) && isShown($0)
    }
  }

  /// A filled dot inside a ring.
  private func bullseyeAttributes(color: String) -> [String] {
    bullseyeShape(color: color) + ["fixedsize=true", "label=\"\""]
  }

  /// The bull's-eye's shape, size and colour, without its size policy or label.
  private func bullseyeShape(color: String) -> [String] {
    [
      "shape=doublecircle", "style=filled", "color=\"\(color)\"", "fillcolor=\"\(color)\"",
      "width=0.16",
    ]
  }

  /// A final state: the bull's-eye, its name below it.
  ///
  /// The label is a table whose empty top cell is taller than the ring, so
  /// the name sits below the ring; `fixedsize=shape` has arrows end at the
  /// ring while the layout still gives the name room of its own. An
  /// `xlabel` is placed after the layout and can land on an arriving arrow.
  /// A cluster's label would do too, but Graphviz 2.43's `dot` layout leaks
  /// about 2 KB per render for each arrow into a cluster.
  private func finalState(_ state: State) -> String {
    let name = Escaping.html(description.name(of: state))
    let table = [
      "<TABLE BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\">",
      "<TR><TD HEIGHT=\"\(Look.finalNameOffset)\"></TD></TR>",
      "<TR><TD>\(isCurrent(state) ? bold(name) : name)</TD></TR></TABLE>",
    ]
    var attributes =
      bullseyeShape(color: outlineColor(state)) + ["fixedsize=shape", "label=<\(table.joined())>"]
    if let color = textColor(state) { attributes.append("fontcolor=\"\(color)\"") }
    return "\(id(state)) [\(list(attributes))];"
  }

  // MARK: - Transitions

  /// One arrow: the external transitions between two states that share
  /// guard and effect, which UML writes as one transition with several
  /// triggers (`breach, panic`).
  private struct Arrow {
    /// The state the arrow leaves.
    var source: State
    /// The state it enters.
    var target: State
    /// The indices in the description of the transitions it draws.
    var transitions: [Int]
  }

  /// The arrows and the choices, in the order of their first transition in
  /// the description.
  private var transitionEdges: [String] {
    let drawn =
      arrows.map { ($0.transitions[0], edge($0)) }
      + zip(1..., choices).filter({ isShown($0.1) }).map { number, choice in
        (choice.members[0], choiceEdges(choice, number: number))
      }
    return drawn.sorted { $0.0 < $1.0 }.flatMap(\.1)
  }

  /// The arrows that no choice draws, in the order of their first
  /// transition in the description.
  private var arrows: [Arrow] {
    var arrows: [Arrow] = []
    let inChoices = choiceMembers
    for (index, transition) in description.transitions.enumerated()
    where transition.kind == .external && !inChoices.contains(index)
      && isShown(transition.source) && isShown(transition.target)
    {
      let shared = arrows.firstIndex { arrow in
        let other = description.transitions[arrow.transitions[0]]
        return other.source == transition.source && other.target == transition.target
          && other.guardLabel == transition.guardLabel && other.effect == transition.effect
          && other.event != nil && transition.event != nil
          && other.entersHistory == transition.entersHistory
      }
      if let shared {
        arrows[shared].transitions.append(index)
      } else {
        arrows.append(
          Arrow(source: transition.source, target: transition.target, transitions: [index]))
      }
    }
    return arrows
  }

  /// An arrow, looping back for a self-transition, labelled, and with how
  /// often it fired when a run is drawn; in a statechart, from or to a
  /// superstate's border or its history (`ends`). None when a focused
  /// diagram leaves nothing to attach it to.
  private func edge(_ arrow: Arrow) -> [String] {
    let first = description.transitions[arrow.transitions[0]]
    guard let ends = ends(from: arrow.source, to: arrow.target, history: first.entersHistory)
    else { return [] }
    return [
      labelledEdge(
        from: ends.tail, to: ends.head, arrow.transitions.map { description.transitions[$0] },
        steps(of: arrow.transitions), ends.attributes)
    ]
  }

  /// An arrow labelled with `transitions` (which differ only in their
  /// triggers), and with `steps`, the steps of a run that took it, when
  /// one did; `extra` attributes after the label and colours.
  func labelledEdge(
    from source: String, to target: String, _ transitions: [MachineDescription<State>.Transition],
    _ steps: [Int]?, _ extra: [String] = []
  ) -> String {
    let label = LabelLines.arrow(for: transitions, in: description)
      .map(Escaping.html).joined(separator: "<BR/>")
    var attributes: [String] = []
    if !label.isEmpty || steps != nil {
      attributes.append("label=<\(label)\(steps.map(stepSuffix) ?? "")>")
    }
    attributes += edgeColors(taken: steps != nil)
    return statement(from: source, to: target, attributes + extra)
  }

  /// Transitions the run took that the description lacks, dashed in red so
  /// that nothing the run did is hidden.
  private var extraEdges: [String] {
    (tally?.extras ?? []).map { extra, steps in
      let attributes = [
        "label=<\(Escaping.html(extra.event ?? ""))\(stepSuffix(steps))>",
        "color=\"\(Look.unexpected)\"", "fontcolor=\"\(Look.unexpected)\"", "style=dashed",
        "penwidth=\(Look.takenPenWidth)",
      ]
      return statement(from: id(extra.source), to: id(extra.target), attributes)
    }
  }

  /// `html` in bold.
  ///
  /// A bold face rather than `<B>`: for every `<B>`, Graphviz 2.43's Pango
  /// plugin parses markup that it never frees, about 250 bytes per render.
  func bold(_ html: String) -> String { "<FONT FACE=\"\(Look.boldFont)\">\(html)</FONT>" }

  /// An arrow's colours when a run is drawn, strong if taken and faded if
  /// not; none otherwise.
  func edgeColors(taken: Bool) -> [String] {
    guard tally != nil else { return [] }
    let color = taken ? Look.taken : Look.faded
    return ["color=\"\(color)\"", "fontcolor=\"\(color)\""]
      + (taken ? ["penwidth=\(Look.takenPenWidth)"] : [])
  }

  // MARK: - DOT syntax

  /// `a -> b [attributes];`, indented.
  func statement(from source: String, to target: String, _ attributes: [String]) -> String {
    let suffix = attributes.isEmpty ? "" : " [\(list(attributes))]"
    return "  \(source) -> \(target)\(suffix);"
  }

  /// Attributes separated by commas.
  func list(_ attributes: [String]) -> String {
    attributes.joined(separator: ", ")
  }
}
