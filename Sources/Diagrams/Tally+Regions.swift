import StateMachines

/// A run of a machine with composite states and regions, read against its
/// statechart: each state of the run is a leaf in each region
/// (`running+unarmed` is `running` and `unarmed`), and each step is the
/// transitions the regions took for its event, one at most in each.
extension Tally {
  /// `overlay`, a run in the machine's own states, counted against
  /// `description`, whose states are each state's `leaves`.
  ///
  /// A flat machine's states are their own single leaves, and its run is
  /// counted as it always was (`init(_:in:)`); a machine with regions is
  /// read region by region (`init(regions:leaves:in:)`).
  static func reading<Configuration>(
    _ overlay: TraceOverlay<Configuration>, leaves: (Configuration) -> [State],
    in description: MachineDescription<State>
  ) -> Tally {
    if description.hierarchy.regions.isEmpty,
      let flat = overlay.renamingStates({ state in
        let states = leaves(state)
        return states.count == 1 ? states[0] : nil
      })
    {
      return Tally(flat, in: description)
    }
    return Tally(regions: overlay, leaves: leaves, in: description)
  }

  /// Counts a run of a machine with regions against `description`.
  ///
  /// The run ended in one leaf of each region, all of which the diagram
  /// marks as where it ended. A step's transitions are the ones
  /// `MachineDescription.transitionsTaken` finds, region by region, from
  /// the leaves before and after it and its outputs (without recorded
  /// outputs, the first that fits whether the step fired); a transition
  /// written on a superstate (`onGround --jump--> inAir`) is counted on
  /// that superstate's arrow. A step nothing described explains is drawn
  /// as an extra arrow in each region whose leaf it changed.
  init<Configuration>(
    regions overlay: TraceOverlay<Configuration>, leaves: (Configuration) -> [State],
    in description: MachineDescription<State>
  ) {
    let hierarchy = description.hierarchy
    start = Set(leaves(overlay.start))
    current = Set(leaves(overlay.current))
    firstStep = overlay.firstStepNumber
    listedUnfired = overlay.listedUnfired
    visited = start
    lastStep = start
    for (number, step) in zip(overlay.stepNumbers, overlay.steps) {
      let from = leaves(step.from)
      let to = leaves(step.to)
      visited.formUnion(from)
      visited.formUnion(to)
      lastStep = Set(from + to)
      lastStepNumber = number
      // The event is offered to each leaf and, up the chain, to the
      // states around it: wherever one of their guards is evaluated.
      for state in from.flatMap({ [$0] + hierarchy.ancestors(of: $0) }) {
        tried.insert(.init(state: state, event: step.event))
      }
      guard step.fired else {
        unfired.append(
          Unfired(
            step: number, event: step.written, states: from, rejection: step.rejection,
            passedTime: step.passesTime))
        continue
      }
      let explained =
        step.outputs.map { outputs in
          description.transitionsTaken(
            from: from, on: step.event, to: to, fired: true, outputs: outputs)
        } ?? Self.firstFiring(from: from, on: step.event, to: to, in: description)
      guard let explained else {
        for (source, target) in zip(from, to) where source != target {
          take(
            Taken(source: source, event: step.event, target: target), at: number, in: description)
        }
        continue
      }
      for transition in explained.compactMap({ $0 }) {
        if let index = description.transitions.firstIndex(of: transition) {
          steps[index, default: []].append(number)
        }
      }
    }
  }

  /// The first choice of one described transition (or none) per region
  /// that takes each region from its leaf in `sources` to its leaf in
  /// `targets` on `event` with at least one region firing: how a step
  /// whose outputs were not recorded is read.
  private static func firstFiring(
    from sources: [State], on event: String, to targets: [State],
    in description: MachineDescription<State>
  ) -> [MachineDescription<State>.Transition?]? {
    guard sources.count == targets.count else { return nil }
    var combinations: [[MachineDescription<State>.Transition?]] = [[]]
    for (source, target) in zip(sources, targets) {
      let options = description.candidates(from: source, on: event, to: target)
      combinations = combinations.flatMap { chosen in options.map { chosen + [$0] } }
    }
    return combinations.first { $0.contains { $0 != nil } }
  }

  /// What a focus keeps of a statechart: `leaves` (for `--focus`, those
  /// the run visited), the states one transition out of them (a transition written on a
  /// superstate leaves every state inside it), and the superstates around
  /// all of these, so that each is drawn in its place.
  ///
  /// A superstate entered through its initial substate brings that
  /// substate along: the arrow ends at the superstate's border, and the
  /// substate is where it leads.
  func hierarchicalNeighbourhood(
    of leaves: Set<State>, in description: MachineDescription<State>
  ) -> Set<State> {
    let hierarchy = description.hierarchy
    var shown: Set<State> = []
    let add = { (state: State) in
      shown.insert(state)
      shown.formUnion(hierarchy.ancestors(of: state))
    }
    leaves.forEach(add)
    let around = Set(leaves.flatMap { [$0] + hierarchy.ancestors(of: $0) })
    for transition in description.transitions where around.contains(transition.source) {
      add(transition.target)
      if !transition.entersHistory, let landing = hierarchy.initialLeaf(entering: transition.target)
      {
        add(landing)
      }
    }
    return shown
  }
}
