/// A machine's behaviour as data: the engine of the `table` style.
///
/// Each row says `source: event [guard] / effect -> target`. The engine finds
/// the rows of the current state for the event, takes the first whose guard
/// holds, and carries it out: exit activity, effect, entry activity, then any
/// completion row of the state it entered. The rows also carry the labels a
/// diagram writes, so a machine's description can be drawn from the very
/// table it runs on.
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
  }

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
    guard var here = index.number(of: state),
      let step = index.firstStep(in: index.states[here].rows, on: event, data: data, emit: emit)
    else { return .ignored }
    if let rejection = index.steps[step].rejection { throw Rejection(rejection) }
    here = index.take(step, from: here, event: event, data: &data, emit: emit)
    var outcome = Outcome<State>.fired
    while let completion = index.firstStep(
      in: index.states[here].completions, on: event, data: data, emit: emit)
    {
      outcome.pass(through: index.ids[here])
      here = index.take(completion, from: here, event: event, data: &data, emit: emit)
    }
    state = index.ids[here]
    return outcome
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
    }

    /// The states, by number.
    let states: [StateEntry]

    /// The states' ids, by number: what an event's state is looked up in.
    let ids: [State]

    /// Every row, grouped by source state (in the order of the states'
    /// numbers), each state's event rows before its completion rows, and
    /// otherwise in the table's order: a state's rows are one range.
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
        for completions in [false, true] {
          let start = steps.count
          for row in own where row.transition.isCompletion == completions {
            let transition = row.transition
            steps.append(
              Step(
                event: completions ? nil : transition.event, condition: row.condition,
                effect: row.effect, target: number(transition.target),
                isExternal: transition.kind != .internal, rejection: row.rejection))
          }
          if completions {
            states[source].completions = start..<steps.count
          } else {
            states[source].rows = start..<steps.count
          }
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
      condition: condition, effect: .emits(Effects(outputs)), rejection: nil)
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
      transition: transition, condition: condition, effect: .performs(perform), rejection: nil)
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
      condition: condition, effect: .emits(Effects(outputs)), rejection: nil)
  }

  /// Refuses `event` in `state` as bad input, with `message`.
  public static func reject(_ state: State, on event: String, _ message: String) -> Self {
    Self(
      transition: .internal(state, on: event, effects: []), condition: nil,
      effect: .emits([]), rejection: message)
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
