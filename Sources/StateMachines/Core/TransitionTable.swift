/// A machine's behaviour as data: the engine of the `table` style.
///
/// Each row says `source: event [guard] / effect -> target`. The engine finds
/// the rows of the current state for the event, takes the first whose guard
/// holds, and carries it out: exit activity, effect, entry activity, then any
/// completion row of the state it entered. A timed row, `after(d)`, fires
/// when a `wait` takes the clock past its deadline (see `TimedData`). The
/// rows also carry the labels a diagram writes, so a machine's description
/// can be drawn from the very table it runs on.
public struct TransitionTable<State: StateID, Event: MachineEvent, Output: MachineOutput, Data>:
  Sendable
{
  /// What the rows call to tell the world what to do.
  public typealias Emit = (Output) -> Void

  /// Whether a row applies to an event; may emit the outputs that checking
  /// it produces (a code check).
  public typealias Condition = @Sendable (Data, Event, Emit) -> Bool

  /// One row: a transition with the code that checks its guard and runs its
  /// effect, or a rejection of bad input.
  public struct Row: Sendable {
    /// The transition as a diagram draws it.
    public let transition: MachineDescription<State>.Transition
    /// The guard, or `nil` for a row without one.
    let condition: Condition?
    /// The effect: outputs, and changes to the machine's data.
    let effect: Effect
    /// Set when the row refuses the event as bad input, with the reason.
    let rejection: String?
    /// For a timed row, how long after entering its source it fires.
    let delay: Delay?
  }

  /// How long a timed row waits, which may depend on the machine's data.
  typealias Delay = @Sendable (Data) -> Duration

  /// What a row does when it is taken.
  enum Effect: Sendable {
    /// Emits these outputs, in order (kept like a decision's, without an
    /// array to retain on every event).
    case emits(Effects<Output>)
    /// Runs code that may change the data and emit outputs.
    case performs(@Sendable (inout Data, Event, Emit) -> Void)
  }

  /// What a state does every time it is entered or left.
  public struct Activity: Sendable {
    /// The outputs, as a diagram lists them.
    public let labels: [String]
    /// The outputs and any changes to the machine's data.
    let run: @Sendable (inout Data, Emit) -> Void
  }

  /// Every row, in the order of the machine's specification.
  public let rows: [Row]

  /// The entry activities of the states that have one.
  public let entry: [State: Activity]

  /// The exit activities of the states that have one.
  public let exit: [State: Activity]

  /// The rows rearranged for running, built once with the table.
  private let index: Index

  /// Creates a table from its rows and activities.
  public init(rows: [Row], entry: [State: Activity] = [:], exit: [State: Activity] = [:]) {
    self.rows = rows
    self.entry = entry
    self.exit = exit
    self.index = Index(rows: rows, entry: entry, exit: exit)
  }

  /// The transitions, as the machine's description lists them.
  public var transitions: [MachineDescription<State>.Transition] {
    rows.filter { $0.rejection == nil }.map(\.transition)
  }

  /// The entry and exit activities, as the machine's description lists them.
  public var activities: [State: MachineDescription<State>.Activities] {
    var activities: [State: MachineDescription<State>.Activities] = [:]
    for (state, activity) in entry { activities[state, default: .init()].entry = activity.labels }
    for (state, activity) in exit { activities[state, default: .init()].exit = activity.labels }
    return activities
  }

  /// Handles `event` in `state`: finds the row, carries it out, and follows
  /// completion rows out of any state it enters.
  ///
  /// - Throws: `Rejection` when the row found refuses the event; nothing has
  ///   changed and nothing was emitted.
  public func fire(
    _ event: Event, state: inout State, data: inout Data, emit: Emit
  ) throws(Rejection) -> Outcome<State> {
    guard let here = index.number(of: state) else { return .ignored }
    let (outcome, end) = try index.handle(event, from: here, data: &data, emit: emit)
    state = index.ids[end]
    return outcome.result
  }
}

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
    guard let elapsed = event.timePassing else {
      let (outcome, end) = try index.handle(event, from: here, data: &data, emit: emit)
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
      here = index.take(step, from: here, event: event, data: &data, emit: emit)
      data.entered = deadline
      here = index.complete(here, event: event, data: &data, emit: emit, progress: &progress)
    }
    data.clock.advance(to: end)
    if !progress.result.fired {
      (progress, here) = try index.handle(event, from: here, data: &data, emit: emit)
      if progress.enteredAState { data.entered = data.clock.now }
    }
    state = index.ids[here]
    return progress.result
  }
}

