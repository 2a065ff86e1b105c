import StateMachines

/// Choice pseudostates: where UML splits one transition by guards.
///
/// A choice is derived from the description, not written in it: external
/// transitions that share source and trigger and differ in their guards
/// are one transition, `source --trigger / effect--> ◇`, that a choice
/// splits, `◇ --[guard] / effect--> target`. The machine with several ways
/// in gets one too, after its initial pseudostate, since UML lets only one
/// unlabelled arrow leave that.
extension DOTWriter {
  /// One choice: the transitions it splits, in the description's order.
  struct Choice {
    /// The state the trigger arrives in.
    var source: State
    /// The indices in the description of the transitions it splits.
    var members: [Int]
    /// The guard of the arrow into the choice, when an internal transition
    /// shares the trigger (see `choices`).
    var trunkGuard: String?
  }

  /// The guard UML writes for the branch taken when no other's guard holds.
  static var elseGuard: String { "else" }

  /// The choices, in the order of their first transition in the description.
  ///
  /// External transitions with the same source and trigger (event and
  /// argument) make a choice when there are at least two and each has a
  /// guard. Without guards (as in an observed diagram, where they cannot be
  /// seen) they stay separate arrows; completion and timed transitions,
  /// whose guards UML evaluates when the state completes or the time is
  /// up, stay separate arrows too.
  ///
  /// An internal transition cannot go through a choice: a choice is left
  /// for a target, and a branch back to the source would be an external
  /// self-transition, with exit and entry, which the internal one does not
  /// run (the security system's wrong code while `armed` only counts). It
  /// stays in its state's compartment, and the arrow into the choice gets
  /// a guard, the branches' guards joined by `or`, so that the two never
  /// both apply; the choice's last branch is then exactly the rest, `[else]`.
  /// A described `else` beside such an internal transition would claim its
  /// case too, so that group stays separate arrows.
  var choices: [Choice] {
    var groups: [Choice] = []
    for (index, transition) in description.transitions.enumerated()
    where transition.kind == .external && transition.event != nil {
      if let group = groups.firstIndex(where: { sharesTrigger(index, $0.members[0]) }) {
        groups[group].members.append(index)
      } else {
        groups.append(Choice(source: transition.source, members: [index]))
      }
    }
    return groups.compactMap { group in
      let guards = group.members.map { description.transitions[$0].guardLabel }
      guard group.members.count > 1, guards.allSatisfy({ $0 != nil }) else { return nil }
      let internals = description.transitions.indices.filter { index in
        description.transitions[index].kind == .internal && sharesTrigger(index, group.members[0])
      }
      guard !internals.isEmpty else { return group }
      let branches = guards.compactMap { $0 }
      guard !branches.contains(Self.elseGuard) else { return nil }
      var choice = group
      choice.trunkGuard = branches.map(Self.parenthesized).joined(separator: " or ")
      return choice
    }
  }

  /// The indices in the description of the transitions some choice splits.
  var choiceMembers: Set<Int> { Set(choices.flatMap(\.members)) }

  /// Whether two transitions have the same source and trigger.
  private func sharesTrigger(_ first: Int, _ second: Int) -> Bool {
    let one = description.transitions[first]
    let other = description.transitions[second]
    return one.source == other.source && one.event == other.event
      && one.argument == other.argument && one.delay == other.delay
  }

  /// `guard`, in parentheses when it has an `and` or `or` of its own.
  private static func parenthesized(_ guardLabel: String) -> String {
    let words = guardLabel.split(separator: " ")
    return words.contains("and") || words.contains("or") ? "(\(guardLabel))" : guardLabel
  }

  // MARK: - Drawing

  /// The node id of a choice: never the name of a state.
  func choiceID(_ number: Int) -> String { Escaping.quoted(freeName("choice \(number)")) }

  /// The node id of the choice after the initial pseudostate.
  var entranceChoiceID: String { Escaping.quoted(freeName("choice")) }

