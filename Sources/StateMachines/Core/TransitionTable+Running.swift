// How an event runs on the index. `handle` is the whole of it for one
// leaf: `find` the row (the leaf's rows first, then its superstates',
// outward), throw if it refuses the event, `take` it (exits up to the row's
// scope, keeping history; the effect; entries down to the target, through
// history or initial substates), then `complete`: the completion rows of
// the states entered. A flat table's `fire` and the timed one call
// `handle`; a table with regions finds and takes a row for each region
// (TransitionTable+Regions.swift). What the engine knows beyond the leaf,
// the other regions and the history, comes in as `Surroundings`.

extension TransitionTable.Index {
  /// Handles `event` in the leaf numbered `here`: the row that applies,
  /// then the completion rows of the states it enters.
  ///
  /// - Parameters:
  ///   - surroundings: The other regions' leaves and the composite
  ///     states' history; `Flat`, nothing, for a table without them.
  /// - Returns: what was done, and the number of the state it ends in.
  /// - Throws: `Rejection` when the row found refuses the event; nothing has
  ///   changed and nothing was emitted.
  func handle<S: Surroundings>(
    _ event: Event, from here: Int, data: inout Data, emit: TransitionTable.Emit,
    in surroundings: inout S
  ) throws(Rejection) -> (Progress, Int) {
    guard let step = find(event, from: here, data: data, emit: emit, in: surroundings)
    else { return (Progress(), here) }
    if let rejection = steps[step].rejection { throw Rejection(rejection) }
    var progress = Progress(result: .fired, enteredAState: steps[step].isExternal)
    var end = take(step, from: here, event: event, data: &data, emit: emit, in: &surroundings)
    end = complete(
      end, event: event, data: &data, emit: emit, progress: &progress, in: &surroundings)
    return (progress, end)
  }

  /// The row that handles `event` in the leaf numbered `here`: the first
  /// that applies among the leaf's own rows, else among its parent's, and
  /// so on outward, so that the innermost state that handles the event
  /// wins. A flat table looks at the leaf's rows only: it has no parents.
  func find<S: Surroundings>(
    _ event: Event, from here: Int, data: Data, emit: TransitionTable.Emit, in surroundings: S
  ) -> Int? {
    var state = here
    while state >= 0 {
      if let step = firstStep(
        in: states[state].rows, on: event, data: data, emit: emit, in: surroundings)
      {
        return step
      }
      state = states[state].parent
    }
    return nil
  }

  /// Takes the completion rows out of the state numbered `here`, and out
  /// of each state they enter, for as long as one applies.
  ///
  /// - Returns: the number of the state it ends in.
  func complete<S: Surroundings>(
    _ here: Int, event: Event, data: inout Data, emit: TransitionTable.Emit,
    progress: inout Progress, in surroundings: inout S
  ) -> Int {
    var here = here
    while let completion = firstStep(
      in: states[here].completions, on: event, data: data, emit: emit, in: surroundings)
    {
      progress.took(from: ids[here])
      progress.enteredAState = true
      here = take(
        completion, from: here, event: event, data: &data, emit: emit, in: &surroundings)
    }
    return here
  }

  /// The first of `candidates` that is for `event` (any, for completion
  /// rows) and whose guards hold: its state test, then its condition.
  func firstStep<S: Surroundings>(
    in candidates: Range<Int>, on event: Event, data: Data, emit: TransitionTable.Emit,
    in surroundings: S
  ) -> Int? {
    guard let first = candidates.first else { return nil }
    let kind = steps[first].event == nil ? nil : event.kind
    for candidate in candidates where steps[candidate].event == kind {
      if steps[candidate].testedState >= 0 && !passesTest(candidate, in: surroundings) {
        continue
      }
      if let condition = steps[candidate].condition, !condition(data, event, emit) {
        continue
      }
      return candidate
    }
    return nil
  }

  /// Whether the state test of the row at `position` holds where the
  /// regions' leaves are: the tested state is one of them or around one of
  /// them, or, negated, is not.
  private func passesTest<S: Surroundings>(_ position: Int, in surroundings: S) -> Bool {
    let tested = steps[position].testedState
    var isIn = false
    for leaf in surroundings.leaves {
      var state = leaf
      while state >= 0 && !isIn {
        isIn = state == tested
        state = states[state].parent
      }
    }
    return isIn != steps[position].testNegated
  }

  /// Carries out the row at `position` in the leaf numbered `leaf`: exit,
  /// effect, entry, as its kind says. Returns the leaf it ends in.
  ///
  /// The exits run from the leaf up to the row's scope, innermost first,
  /// and a composite state left on the way records the substate it was
  /// left in, if it keeps history; the entries run from below the scope
  /// down to the target, outermost first, and on down into a composite
  /// target: through its history, for a row into the history, or its
  /// initial substates. In a flat table, that is the leaf's exit and the
  /// target's entry.
  func take<S: Surroundings>(
    _ position: Int, from leaf: Int, event: Event, data: inout Data, emit: TransitionTable.Emit,
    in surroundings: inout S
  ) -> Int {
    guard steps[position].isExternal else {
      perform(steps[position].effect, event: event, data: &data, emit: emit)
      return leaf
    }
    let scope = steps[position].scope
    var state = leaf
    var left = -1
    while state >= 0 && state != scope {
      states[state].exit?.run(&data, emit)
      if states[state].keepsHistory { surroundings.remember(left, asHistoryOf: state) }
      left = state
      state = states[state].parent
    }
    perform(steps[position].effect, event: event, data: &data, emit: emit)
    for entry in steps[position].entries {
      states[entered[entry]].entry?.run(&data, emit)
    }
    var end = steps[position].target
    var next = states[end].initial
    if steps[position].entersHistory, let remembered = surroundings.history(of: end) {
      next = remembered
    }
    while next >= 0 {
      states[next].entry?.run(&data, emit)
      end = next
      next = states[end].initial
    }
    return end
  }

  /// Runs a row's effect.
  private func perform(
    _ effect: TransitionTable.Effect, event: Event, data: inout Data, emit: TransitionTable.Emit
  ) {
    switch effect {
    case .emits(let outputs): outputs.forEach(emit)
    case .performs(let code): code(&data, event, emit)
    }
  }
}