extension TransitionTable {
  /// The rows as the engine runs them: states by number, each state's rows
  /// side by side in one array, and its activities at hand.
  ///
  /// The rows are written in the order of the specification, with names; an
  /// event would otherwise look up its state's rows, entry and exit in three
  /// dictionaries and copy each row it tries. Here a state is looked up once
  /// per event, and everything after that is a position in an array; a
  /// row is read field by field, never copied whole, since copying the
  /// closures it holds means retaining them.
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
    }

    /// One row as the engine runs it.
    struct Step: Sendable {
      /// The event's name, or `nil` for a completion row.
      let event: String?
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

    /// Numbers the states in the order of `State.allCases` and files each
    /// row under its source.
    init(rows: [Row], entry: [State: Activity], exit: [State: Activity]) {
      let ids = Array(State.allCases)
      let number = { (state: State) in ids.firstIndex(of: state) ?? 0 }
      var states = ids.map { StateEntry(entry: entry[$0], exit: exit[$0]) }
      var steps: [Step] = []
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
            steps.append(
              Step(
                event: transition.event, condition: row.condition,
                effect: row.effect, target: number(transition.target),
                isExternal: transition.kind != .internal, rejection: row.rejection,
                delay: row.delay))
          }
          states[source][keyPath: range] = start..<steps.count
        }
      }
      self.states = states
      self.ids = ids
      self.steps = steps
    }

    /// The number of `state`. A look along a handful of states: cheaper
    /// than hashing, since a state's hash is that of its name.
    func number(of state: State) -> Int? {
      ids.firstIndex(of: state)
    }

    /// Handles `event` in the state numbered `here`: the first row that
    /// applies, then the completion rows of the states it enters.
    ///
    /// - Returns: what was done, and the number of the state it ends in.
    /// - Throws: `Rejection` when the row found refuses the event; nothing has
    ///   changed and nothing was emitted.
    func handle(
      _ event: Event, from here: Int, data: inout Data, emit: Emit
    ) throws(Rejection) -> (Progress, Int) {
      guard let step = firstStep(in: states[here].rows, on: event, data: data, emit: emit)
      else { return (Progress(), here) }
      if let rejection = steps[step].rejection { throw Rejection(rejection) }
      var progress = Progress(result: .fired, enteredAState: steps[step].isExternal)
      var end = take(step, from: here, event: event, data: &data, emit: emit)
      end = complete(end, event: event, data: &data, emit: emit, progress: &progress)
      return (progress, end)
    }

    /// Takes the completion rows out of the state numbered `here`, and out
    /// of each state they enter, for as long as one applies.
    ///
    /// - Returns: the number of the state it ends in.
    func complete(
      _ here: Int, event: Event, data: inout Data, emit: Emit, progress: inout Progress
    ) -> Int {
      var here = here
      while let completion = firstStep(
        in: states[here].completions, on: event, data: data, emit: emit)
      {
        progress.took(from: ids[here])
        progress.enteredAState = true
        here = take(completion, from: here, event: event, data: &data, emit: emit)
      }
      return here
    }

    /// The timed row of the state numbered `here` that comes due first at or
    /// before `end`, counting from `entered`, with its deadline; `nil` when
    /// none does. A delay of zero or less never comes due: one that did
    /// would fire again and again within a single `wait`.
    func dueStep(
      in here: Int, on event: Event, data: Data, by end: Duration, emit: Emit
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

    /// The first of `candidates` that is for `event` (any, for completion
    /// rows) and whose guard holds.
    func firstStep(in candidates: Range<Int>, on event: Event, data: Data, emit: Emit) -> Int? {
      guard let first = candidates.first else { return nil }
      let name = steps[first].event == nil ? nil : event.name
      for candidate in candidates where steps[candidate].event == name {
        if let condition = steps[candidate].condition, !condition(data, event, emit) {
          continue
        }
        return candidate
      }
      return nil
    }

    /// Carries out the row at `position` from the state numbered `source`:
    /// exit, effect, entry, as its kind says. Returns the state it ends in.
    func take(_ position: Int, from source: Int, event: Event, data: inout Data, emit: Emit)
      -> Int
    {
      guard steps[position].isExternal else {
        perform(steps[position].effect, event: event, data: &data, emit: emit)
        return source
      }
      let target = steps[position].target
      states[source].exit?.run(&data, emit)
      perform(steps[position].effect, event: event, data: &data, emit: emit)
      states[target].entry?.run(&data, emit)
      return target
    }

    /// Runs a row's effect.
    private func perform(_ effect: Effect, event: Event, data: inout Data, emit: Emit) {
      switch effect {
      case .emits(let outputs): outputs.forEach(emit)
      case .performs(let code): code(&data, event, emit)
      }
    }
  }
}

