/// A machine's behaviour as data: the engine of the `table` style.
///
/// Each row says `source: event [guard] / effect -> target`. The engine finds
/// the rows of the current state for the event, takes the first whose guard
/// holds, and carries it out: exit activity, effect, entry activity, then any
/// completion row of the state it entered. A timed row, `after(d)`, fires
/// when a `wait` takes the clock past its deadline (see `TimedData`). The
/// rows also carry the labels a diagram writes, so a machine's description
/// can be drawn from the very table it runs on.
///
/// A table may also have composite states and regions (its `hierarchy`;
/// the game character's). A row's source may then be a composite state: the
/// engine offers an event to the current leaf's rows, then to its parent's,
/// and so on outward, and takes the first row that applies. Taking it exits
/// every state from the leaf up to the row's scope, innermost first, and
/// enters every state from there down to its target, outermost first, then
/// on down through initial substates or, for a row into a history, the
/// substate last left. Such a table runs on `ActiveStates`, the leaf of each
/// region and the history of each composite state, and offers every event to
/// every region in turn (`fire(_:active:data:emit:)`).
public struct TransitionTable<State: StateID, Event: MachineEvent, Output: MachineOutput, Data>:
  Sendable
{
  /// What the rows call to tell the world what to do.
  public typealias Emit = (Output) -> Void

  /// Whether a row applies to an event; may emit the outputs that checking
  /// it produces (a code check).
  public typealias Condition = @Sendable (Data, Event, Emit) -> Bool

  /// A guard on the states the machine is in, UML's `[in diving]`: it reads
  /// every region as it was before the event, so a region sees the others
  /// as they were, whatever the regions before it did with the event.
  public enum StateTest: Sendable {
    /// The machine is in the state (a leaf of some region, or a composite
    /// state around one).
    case isIn(State)
    /// The machine is not in the state.
    case notIn(State)

    /// The guard as a diagram writes it: `in diving`, `not in diving`.
    var label: String {
      switch self {
      case .isIn(let state): "in \(state)"
      case .notIn(let state): "not in \(state)"
      }
    }
  }

  /// One row: a transition with the code that checks its guard and runs its
  /// effect, or a rejection of bad input.
  public struct Row: Sendable {
    /// The transition as a diagram draws it.
    public let transition: MachineDescription<State>.Transition
    /// The kind of event it is for, or `nil` for a row that fires by itself.
    let event: Event.Kind?
    /// The guard, or `nil` for a row without one.
    let condition: Condition?
    /// A guard on the states of the regions, or `nil`.
    var test: StateTest? = nil
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

  /// The composite states and regions: `.flat` for a table of leaves only.
  public let hierarchy: StateHierarchy<State>

  /// The rows rearranged for running, built once with the table.
  let index: Index

  /// Creates a table from its rows and activities, and, for a statechart,
  /// the composite states and regions its states are arranged in.
  public init(
    rows: [Row], entry: [State: Activity] = [:], exit: [State: Activity] = [:],
    hierarchy: StateHierarchy<State> = .flat
  ) {
    self.rows = rows
    self.entry = entry
    self.exit = exit
    self.hierarchy = hierarchy
    self.index = Index(rows: rows, entry: entry, exit: exit, hierarchy: hierarchy)
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
  /// completion rows out of any state it enters. For a table without
  /// regions or history; one with them runs on `ActiveStates`.
  ///
  /// - Throws: `Rejection` when the row found refuses the event; nothing has
  ///   changed and nothing was emitted.
  public func fire(
    _ event: Event, state: inout State, data: inout Data, emit: Emit
  ) throws(Rejection) -> Outcome<State> {
    guard let here = index.number(of: state) else { return .ignored }
    var flat = Flat()
    let (outcome, end) = try index.handle(event, from: here, data: &data, emit: emit, in: &flat)
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
      _ event: Event, from here: Int, data: inout Data, emit: Emit, in surroundings: inout S
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
      _ event: Event, from here: Int, data: Data, emit: Emit, in surroundings: S
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
      _ here: Int, event: Event, data: inout Data, emit: Emit, progress: inout Progress,
      in surroundings: inout S
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
    /// rows) and whose guards hold: its state test, then its condition.
    func firstStep<S: Surroundings>(
      in candidates: Range<Int>, on event: Event, data: Data, emit: Emit, in surroundings: S
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
      _ position: Int, from leaf: Int, event: Event, data: inout Data, emit: Emit,
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
    _ source: State, on event: Event.Kind, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect outputs: [Output] = [], to target: State
  ) {
    self.init(
      transition: .init(
        source, on: event.rawValue, guard: label, effects: outputs.map(\.name), to: target),
      event: event, condition: condition, effect: .emits(Effects(outputs)), rejection: nil,
      delay: nil)
  }

  /// A transition whose effect depends on the event or the data: `effect`
  /// names what it does, `perform` does it.
  public init(
    _ source: State, on event: Event.Kind?, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect: [String], to target: State? = nil,
    perform: @escaping @Sendable (inout Data, Event, TransitionTable.Emit) -> Void
  ) {
    let transition: MachineDescription<State>.Transition =
      switch (event?.rawValue, target) {
      case (let event?, nil): .internal(source, on: event, guard: label, effects: effect)
      case (let event?, let target?):
        .init(source, on: event, guard: label, effects: effect, to: target)
      case (nil, let target):
        .completion(source, guard: label, effects: effect, to: target ?? source)
      }
    self.init(
      transition: transition, event: event, condition: condition, effect: .performs(perform),
      rejection: nil, delay: nil)
  }

  /// An internal transition with fixed effect outputs: handled in `state`,
  /// no exit or entry.
  public static func `internal`(
    _ state: State, on event: Event.Kind, guard label: String? = nil,
    _ condition: TransitionTable.Condition? = nil,
    effect outputs: [Output] = []
  ) -> Self {
    Self(
      transition: .internal(
        state, on: event.rawValue, guard: label, effects: outputs.map(\.name)),
      event: event, condition: condition, effect: .emits(Effects(outputs)), rejection: nil,
      delay: nil)
  }

  /// Refuses `event` in `state` as bad input, with `message`.
  public static func reject(_ state: State, on event: Event.Kind, _ message: String) -> Self {
    Self(
      transition: .internal(state, on: event.rawValue, effects: []), event: event,
      condition: nil, effect: .emits([]), rejection: message, delay: nil)
  }

  /// A timed row, `after(delay)`: fires once `delay` has passed since
  /// `source` was entered, emitting `outputs`.
  public static func after(
    _ delay: Duration, from source: State, effect outputs: [Output] = [], to target: State
  ) -> Self {
    Self(
      transition: .after(
        "\(delay.secondsText)s", from: source, effects: outputs.map(\.name), to: target),
      event: nil, condition: nil, effect: .emits(Effects(outputs)), rejection: nil,
      delay: { _ in delay })
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
      event: nil, condition: condition, effect: .emits(Effects(outputs)), rejection: nil,
      delay: delay)
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
