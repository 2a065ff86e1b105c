// The rows compiled for running. The table builds its `Index` once, when it
// is created, and every event runs on it (TransitionTable+Running.swift):
// a state is a number, its position in `State.allCases`; its rows of each
// kind are one range of one array; the hierarchy is numbers too.
//
// Where a state's number may be missing, -1 stands for "none": a state's
// `parent` (it is inside no composite state), its `initial` substate (it
// is a leaf), a row's `scope` (the row leaves and enters nothing but the
// region) and its `testedState` (it has no state test). A state's number
// is never negative, so the engine asks "is there one?" with `>= 0`, and
// `while state >= 0 { ...; state = states[state].parent }` walks out from a
// leaf through every state around it. (An `Int?` would say the same; it is
// a change to the engine's hottest loops, to be measured with
// scripts/count-instructions before it is made.)

extension TransitionTable {
  /// The rows as the engine runs them: states by number, each state's rows
  /// side by side in one array, and its activities at hand.
  ///
  /// The rows are written in the order of the specification, with names; an
  /// event would otherwise look up its state's rows, entry and exit in three
  /// dictionaries and copy each row it tries. Here a state is looked up once
  /// per event, and everything after that is a position in an array; a
  /// row is read field by field, never copied whole, since copying the
  /// closures it holds means retaining them. The hierarchy is numbers too:
  /// each state's parent, each row's scope and the states it enters.
  struct Index: Sendable {
    /// What the engine needs of one state.
    struct StateEntry: Sendable {
      /// Its rows for events: positions in `steps`, in the table's order.
      var rows: Range<Int> = 0..<0
      /// Its completion rows: positions in `steps`, in the table's order.
      var completions: Range<Int> = 0..<0
      /// Its timed rows: positions in `steps`, in the table's order.
      var timed: Range<Int> = 0..<0
      /// What it does when entered.
      var entry: Activity?
      /// What it does when left.
      var exit: Activity?
      /// The number of the composite state it is directly inside, or -1.
      var parent = -1
      /// For a composite state, the number of its initial substate, or -1.
      var initial = -1
      /// Whether it remembers the substate it was left in.
      var keepsHistory = false
    }

    /// One row as the engine runs it.
    struct Step: Sendable {
      /// The event's kind, or `nil` for a completion row.
      let event: Event.Kind?
      /// The guard, if any.
      let condition: Condition?
      /// The effect.
      let effect: Effect
      /// The number of the state it goes to.
      let target: Int
      /// Whether it leaves the state (exit and entry run).
      let isExternal: Bool
      /// The reason it refuses the event, if it does.
      let rejection: String?
      /// For a timed row, its delay.
      let delay: Delay?
      /// The number of the composite state it neither leaves nor enters, or
      /// -1 when that is the region.
      let scope: Int
      /// The states it enters on the way to its target, outermost first:
      /// positions in `entered`.
      let entries: Range<Int>
      /// Whether it enters its composite target's history.
      let entersHistory: Bool
      /// The state its `StateTest` asks about, or -1 for none.
      let testedState: Int
      /// Whether the test asks that the machine is *not* in it.
      let testNegated: Bool
    }

    /// What a step has done so far: whether a transition fired, the states
    /// it passed through, and whether it entered a state (external or
    /// self-transition), which restarts that state's timers.
    struct Progress {
      /// The outcome so far.
      var result = Outcome<State>.ignored
      /// Whether a transition that runs entry has been taken.
      var enteredAState = false

      /// Notes a transition taken from `state`.
      mutating func took(from state: State) {
        result.recordTransition(from: state)
      }
    }

    /// The states, by number.
    let states: [StateEntry]

    /// The states' ids, by number: what an event's state is looked up in.
    let ids: [State]

    /// Every row, grouped by source state (in the order of the states'
    /// numbers), each state's event rows, then its completion rows, then its
    /// timed rows, and otherwise in the table's order: each kind of a
    /// state's rows is one range.
    let steps: [Step]

    /// The states each row enters, one run per row (`Step.entries`).
    let entered: [Int]

    /// Numbers the states in the order of `State.allCases` and files each
    /// row under its source.
    init(
      rows: [Row], entry: [State: Activity], exit: [State: Activity],
      hierarchy: StateHierarchy<State>
    ) {
      let ids = Array(State.allCases)
      let number = { (state: State) in ids.firstIndex(of: state) ?? 0 }
      var states = ids.map { StateEntry(entry: entry[$0], exit: exit[$0]) }
      for (composite, contents) in hierarchy.composites {
        states[number(composite)].initial = contents.initial.map(number) ?? -1
        states[number(composite)].keepsHistory = contents.keepsHistory
        for substate in contents.substates { states[number(substate)].parent = number(composite) }
      }
      var steps: [Step] = []
      var entered: [Int] = []
      for source in ids.indices {
        let own = rows.filter { number($0.transition.source) == source }
        let kinds: [(WritableKeyPath<StateEntry, Range<Int>>, (Row) -> Bool)] = [
          (\.rows, { $0.transition.event != nil }),
          (\.completions, { $0.transition.isCompletion }),
          (\.timed, { $0.transition.isTimed }),
        ]
        for (range, isOfKind) in kinds {
          let start = steps.count
          for row in own where isOfKind(row) {
            let transition = row.transition
            let first = entered.count
            entered += hierarchy.entries(
              source: transition.source, target: transition.target, landing: transition.target
            ).map(number)
            let tested: (state: State, negated: Bool)? =
              switch row.test {
              case .isIn(let state): (state, false)
              case .notIn(let state): (state, true)
              case nil: nil
              }
            steps.append(
              Step(
                event: row.event, condition: row.condition,
                effect: row.effect, target: number(transition.target),
                isExternal: transition.kind != .internal, rejection: row.rejection,
                delay: row.delay,
                scope: hierarchy.scope(from: transition.source, to: transition.target).map(number)
                  ?? -1,
                entries: first..<entered.count, entersHistory: transition.entersHistory,
                testedState: tested.map { number($0.state) } ?? -1,
                testNegated: tested?.negated ?? false))
          }
          states[source][keyPath: range] = start..<steps.count
        }
      }
      self.states = states
      self.ids = ids
      self.steps = steps
      self.entered = entered
    }

    /// The number of `state`. A look along a handful of states: cheaper
    /// than hashing, since a state's hash is that of its name.
    func number(of state: State) -> Int? {
      ids.firstIndex(of: state)
    }
  }
}
