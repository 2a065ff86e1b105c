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

    /// The event as written, with its argument (`disarm:0000`): what the
    /// list of ignored and rejected events shows.
    public var written: String

    /// Whether the event was time passing (`wait`), which fires nothing
    /// when nothing is due rather than being ignored.
    public var passesTime: Bool

    /// Why the machine rejected the event as bad input, if it did.
    public var rejection: String?

    /// The names of the outputs, in order, when they were recorded: in a
    /// machine with regions they tell which region took which transition
    /// (a gun's `fire` fired in the weapon region, not in the movement's).
    public var outputs: [String]?

    /// Creates a step; `written` is the event's name unless given.
    public init(
      from: State, event: String, to: State, fired: Bool, via: [State] = [],
      written: String? = nil, passesTime: Bool = false, rejection: String? = nil,
      outputs: [String]? = nil
    ) {
      self.from = from
      self.event = event
      self.to = to
      self.fired = fired
      self.via = via
      self.written = written ?? event
      self.passesTime = passesTime
      self.rejection = rejection
      self.outputs = outputs
    }

    /// The step of a machine's trace.
    public init<Event: MachineEvent, Output: MachineOutput>(
      _ step: TraceStep<State, Event, Output>
    ) {
      self.init(
        from: step.from, event: step.event.name, to: step.to, fired: step.fired, via: step.via,
        written: step.event.description, passesTime: step.event.timePassing != nil,
        rejection: step.error, outputs: step.outputs.map(\.name))
    }
  }

  /// The state the run started in.
  public var start: State

  /// The steps, in order.
  public var steps: [Step]

  /// The number the diagram gives the first step: 1, unless the steps are
  /// the end of a longer run whose numbering they keep (the class view
  /// draws the steps its trace keeps, numbered as the trace numbers them).
  /// Past 1, the caption says that the drawing starts there and the
  /// legend's grey says "not touched since" it: what came before is not
  /// drawn.
  public var firstStepNumber = 1

  /// Each step's number: from `firstStepNumber` on, one after another,
  /// unless set. The class view's trace leaves out the real clock's waits
  /// in which nothing came due and numbers every event, so its numbers
  /// can skip; setting them sets `firstStepNumber` to the first.
  public var stepNumbers: [Int] {
    get { numbers ?? Array(firstStepNumber..<(firstStepNumber + steps.count)) }
    set {
      numbers = newValue
      if let first = newValue.first { firstStepNumber = first }
    }
  }

  /// The step numbers, when set.
  private var numbers: [Int]?

  /// The most events that changed nothing the caption lists, the latest
  /// ones, saying how many there were: all of them unless set (the class
  /// view, whose run grows with every click, lists a few).
  public var listedUnfired = Int.max

  /// Creates a run from its start and steps.
  public init(start: State, steps: [Step]) {
    self.start = start
    self.steps = steps
  }

  /// The run recorded in a machine's trace, starting in `start`.
  public init<Event: MachineEvent, Output: MachineOutput>(
    start: State, trace: some Sequence<TraceStep<State, Event, Output>>
  ) {
    self.init(start: start, steps: trace.map(Step.init))
  }

  /// The state the run ended in.
  public var current: State { steps.last?.to ?? start }

  /// The same run with every state renamed by `rename`, or `nil` if one of
  /// them has no new name.
  public func renamingStates<Renamed>(
    _ rename: (State) -> Renamed?
  ) -> TraceOverlay<Renamed>? {
    guard let start = rename(start) else { return nil }
    var renamed: [TraceOverlay<Renamed>.Step] = []
    for step in steps {
      let via = step.via.compactMap(rename)
      guard let from = rename(step.from), let to = rename(step.to), via.count == step.via.count
      else { return nil }
      renamed.append(
        .init(
          from: from, event: step.event, to: to, fired: step.fired, via: via,
          written: step.written, passesTime: step.passesTime, rejection: step.rejection,
          outputs: step.outputs))
    }
    var run = TraceOverlay<Renamed>(start: start, steps: renamed)
    run.firstStepNumber = firstStepNumber
    if let numbers { run.stepNumbers = numbers }
    run.listedUnfired = listedUnfired
    return run
  }
}

extension Machine {
  /// `run` in the states the description draws: each state of the run as
  /// its one leaf. `nil` for a machine with regions, each of whose steps
  /// may move a leaf in every region at once: `diagram(highlighting:)`
  /// reads such a run region by region instead (`Tally.reading`).
  public static func describedRun(_ run: TraceOverlay<State>) -> TraceOverlay<DescribedState>? {
    run.renamingStates { state in
      let leaves = leaves(of: state)
      return leaves.count == 1 ? leaves[0] : nil
    }
  }
}

/// What a run did to a description's diagram: which states it visited, at
/// which steps it took each transition, and which events changed nothing.
struct Tally<State: StateID> {
  /// A transition as a run took it: source, event name (none for a
  /// completion) and target.
  struct Taken: Hashable {
    var source: State
    var event: String?
    var target: State
  }

