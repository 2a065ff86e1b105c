import StateMachines

/// A run of a machine reduced to what a diagram shows: where it started and,
/// for each step, the states around it and the event's name.
///
/// Build it from any machine's `TraceStep`s with `init(start:trace:)`; the
/// diagram then highlights the visited states and the taken transitions,
/// counts how often each fired, and marks the state the run ended in.
public struct TraceOverlay<State: StateID>: Hashable, Sendable {
  /// One step of the run.
  public struct Step: Hashable, Sendable {
    /// The state before the event.
    public var from: State
    /// The event's public name, as in `disarm`.
    public var event: String
    /// The state after the event.
    public var to: State
    /// Whether a transition fired (false when ignored or rejected).
    public var fired: Bool
    /// The states passed through on the way, in order.
    public var via: [State]

    /// Creates a step.
    public init(from: State, event: String, to: State, fired: Bool, via: [State] = []) {
      self.from = from
      self.event = event
      self.to = to
      self.fired = fired
      self.via = via
    }

    /// The step of a machine's trace, keeping the event's name only.
    public init<Event: MachineEvent, Output>(_ step: TraceStep<State, Event, Output>) {
      self.init(
        from: step.from, event: step.event.name, to: step.to, fired: step.fired, via: step.via)
    }
  }

  /// The state the run started in.
  public var start: State

  /// The steps, in order.
  public var steps: [Step]

  /// Creates a run from its start and steps.
  public init(start: State, steps: [Step]) {
    self.start = start
    self.steps = steps
  }

  /// The run recorded in a machine's trace, starting in `start`.
  public init<Event: MachineEvent, Output>(
    start: State, trace: some Sequence<TraceStep<State, Event, Output>>
  ) {
    self.init(start: start, steps: trace.map(Step.init))
  }

  /// The state the run ended in.
  public var current: State { steps.last?.to ?? start }
}

/// What a run did to a description's diagram: which states it visited and how
/// often it took each transition.
struct Tally<State: StateID> {
  /// A transition as a run took it: source, event name (none for a
  /// completion) and target.
  struct Taken: Hashable {
    var source: State
    var event: String?
    var target: State
  }

  /// The states the run was in at some point, transient ones included.
  var visited: Set<State> = []

  /// The state the run ended in.
  var current: State

  /// The state the run started in, whose initial arrow is highlighted.
  var start: State

  /// How often each transition fired, by its index in the description.
  var counts: [Int: Int] = [:]

  /// Each state the run gave an event, with the event, whether or not a
  /// transition fired: where a guard of the description was evaluated.
  var tried: Set<MachineDescription<State>.GuardOutputs.Place> = []

  /// Taken transitions missing from the description, in the order first
  /// taken, with their counts: drawn as extra arrows so that nothing the run
  /// did is hidden.
  var extras: [(transition: Taken, count: Int)] = []

  /// Counts the run's transitions against `description`.
  ///
  /// A step through a transient state took two transitions: its event's to
  /// the transient state, and a completion transition from there; a `wait`
  /// took the timed transitions that came due. When several transitions
  /// match a step (the same arrow with different guards), the first is
  /// counted: the trace cannot tell them apart.
  init(_ overlay: TraceOverlay<State>, in description: MachineDescription<State>) {
    start = overlay.start
    current = overlay.current
    visited.insert(overlay.start)
    for step in overlay.steps {
      visited.insert(step.from)
      visited.insert(step.to)
      tried.insert(.init(state: step.from, event: step.event))
      guard step.fired else { continue }
      visited.formUnion(step.via)
      if let taken = description.transitionsExplaining(
        from: step.from, event: step.event, to: step.to, via: step.via)
      {
        for transition in taken {
          if let index = description.transitions.firstIndex(of: transition) {
            counts[index, default: 0] += 1
          }
        }
        continue
      }
      let stops = step.via + [step.to]
      take(Taken(source: step.from, event: step.event, target: stops[0]), in: description)
      for (passed, next) in zip(stops, stops.dropFirst()) {
        take(Taken(source: passed, event: nil, target: next), in: description)
      }
    }
  }

  /// Counts one taken transition.
  private mutating func take(_ taken: Taken, in description: MachineDescription<State>) {
    let index = description.transitions.firstIndex { transition in
      transition.source == taken.source && transition.event == taken.event
        && transition.target == taken.target
    }
    if let index {
      counts[index, default: 0] += 1
    } else if let position = extras.firstIndex(where: { $0.transition == taken }) {
      extras[position].count += 1
    } else {
      extras.append((taken, 1))
    }
  }
}