  /// A small diamond, as UML draws a choice; strong when a run went
  /// through it and faded when not.
  func choiceNode(_ id: String, taken: Bool) -> String {
    let color = taken ? runColor(Look.taken) : runColor(Look.faded)
    let attributes = [
      "shape=diamond", "style=filled", "color=\"\(color)\"", "fillcolor=\"white\"",
      "width=0.3", "height=0.3", "fixedsize=true", "label=\"\"",
    ]
    return "  \(id) [\(attributes.joined(separator: ", "))];"
  }

  /// The choices' nodes, numbered in order.
  var choiceNodes: [String] {
    var nodes: [String] = []
    if hasEntranceChoice { nodes.append(choiceNode(entranceChoiceID, taken: true)) }
    for (number, choice) in zip(1..., choices) where isShown(choice) {
      nodes.append(choiceNode(choiceID(number), taken: steps(of: choice.members) != nil))
    }
    return nodes
  }

  /// Whether a focused diagram draws `choice`: when its source and at
  /// least one of its targets are drawn.
  func isShown(_ choice: Choice) -> Bool {
    isShown(choice.source)
      && choice.members.contains { isShown(description.transitions[$0].target) }
  }

  /// The arrows of a choice: the trigger, its guard if it needs one, and
  /// the effect all branches share, into the diamond; then one arrow per
  /// transition with its guard, `[else]` for the rest, and its own effect.
  func choiceEdges(_ choice: Choice, number: Int) -> [String] {
    let members = choice.members.map { description.transitions[$0] }
    let shared = members.allSatisfy { $0.effect == members[0].effect } ? members[0].effect : []
    var trunk = members[0]
    trunk.guardLabel = choice.trunkGuard
    trunk.effect = shared
    var lines = [
      labelledEdge(
        from: id(choice.source), to: choiceID(number), [trunk], steps(of: choice.members))
    ]
    for (position, index) in choice.members.enumerated() where isShown(members[position].target) {
      var branch = members[position]
      branch.event = nil
      branch.argument = nil
      branch.effect = shared.isEmpty ? branch.effect : []
      if choice.trunkGuard != nil && position == members.count - 1 {
        branch.guardLabel = Self.elseGuard
      }
      lines.append(
        labelledEdge(from: choiceID(number), to: id(branch.target), [branch], steps(of: [index])))
    }
    return lines
  }

  /// Whether the machine has several ways in, of which a guard picks one.
  var hasEntranceChoice: Bool {
    description.entrances.count > 1 && description.hierarchy.regions.isEmpty
  }

  /// Whether a flat diagram draws its initial pseudostate: unless it is
  /// focused away from every state the machine may start in (the
  /// dot would point at nothing).
  var drawsInitial: Bool {
    hasEntranceChoice || description.entrances.contains { isShown($0.state) }
  }

  /// The arrows out of the initial pseudostate: one, unlabelled, to the
  /// state the machine starts in; or, with several ways in, one to a
  /// choice, and from there one per way in with its guard.
  ///
  /// A statechart starts in each region's initial state at once, from each
  /// region's own initial pseudostate (`hierarchyEntranceEdges`).
  var entranceEdges: [String] {
    guard description.hierarchy.isFlat else { return hierarchyEntranceEdges }
    let entrances = description.entrances
    guard hasEntranceChoice else {
      return entrances.filter({ isShown($0.state) }).map { entrance in
        statement(from: initialID, to: id(entrance.state), edgeColors(taken: tally != nil))
      }
    }
    var started = false
    return [statement(from: initialID, to: entranceChoiceID, edgeColors(taken: tally != nil))]
      + entrances.filter({ isShown($0.state) }).map { entrance in
        var attributes = entrance.guardLabel.map { ["label=<\(Escaping.html("[\($0)]"))>"] } ?? []
        // One way started the run, even if two lead to its state.
        let taken = !started && tally?.start.contains(entrance.state) == true
        started = started || taken
        attributes += edgeColors(taken: taken)
        return statement(from: entranceChoiceID, to: id(entrance.state), attributes)
      }
  }
}