  /// The states the run was in at some point, transient ones included:
  /// for a machine with regions, the leaves it was in in each region.
  var visited: Set<State> = []

  /// The states the last step went from, through and to; where the run
  /// starts, before a step.
  var lastStep: Set<State> = []

  /// The number of the last step, if there is one.
  var lastStepNumber: Int?

  /// Where the run ended: its state, or its leaf in each region.
  var current: Set<State>

  /// Where the run started, whose initial arrow is highlighted: its state,
  /// or its leaf in each region.
  var start: Set<State>

  /// The steps (numbered from 1) at which each transition fired, by its
  /// index in the description.
  var steps: [Int: [Int]] = [:]

  /// An event that fired nothing: ignored, rejected, or a wait with
  /// nothing due.
  struct Unfired: Hashable {
    /// Its step, numbered from 1.
    var step: Int
    /// The event as written.
    var event: String
    /// The state it found: its leaf in each region for a machine with
    /// regions, printed as the machine prints them (`standing+unarmed`).
    var states: [State]
    /// Why it was rejected, when it was.
    var rejection: String?
    /// Whether it was time passing with nothing due.
    var passedTime: Bool
  }

  /// The events that fired nothing, in order.
  var unfired: [Unfired] = []

  /// The number of the run's first step: past 1, the steps before it are
  /// not drawn (`TraceOverlay.firstStepNumber`).
  var firstStep = 1

  /// The most events of `unfired` the caption lists, the latest.
  var listedUnfired = Int.max

  /// Each state the run gave an event, with the event, whether or not a
  /// transition fired: where a guard of the description was evaluated.
  var tried: Set<MachineDescription<State>.GuardOutputs.Place> = []

  /// Taken transitions missing from the description, in the order first
  /// taken, with the steps that took them: drawn as extra arrows so that
  /// nothing the run did is hidden.
  var extras: [(transition: Taken, steps: [Int])] = []

  /// Counts the run's transitions against `description`.
  ///
  /// A step through a transient state took two transitions: its event's to
  /// the transient state, and a completion transition from there; a `wait`
  /// took the timed transitions that came due. When several transitions
  /// match a step (the same arrow with different guards), the first is
  /// counted: the trace cannot tell them apart.
  init(_ overlay: TraceOverlay<State>, in description: MachineDescription<State>) {
    start = [overlay.start]
    current = [overlay.current]
    firstStep = overlay.firstStepNumber
    listedUnfired = overlay.listedUnfired
    visited.insert(overlay.start)
    lastStep = [overlay.start]
    for (number, step) in zip(overlay.stepNumbers, overlay.steps) {
      visited.insert(step.from)
      visited.insert(step.to)
      lastStep = Set([step.from, step.to] + step.via)
      lastStepNumber = number
      tried.insert(.init(state: step.from, event: step.event))
      guard step.fired else {
        unfired.append(
          Unfired(
            step: number, event: step.written, states: [step.from], rejection: step.rejection,
            passedTime: step.passesTime))
        continue
      }
      visited.formUnion(step.via)
      if let taken = description.transitionsExplaining(
        from: step.from, event: step.event, to: step.to, via: step.via)
      {
        for transition in taken {
          if let index = description.transitions.firstIndex(of: transition) {
            steps[index, default: []].append(number)
          }
        }
        continue
      }
      let stops = step.via + [step.to]
      take(
        Taken(source: step.from, event: step.event, target: stops[0]), at: number, in: description)
      for (passed, next) in zip(stops, stops.dropFirst()) {
        take(Taken(source: passed, event: nil, target: next), at: number, in: description)
      }
    }
  }

  /// Records one taken transition at step `number`.
  mutating func take(
    _ taken: Taken, at number: Int, in description: MachineDescription<State>
  ) {
    let index = description.transitions.firstIndex { transition in
      transition.source == taken.source && transition.event == taken.event
        && transition.target == taken.target
    }
    if let index {
      steps[index, default: []].append(number)
    } else if let position = extras.firstIndex(where: { $0.transition == taken }) {
      extras[position].steps.append(number)
    } else {
      extras.append((taken, [number]))
    }
  }

  /// The states the run visited and the states one transition away from
  /// them, where it could have gone next: what `--focus` keeps.
  ///
  /// Only the way out counts: the states that merely lead into a visited
  /// one (every state of TCP leads back to `CLOSED`) would bring back the
  /// whole machine.
  func neighbourhood(in description: MachineDescription<State>) -> Set<State> {
    neighbourhood(of: visited, in: description)
  }

  /// `states` and the states one transition out of them (in a statechart,
  /// with the superstates around them).
  func neighbourhood(
    of states: Set<State>, in description: MachineDescription<State>
  ) -> Set<State> {
    guard description.hierarchy.isFlat else {
      return hierarchicalNeighbourhood(of: states, in: description)
    }
    var shown = states
    for transition in description.transitions where states.contains(transition.source) {
      shown.insert(transition.target)
    }
    return shown
  }
}
