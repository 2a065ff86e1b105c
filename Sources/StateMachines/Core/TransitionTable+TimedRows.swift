// Timed rows, `after(d)` (written with `.after`, TransitionTable+Rows.swift).
// A table whose data keeps a clock, `TimedData`, gets a `fire` of its own:
// a `wait` moves the clock and fires, in order and each as of its deadline,
// the timed rows that come due (`dueStep` finds the next), and every
// transition into a state restarts its timers (`entered`).

/// The data of a table machine with time: its clock, and when its current
/// state was entered, which the engine keeps up to date.
public protocol TimedData {
  /// The machine's clock, moved by `wait`.
  var clock: VirtualClock { get set }

  /// The clock's reading when the current state was entered: where its
  /// timed rows count from.
  var entered: Duration { get set }
}

extension TransitionTable where Data: TimedData {
  /// Handles `event` in `state` as `fire` does, and keeps time: a `wait`
  /// moves the clock and fires, in order and each as of its deadline, the
  /// timed rows that come due; every transition into a state restarts its
  /// timers. A `wait` that brings nothing due is looked up like any event
  /// (the video player's `playing` handles it).
  ///
  /// - Throws: `Rejection` when the row found refuses the event; nothing has
  ///   changed and nothing was emitted.
  public func fire(
    _ event: Event, state: inout State, data: inout Data, emit: Emit
  ) throws(Rejection) -> Outcome<State> {
    guard var here = index.number(of: state) else { return .ignored }
    var flat = Flat()
    guard let elapsed = event.timePassing else {
      let (outcome, end) = try index.handle(event, from: here, data: &data, emit: emit, in: &flat)
      if outcome.enteredAState { data.entered = data.clock.now }
      state = index.ids[end]
      return outcome.result
    }
    let end = data.clock.now + elapsed
    var progress = Index.Progress()
    while let (step, deadline) = index.dueStep(
      in: here, on: event, data: data, by: end, emit: emit)
    {
      data.clock.advance(to: deadline)
      progress.took(from: index.ids[here])
      here = index.take(step, from: here, event: event, data: &data, emit: emit, in: &flat)
      data.entered = deadline
      here = index.complete(
        here, event: event, data: &data, emit: emit, progress: &progress, in: &flat)
    }
    data.clock.advance(to: end)
    if !progress.result.fired {
      (progress, here) = try index.handle(event, from: here, data: &data, emit: emit, in: &flat)
      if progress.enteredAState { data.entered = data.clock.now }
    }
    state = index.ids[here]
    return progress.result
  }
}

extension TransitionTable.Index {
  /// The timed row of the state numbered `here` that comes due first at or
  /// before `end`, counting from `entered`, with its deadline; `nil` when
  /// none does. A delay of zero or less never comes due: one that did
  /// would fire again and again within a single `wait`.
  func dueStep(
    in here: Int, on event: Event, data: Data, by end: Duration, emit: TransitionTable.Emit
  ) -> (step: Int, deadline: Duration)?
  where Data: TimedData {
    var due: (step: Int, deadline: Duration)?
    for candidate in states[here].timed {
      guard let delay = steps[candidate].delay?(data), delay > .zero else { continue }
      let deadline = data.entered + delay
      guard deadline <= end else { continue }
      if let due, due.deadline <= deadline { continue }
      if let condition = steps[candidate].condition, !condition(data, event, emit) {
        continue
      }
      due = (candidate, deadline)
    }
    return due
  }
}
