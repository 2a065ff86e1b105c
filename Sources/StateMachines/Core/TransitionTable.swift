// The table style's engine begins here: what a table is, what it holds, and
// `fire`, where an event comes in. The rest is beside it, one concern a file:
//
// - TransitionTable+Rows.swift: the rows and activities, as a style file
//   writes them (`.init(_:on:effect:to:)`, `.internal`, `.reject`, `.after`).
// - TransitionTable+Index.swift: the rows compiled once for running, with
//   states as numbers.
// - TransitionTable+Running.swift: how an event runs on that index: find
//   the row (walking out through superstates), take it, follow completions.
// - TransitionTable+TimedRows.swift: `after` rows, and the `fire` that lets
//   time pass.
// - TransitionTable+Regions.swift: regions and history, and what the engine
//   knows of them (`Surroundings`).

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
