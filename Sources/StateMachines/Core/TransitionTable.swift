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

  /// One row: a transition with the code that checks its guard and runs its
  /// effect, or a rejection of bad input.
  public struct Row: Sendable {
    /// The transition as a diagram draws it.
    public let transition: MachineDescription<State>.Transition
    /// Whether the row applies to this event; may emit the outputs that
    /// checking it produces (a code check).
    let condition: @Sendable (Data, Event, Emit) -> Bool
    /// The effect: outputs, and changes to the machine's data.
    let effect: @Sendable (inout Data, Event, Emit) -> Void
    /// Set when the row refuses the event as bad input, with the reason.
    let rejection: String?
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

  /// The rows of each state, so that an event looks only at its own state's.
  private let rowsBySource: [State: [Row]]

  /// Creates a table from its rows and activities.
  public init(rows: [Row], entry: [State: Activity] = [:], exit: [State: Activity] = [:]) {
    self.rows = rows
    self.entry = entry
    self.exit = exit
    self.rowsBySource = Dictionary(grouping: rows, by: \.transition.source)
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
    guard let row = firstRow(from: state, on: event.name, event: event, data: data, emit: emit)
    else { return .ignored }
    if let rejection = row.rejection { throw Rejection(rejection) }
    take(row, event: event, state: &state, data: &data, emit: emit)
    var outcome = Outcome<State>.fired
    while let completion = firstRow(from: state, on: nil, event: event, data: data, emit: emit) {
      outcome.pass(through: state)
      take(completion, event: event, state: &state, data: &data, emit: emit)
    }
    return outcome
  }

  /// The first row out of `state` for the event named `name` (`nil` for a
  /// completion) whose condition holds.
  private func firstRow(
    from state: State, on name: String?, event: Event, data: Data, emit: Emit
  ) -> Row? {
    rowsBySource[state]?.first { row in
      row.transition.event == name && row.condition(data, event, emit)
    }
  }

  /// Carries out one row: exit, effect, entry, as its kind says.
  private func take(_ row: Row, event: Event, state: inout State, data: inout Data, emit: Emit) {
    let transition = row.transition
    if transition.kind == .internal {
      row.effect(&data, event, emit)
      return
    }
    exit[state]?.run(&data, emit)
    row.effect(&data, event, emit)
    state = transition.target
    entry[state]?.run(&data, emit)
  }
}

extension TransitionTable.Row {
  /// An external transition with fixed effect outputs, and a guard if given.
  public init(
    _ source: State, on event: String, guard label: String? = nil,
    _ condition: @escaping @Sendable (Data, Event, TransitionTable.Emit) -> Bool = { _, _, _ in true
    },
    effect outputs: [Output] = [], to target: State
  ) {
    self.init(
      transition: .init(
        source, on: event, guard: label, effects: outputs.map(\.name), to: target),
      condition: condition, effect: { _, _, emit in outputs.forEach(emit) }, rejection: nil)
  }

  /// A transition whose effect depends on the event or the data: `effect`
  /// names what it does, `perform` does it.
  public init(
    _ source: State, on event: String?, guard label: String? = nil,
    _ condition: @escaping @Sendable (Data, Event, TransitionTable.Emit) -> Bool = { _, _, _ in true
    },
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
    self.init(transition: transition, condition: condition, effect: perform, rejection: nil)
  }

  /// An internal transition with fixed effect outputs: handled in `state`,
  /// no exit or entry.
  public static func `internal`(
    _ state: State, on event: String, guard label: String? = nil,
    _ condition: @escaping @Sendable (Data, Event, TransitionTable.Emit) -> Bool = { _, _, _ in true
    },
    effect outputs: [Output] = []
  ) -> Self {
    Self(
      transition: .internal(state, on: event, guard: label, effects: outputs.map(\.name)),
      condition: condition, effect: { _, _, emit in outputs.forEach(emit) }, rejection: nil)
  }

  /// Refuses `event` in `state` as bad input, with `message`.
  public static func reject(_ state: State, on event: String, _ message: String) -> Self {
    Self(
      transition: .internal(state, on: event, effects: []), condition: { _, _, _ in true },
      effect: { _, _, _ in }, rejection: message)
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
