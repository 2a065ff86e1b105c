import StateMachines

/// One transition seen from outside an implementation: a source, an event's
/// name (none for a completion transition), and a target.
///
/// Guards and effects cannot be seen from the states alone, so two
/// transitions that differ only in those are the same observed transition;
/// the labels an observed diagram gives them come from the steps seen
/// (`ObservedLabels`).
public struct ObservedTransition<State: StateID>: Hashable, Sendable, CustomStringConvertible {
  /// The state the transition leaves.
  public var source: State
  /// The event's public name, or `nil` for a completion transition.
  public var event: String?
  /// The state the transition enters.
  public var target: State

  /// Creates an observed transition.
  public init(_ source: State, _ event: String?, _ target: State) {
    self.source = source
    self.event = event
    self.target = target
  }

  /// The described transition reduced to what can be observed. From
  /// outside, a timed transition, `after(d)`, is one that a `wait` takes.
  public init(_ transition: MachineDescription<State>.Transition) {
    let event = transition.isTimed ? MachineDescription<State>.waitEvent : transition.event
    self.init(transition.source, event, transition.target)
  }

  /// `armed --disarm--> alarm`, or `sold --> noQuarter` for a completion.
  public var description: String {
    let arrow = event.map { "--\($0)-->" } ?? "-->"
    return "\(source.rawValue) \(arrow) \(target.rawValue)"
  }
}

/// What exploring one implementation found: where it starts, the states it
/// reached and the transitions it took, drawable as a diagram.
public struct Observation<State: StateID>: Sendable {
  /// The style that was explored.
  public var style: Style

  /// The states the implementation started in, over the configurations tried.
  public var initialStates: [State]

  /// The states it reached, in the order first reached.
  public var states: [State]

  /// The transitions it took, in the order first taken.
  public var transitions: [ObservedTransition<State>]

  /// The different steps it took, ignored and rejected ones included, in
  /// the order first seen: what the observed labels are drawn from.
  public var steps: [ObservedStep<State>] = []

  /// The implementation as a machine description, shaped like `described`,
  /// labelled with what was seen (`ObservedLabels`): event data where it
  /// decides the target, effects as the outputs no activity explains, the
  /// described activities and guard outputs where they were seen; an
  /// internal transition where the description has one for a loop, and as
  /// final the reached states that nothing leaves.
  ///
  /// A loop cannot tell from the states alone whether exit and entry ran, so
  /// it takes the kind the description gives it, and is a self-transition
  /// when the description has no such loop. No guard is written: a probe
  /// sees data, not conditions.
  public func machineDescription(
    like described: MachineDescription<State>
  ) -> MachineDescription<State> {
    let entrances = initialStates.map { state in
      MachineDescription<State>.Entrance(
        state, guard: described.entrances.first { $0.state == state }?.guardLabel)
    }
    let left = Set(transitions.map(\.source))
    let labels = ObservedLabels(steps, like: described)
    var observed = MachineDescription<State>(
      entrances: entrances, finalStates: Set(states.filter { !left.contains($0) }),
      events: [EventSignature<Never>](), activities: labels.activities,
      transitions: orderedLike(described).flatMap { observed in
        labels.arguments(of: observed).map { argument in
          describe(
            observed, argument: argument, effect: labels.effect(of: observed, argument: argument),
            isInternal: labels.isInternal(observed), like: described)
        }
      },
      guardOutputs: labels.guardOutputs)
    observed.events = described.events
    return observed
  }

  /// How the observed transitions differ from the described ones, guards and
  /// effects aside: empty when the implementation does what the diagram says.
  public func difference(from described: MachineDescription<State>) -> TransitionDifference {
    let seen = Set(transitions)
    let drawn = described.transitions.map(ObservedTransition.init)
    let drawnSet = Set(drawn)
    var missing: [ObservedTransition<State>] = []
    for transition in drawn where !seen.contains(transition) && !missing.contains(transition) {
      missing.append(transition)
    }
    return TransitionDifference(
      missing: missing.map(\.description),
      unexpected: transitions.filter { !drawnSet.contains($0) }.map(\.description))
  }

  /// The observed transitions in the description's order, then those it
  /// lacks in the order they were taken, so both diagrams lay out alike.
  private func orderedLike(_ described: MachineDescription<State>) -> [ObservedTransition<State>] {
    let rank = Dictionary(
      described.transitions.enumerated().map { (ObservedTransition($1), $0) },
      uniquingKeysWith: { first, _ in first })
    return transitions.enumerated().sorted { left, right in
      (rank[left.element] ?? Int.max, left.offset) < (rank[right.element] ?? Int.max, right.offset)
    }.map(\.element)
  }

  /// A transition for the observed diagram, of the kind `described` gives it
  /// (internal where `isInternal`; a `wait` that the description draws as a
  /// timed transition keeps its `after(d)`), for the event's `argument` when
  /// one is written, with the `effect` seen.
  private func describe(
    _ observed: ObservedTransition<State>, argument: String?, effect: [String],
    isInternal: Bool, like described: MachineDescription<State>
  ) -> MachineDescription<State>.Transition {
    guard let event = observed.event else {
      return .completion(observed.source, effects: effect, to: observed.target)
    }
    if event == MachineDescription<State>.waitEvent,
      let timed = described.timedTransition(from: observed.source, to: observed.target),
      let delay = timed.delay
    {
      return .after(delay, from: observed.source, effects: effect, to: observed.target)
    }
    var transition: MachineDescription<State>.Transition =
      isInternal
      ? .internal(observed.source, on: event, effects: effect)
      : .init(observed.source, on: event, effects: effect, to: observed.target)
    transition.argument = argument
    return transition
  }
}

/// How what an implementation does differs from what its diagram says.
public struct TransitionDifference: Hashable, Sendable, CustomStringConvertible {
  /// Described transitions the implementation never took, as
  /// `armed --disarm--> alarm`.
  public var missing: [String]

  /// Transitions the implementation took that the description lacks.
  public var unexpected: [String]

  /// Creates a difference.
  public init(missing: [String], unexpected: [String]) {
    self.missing = missing
    self.unexpected = unexpected
  }

  /// Whether the implementation takes exactly the described transitions.
  public var isEmpty: Bool { missing.isEmpty && unexpected.isEmpty }

  /// One line per difference, or a note that there is none.
  public var description: String {
    guard !isEmpty else { return "observed transitions match the description" }
    let lines =
      missing.map { "described but never taken: \($0)" }
      + unexpected.map { "taken but not described: \($0)" }
    return lines.joined(separator: "\n")
  }
}
