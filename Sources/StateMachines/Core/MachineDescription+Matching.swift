extension MachineDescription {
  /// The name of the event that lets time pass, in every machine that has
  /// timed transitions.
  public static var waitEvent: String { "wait" }

  /// The described transitions that explain an observed step, or `nil` when
  /// the description has none.
  ///
  /// A step that passed through states is explained by a chain:
  /// `from --event--> via[0]`, then a completion transition from each state
  /// passed through to the next, and the last one to `to`. For a `wait`,
  /// any link may also be a timed transition, `after(d)`, come due.
  public func transitionsExplaining(
    from source: State, event: String, to target: State, via states: [State] = []
  ) -> [Transition]? {
    let timed = event == Self.waitEvent
    let stops = states + [target]
    guard
      let first = transition(from: source, on: event, to: stops[0])
        ?? (timed ? timedTransition(from: source, to: stops[0]) : nil)
    else { return nil }
    var chain = [first]
    for (passed, next) in zip(stops, stops.dropFirst()) {
      guard
        let onward = transition(from: passed, on: nil, to: next)
          ?? (timed ? timedTransition(from: passed, to: next) : nil)
      else { return nil }
      chain.append(onward)
    }
    return chain
  }

  /// The first described transition that takes the machine from `source`
  /// to `target` on `event` (`nil` for the event: a completion transition).
  ///
  /// In a machine with composite states, the transition may be written on
  /// a state around `source` (the character's `onGround --jump--> inAir`
  /// takes her from `running` to `jumping`): the innermost one that lands
  /// in `target` is found, as the event would be offered to them.
  public func transition(from source: State, on event: String?, to target: State) -> Transition? {
    for state in [source] + hierarchy.ancestors(of: source) {
      let found = transitions.first {
        $0.source == state && $0.event == event && $0.delay == nil
          && lands($0, taken: source, in: target)
      }
      if let found { return found }
    }
    return nil
  }

  /// The transitions on `event` that could take a region from its leaf
  /// `source` to its leaf `target`, innermost source first; with `nil`
  /// first, for no transition, when `source` is `target` (the region may
  /// have ignored the event). What a step of a machine with regions is
  /// checked against, region by region.
  public func candidates(from source: State, on event: String, to target: State) -> [Transition?] {
    let written = ([source] + hierarchy.ancestors(of: source)).flatMap { state in
      transitions.filter {
        $0.source == state && $0.event == event && $0.delay == nil
          && lands($0, taken: source, in: target)
      }
    }
    return (source == target ? [nil] : []) + written
  }

  /// The leaves `transition` can end in when it leaves a state: its target,
  /// if a leaf; for a composite target, its initial leaf, or with history
  /// the leaf each of its substates leads to (any of them may be the one
  /// remembered).
  public func landings(of transition: Transition) -> [State] {
    let target = transition.target
    guard hierarchy.isComposite(target) else { return [target] }
    guard transition.entersHistory else {
      return hierarchy.initialLeaf(entering: target).map { [$0] } ?? []
    }
    return hierarchy.substates(of: target).compactMap { hierarchy.initialLeaf(entering: $0) }
  }

  /// Whether `transition`, taken in the leaf `source`, can end in `target`:
  /// an internal transition stays where it was taken.
  private func lands(_ transition: Transition, taken source: State, in target: State) -> Bool {
    transition.kind == .internal ? source == target : landings(of: transition).contains(target)
  }

  /// The labels of the outputs `transition` runs when taken in the leaf
  /// `source` and ending in the leaf `target`, in order: the exit
  /// activities of the states it leaves (innermost first), its effect, and
  /// the entry activities of the states it enters (outermost first); only
  /// the effect for an internal transition. For a flat machine: the exit
  /// of its source, the effect, the entry of its target.
  public func outputs(of transition: Transition, from source: State, to target: State) -> [String] {
    guard transition.kind == .external else { return transition.effect }
    let exited = hierarchy.exits(from: source, source: transition.source, target: transition.target)
    let entered = hierarchy.entries(
      source: transition.source, target: transition.target, landing: target)
    return exited.flatMap { activities[$0]?.exit ?? [] } + transition.effect
      + entered.flatMap { activities[$0]?.entry ?? [] }
  }

  /// The first described timed transition from `source` to `target`.
  public func timedTransition(from source: State, to target: State) -> Transition? {
    transitions.first { $0.source == source && $0.isTimed && $0.target == target }
  }
}

extension MachineDescription {
  /// The described transitions that explain a step of a machine with
  /// regions: for each region, in order, the transition it took (`nil`
  /// where it took none), chosen so that the step's outputs are exactly
  /// theirs, region after region; `nil` when no choice explains the step.
  ///
  /// - Parameters:
  ///   - sources: The leaf of each region before the step.
  ///   - event: The event's name.
  ///   - targets: The leaf of each region after the step.
  ///   - fired: Whether the step fired: then at least one region took a
  ///     transition; otherwise none did.
  ///   - outputs: The names of the step's outputs, in order. Only labels
  ///     that are an output's name are compared with them (not `count -= 1`).
  public func transitionsTaken(
    from sources: [State], on event: String, to targets: [State], fired: Bool,
    outputs: [String]
  ) -> [Transition?]? {
    guard sources.count == targets.count else { return nil }
    let options = zip(sources, targets).map { candidates(from: $0, on: event, to: $1) }
    // Every combination of one candidate per region, first to last: few,
    // since a region rarely has more than two candidates.
    var combinations: [[Transition?]] = [[]]
    for regionOptions in options {
      combinations = combinations.flatMap { chosen in regionOptions.map { chosen + [$0] } }
    }
    return combinations.first { chosen in
      guard chosen.contains(where: { $0 != nil }) == fired else { return false }
      let promised = zip(chosen, zip(sources, targets)).flatMap { transition, leaves in
        transition.map { self.outputs(of: $0, from: leaves.0, to: leaves.1) } ?? []
      }
      return promised.filter(Self.isOutputName) == outputs
    }
  }

  /// Whether a label names one output (`touchDown`), rather than describing
  /// work (`count -= 1`, `transmit(queued)`).
  public static func isOutputName(_ label: String) -> Bool {
    !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber }
  }
}
