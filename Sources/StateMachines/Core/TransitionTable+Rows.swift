// How a table is written. A row is a transition (as a diagram draws it)
// with the code that checks its guard and runs its effect; an activity is
// what a state does when entered or left. The builders below are what a
// style file calls: `.init(_:on:...to:)` for an external transition,
// `.internal`, `.reject` for bad input, `.after` for a timed row, and, for a
// statechart, `onExactly:`, `toHistoryOf:` and a `StateTest` guard. Nothing
// here runs an event: the table compiles its rows into an `Index` once
// (TransitionTable+Index.swift).

extension TransitionTable {
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

  // The rows the game character's statechart adds: an event with its
  // argument, a transition into a history, a guard on the regions.

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