extension TransitionTable.Row {
  /// An external transition with fixed effect outputs, and a guard if given.
  public init(
    _ source: State, on event: String, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect outputs: [Output] = [], to target: State
  ) {
    self.init(
      transition: .init(
        source, on: event, guard: label, effects: outputs.map(\.name), to: target),
      condition: condition, effect: .emits(Effects(outputs)), rejection: nil, delay: nil)
  }

  /// A transition whose effect depends on the event or the data: `effect`
  /// names what it does, `perform` does it.
  public init(
    _ source: State, on event: String?, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect: [String], to target: State? = nil,
    perform: @escaping @Sendable (inout Data, Event, TransitionTable.Emit) -> Void
  ) {
    let transition: MachineDescription<State>.Transition =
      switch (event, target) {
      case (let event?, nil): .internal(source, on: event, guard: label, effects: effect)
      case (let event?, let target?):
        .init(source, on: event, guard: label, effects: effect, to: target)
      case (nil, let target):
        .completion(source, guard: label, effects: effect, to: target ?? source)
      }
    self.init(
      transition: transition, condition: condition, effect: .performs(perform), rejection: nil,
      delay: nil)
  }

  /// An internal transition with fixed effect outputs: handled in `state`,
  /// no exit or entry.
  public static func `internal`(
    _ state: State, on event: String, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect outputs: [Output] = []
  ) -> Self {
    Self(
      transition: .internal(state, on: event, guard: label, effects: outputs.map(\.name)),
      condition: condition, effect: .emits(Effects(outputs)), rejection: nil, delay: nil)
  }

  /// Refuses `event` in `state` as bad input, with `message`.
  public static func reject(_ state: State, on event: String, _ message: String) -> Self {
    Self(
      transition: .internal(state, on: event, effects: []), condition: nil,
      effect: .emits([]), rejection: message, delay: nil)
  }

  /// A timed row, `after(delay)`: fires once `delay` has passed since
  /// `source` was entered, emitting `outputs`.
  public static func after(
    _ delay: Duration, from source: State, effect outputs: [Output] = [], to target: State
  ) -> Self {
    Self(
      transition: .after(
        "\(delay.secondsText)s", from: source, effects: outputs.map(\.name), to: target),
      condition: nil, effect: .emits(Effects(outputs)), rejection: nil, delay: { _ in delay })
  }

  /// A timed row whose delay depends on the machine's data (the drawing
  /// tool's animation lasts one second per line): `label` names the delay
  /// as the diagram writes it, `delay` computes it from the data (which
  /// must not change while the state waits), and a `guard` may keep it from
  /// firing.
  public static func after(
    _ label: String, _ delay: @escaping @Sendable (Data) -> Duration, from source: State,
    guard guardLabel: String? = nil, _ condition: TransitionTable.Condition? = nil,
    effect outputs: [Output] = [], to target: State
  ) -> Self {
    Self(
      transition: .after(
        label, from: source, guard: guardLabel, effects: outputs.map(\.name), to: target),
      condition: condition, effect: .emits(Effects(outputs)), rejection: nil, delay: delay)
  }
}

extension TransitionTable.Activity {
  /// An activity that emits fixed outputs.
  public static func emits(_ outputs: Output...) -> Self {
    Self(labels: outputs.map(\.name)) { _, emit in outputs.forEach(emit) }
  }

  /// An activity that also changes the machine's data, or whose outputs
  /// depend on it: `labels` names what it does.
  public static func does(
    _ labels: String..., perform: @escaping @Sendable (inout Data, TransitionTable.Emit) -> Void
  ) -> Self {
    Self(labels: labels, run: perform)
  }
}
