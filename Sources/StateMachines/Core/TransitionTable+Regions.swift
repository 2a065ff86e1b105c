// Regions and history. A table with regions (or history) runs on
// `ActiveStates`, the leaf of each region and the substate each composite
// state with history was last left in: the table makes it (`start`), and
// its `fire` offers an event to every region, each choosing before any
// takes. The engine reads where the machine is through `Surroundings`:
// `ActiveStates` for such a table, `Flat`, which costs nothing, for the
// others.

/// What the engine knows of where a machine is beyond the leaf it handles
/// an event in: the leaf of every region, which a `StateTest` reads, and
/// the substate each composite state with history was last left in. A flat
/// table has neither (`Flat`) and pays nothing for them: the engine is
/// generic over its surroundings, so a flat table's code never looks.
protocol Surroundings {
  /// The leaf of every region, by state number.
  var leaves: [Int] { get }

  /// Notes that `composite` was left from its substate `substate`.
  mutating func remember(_ substate: Int, asHistoryOf composite: Int)

  /// The substate `composite` was last left from, if it was.
  func history(of composite: Int) -> Int?
}

/// The surroundings of a flat table: one region, no history.
struct Flat: Surroundings {
  /// None: no state test asks.
  var leaves: [Int] { [] }

  /// Nothing to note: no state keeps history.
  func remember(_ substate: Int, asHistoryOf composite: Int) {}

  /// None.
  func history(of composite: Int) -> Int? { nil }
}

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
