extension TransitionTable {
  /// Where a table machine with regions (or history) is: the leaf of each
  /// region, and the substate each composite state with history was last
  /// left in. The table makes it (`start`) and changes it (`fire`); the
  /// machine only keeps it.
  public struct ActiveStates: Hashable, Sendable, Surroundings {
    /// The leaf of each region, by state number, in region order.
    fileprivate(set) var leaves: [Int]
    /// Each state's last substate, by state number; -1 where there is none.
    fileprivate var history: [Int]
    /// The row each region chose for the event being handled, by position;
    /// -1 for none. Scratch space, kept here so that an event allocates
    /// nothing, and always -1 between events.
    fileprivate var chosen: [Int]
  }

  /// Every region in its initial state, entered down through initial
  /// substates to a leaf, with no history yet: where the machine is when it
  /// is created. No entry activity runs (creating a machine runs none). A
  /// table without regions is one region that starts in its first state.
  public var start: ActiveStates {
    let regions =
      hierarchy.regions.isEmpty
      ? [State.allCases.first].compactMap { $0 } : hierarchy.regions.map(\.initial)
    let leaves = regions.map { index.number(of: hierarchy.initialLeaf(entering: $0) ?? $0) ?? 0 }
    return ActiveStates(
      leaves: leaves, history: Array(repeating: -1, count: State.allCases.count),
      chosen: Array(repeating: -1, count: leaves.count))
  }

  /// The leaf of region number `region` (in the order of
  /// `hierarchy.regions`).
  public func leaf(of active: ActiveStates, inRegion region: Int) -> State {
    index.ids[active.leaves[region]]
  }

  /// Handles `event` in every region, in order: each region offers it to
  /// its leaf's rows, then its parents', outward, and takes at most one row.
  ///
  /// Every region chooses its row before any region takes one, so a guard
  /// (a `StateTest` on another region, or a condition) sees the machine as
  /// it was before the event, and a row that rejects the event stops it
  /// before anything changes. Then each region takes its row: the outputs
  /// are the first region's, then the next one's.
  ///
  /// - Returns: whether any region fired.
  /// - Throws: `Rejection` when a region's row refuses the event; nothing
  ///   has changed (though a guard may have spoken).
  public func fire(
    _ event: Event, active: inout ActiveStates, data: inout Data, emit: Emit
  ) throws(Rejection) -> Bool {
    var rejection: String?
    for region in active.leaves.indices {
      let step =
        index.find(event, from: active.leaves[region], data: data, emit: emit, in: active) ?? -1
      active.chosen[region] = step
      if step >= 0, rejection == nil { rejection = index.steps[step].rejection }
    }
    if let rejection {
      for region in active.chosen.indices { active.chosen[region] = -1 }
      throw Rejection(rejection)
    }
    var fired = false
    for region in active.leaves.indices where active.chosen[region] >= 0 {
      let step = active.chosen[region]
      active.chosen[region] = -1
      var progress = Index.Progress(result: .fired)
      let leaf = active.leaves[region]
      let end = index.take(step, from: leaf, event: event, data: &data, emit: emit, in: &active)
      active.leaves[region] = index.complete(
        end, event: event, data: &data, emit: emit, progress: &progress, in: &active)
      fired = true
    }
    return fired
  }
}

extension TransitionTable.ActiveStates {
  /// Notes the substate `composite` was left from.
  mutating func remember(_ substate: Int, asHistoryOf composite: Int) {
    if history.indices.contains(composite) { history[composite] = substate }
  }

  /// The substate `composite` was last left from, if it was.
  func history(of composite: Int) -> Int? {
    history.indices.contains(composite) && history[composite] >= 0 ? history[composite] : nil
  }

  /// Two positions are the same when their leaves and histories are.
  public static func == (left: Self, right: Self) -> Bool {
    left.leaves == right.leaves && left.history == right.history
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(leaves)
    hasher.combine(history)
  }
}

extension TransitionTable.Row {
  /// An external transition for one event with one argument, as
  /// `pickUp(bow)`, with fixed effect outputs: the diagram writes the
  /// argument where it writes the event's parameter.
  public init(
    _ source: State, onExactly event: Event, effect outputs: [Output] = [], to target: State
  ) {
    var transition = MachineDescription<State>.Transition(
      source, on: event.name, effects: outputs.map(\.name), to: target)
    transition.argument = event.argument
    self.init(
      transition: transition, event: event.kind, condition: { _, offered, _ in offered == event },
      effect: .emits(Effects(outputs)), rejection: nil, delay: nil)
  }

  /// A transition into the shallow history of the composite state
  /// `target` (UML: an arrow to the `H` inside it), with fixed effect
  /// outputs.
  public init(
    _ source: State, on event: Event.Kind, effect outputs: [Output] = [],
    toHistoryOf target: State
  ) {
    self.init(
      transition: .toHistory(
        source, on: event.rawValue, effects: outputs.map(\.name), of: target),
      event: event, condition: nil, effect: .emits(Effects(outputs)), rejection: nil,
      delay: nil)
  }

  /// An internal transition guarded by the state of the regions, as
  /// `fire [not in diving]`: handled in `state` when `test` holds, with
  /// fixed effect outputs and no exit or entry.
  public static func `internal`(
    _ state: State, on event: Event.Kind, guard test: TransitionTable.StateTest,
    effect outputs: [Output] = []
  ) -> Self {
    Self(
      transition: .internal(
        state, on: event.rawValue, guard: test.label, effects: outputs.map(\.name)),
      event: event, condition: nil, test: test, effect: .emits(Effects(outputs)),
      rejection: nil, delay: nil)
  }
}
