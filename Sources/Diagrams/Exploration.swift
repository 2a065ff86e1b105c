import StateMachines

/// Explores implementations from the outside, driving them with their sample
/// events, to find the transitions they actually take.
///
/// ## How the search works
///
/// Machines have extended state (a count of wrong codes, the gumballs left),
/// so the state id alone does not say what the next event will do: the
/// security system's fourth wrong code raises the alarm where the first three
/// did not. The search is therefore breadth-first over *event paths*, and a
/// node is reached again only if it is the same state with the same
/// observable history since that state was entered.
///
/// - A node is an event path from a fresh machine. To expand it, the path is
///   replayed on a new machine for each sample event (machines may be
///   classes, so a copy is not a snapshot), and the step that event takes is
///   recorded.
/// - A step that enters another state starts a fresh history: what a state
///   counts belongs to it and starts over on entry (`armed`'s attempts).
///   The fresh history holds what the entering step showed, since data a
///   transition hands on shows in its outputs: the video player paused at
///   1.5 (`position:1.5`) is not the player paused at 0 it started as, and
///   only the first has anything for `stop` to rewind.
/// - A step that stays but shows something (an internal transition, a
///   guard's output such as `invalidCode`) adds its signature, the event
///   with its argument and the outputs, to the history, as a count: `armed`
///   after one, two, three wrong codes are three different nodes, so the
///   fourth wrong code is tried.
/// - A step that is ignored and shows nothing, or is rejected as bad input,
///   is not expanded: by the workbench's semantics it changed nothing.
/// - Paths stop at `maxDepth` events, which bounds loops that can go on
///   forever (`send` in `established`).
///
/// Data that survives leaving a state without showing (the gumball count)
/// is not in the history; the search reaches its edge cases through the
/// configurations it starts from instead: each machine's
/// `sampleConfigurations` (no gumballs, two with a winner forced, a record
/// loaded from the database, ...).
public enum Exploration {
  /// The longest event path tried: enough for four wrong codes after `arm`
  /// and for every state of TCP, with room to spare.
  public static let maxDepth = 8
}

extension Machine {
  /// Explores the implementation in `style` and returns what it did.
  ///
  /// - Parameters:
  ///   - configurations: Where each search starts; configurations the
  ///     machine refuses are skipped.
  ///   - maxDepth: The longest event path tried.
  public static func observe(
    style: Style, configurations: [Configuration] = sampleConfigurations,
    maxDepth: Int = Exploration.maxDepth
  ) -> Observation<State> {
    var explorer = Explorer<Self>(style: style, maxDepth: maxDepth)
    for configuration in configurations {
      explorer.explore(from: configuration)
    }
    return Observation(
      style: style, initialStates: explorer.initialStates, states: explorer.states,
      transitions: explorer.transitions, steps: explorer.steps)
  }

  /// The diagram of what the implementation in `style` actually does,
  /// labelled with what a probe saw: the event data that decides a target,
  /// the outputs that no activity explains. Its labels are in italics, and
  /// a caption under the title says so.
  ///
  /// A machine whose states are not its described states (one with
  /// regions) is drawn as the states it was seen in (`standing+unarmed`),
  /// with no activities: a flat machine of its configurations.
  public static func observedDiagram(
    style: Style, direction: DiagramDirection = .auto
  ) -> Diagram {
    let like =
      description as? MachineDescription<State>
      ?? MachineDescription<State>(entrances: [], events: Event.signatures, transitions: [])
    let observed = observe(style: style).machineDescription(like: like)
    return Diagram(
      observed, name: id, title: "\(id) as observed in the \(style) style",
      direction: direction, labelsObserved: true)
  }

  /// How the implementation in `style` differs from the description.
  ///
  /// For a machine with regions, each step seen is read region by region
  /// (`MachineDescription.transitionsTaken`): a move no described
  /// transition explains is unexpected, and a described transition that
  /// explains no step was never taken.
  public static func observedDifference(style: Style) -> TransitionDifference {
    let observation = observe(style: style)
    if let flat = description as? MachineDescription<State> {
      return observation.difference(from: flat)
    }
    var taken: Set<MachineDescription<DescribedState>.Transition> = []
    var unexpected: [String] = []
    for step in observation.steps {
      let explained = description.transitionsTaken(
        from: leaves(of: step.from), on: step.event, to: leaves(of: step.to), fired: step.fired,
        outputs: step.outputs.map(\.name))
      guard let explained else {
        let move = "\(step.from) --\(step.event)--> \(step.to)"
        if !unexpected.contains(move) { unexpected.append(move) }
        continue
      }
      taken.formUnion(explained.compactMap { $0 })
    }
    let missing = description.transitions.filter { !taken.contains($0) }.map { transition in
      "\(transition.source) --\(transition.event ?? "")--> \(transition.target)"
    }
    return TransitionDifference(missing: missing, unexpected: unexpected)
  }
}

/// The breadth-first search of `Exploration`, for one machine and style.
struct Explorer<M: Machine> {
  /// One recorded step of the machine.
  typealias Step = TraceStep<M.State, M.Event, M.Output>

  /// A state together with what it has shown since it was entered.
  private struct Node: Hashable {
    var state: M.State
    var history: [String: Int]
  }

  /// The style explored.
  let style: Style

  /// The longest event path tried.
  let maxDepth: Int

  /// The states the machine started in, in order.
  private(set) var initialStates: [M.State] = []

  /// The states reached, in order.
  private(set) var states: [M.State] = []

  /// The transitions taken, in order.
  private(set) var transitions: [ObservedTransition<M.State>] = []

  /// The different steps seen, ignored and rejected ones included, in the
  /// order first seen.
  private(set) var steps: [ObservedStep<M.State>] = []

  /// The steps seen so far, to keep `steps` free of repeats.
  private var seenSteps: Set<ObservedStep<M.State>> = []

  /// Creates a search that has seen nothing yet.
  init(style: Style, maxDepth: Int) {
    self.style = style
    self.maxDepth = maxDepth
  }

  /// Searches from a machine made with `configuration`.
  mutating func explore(from configuration: M.Configuration) {
    guard let machine = try? M.make(style, configuration) else { return }
    let alphabet = M.sampleEvents(for: configuration)
    appendOnce(machine.state, to: &initialStates)
    appendOnce(machine.state, to: &states)

    let root = Node(state: machine.state, history: [:])
    var seen: Set<Node> = [root]
    var queue: [(node: Node, path: [M.Event])] = [(root, [])]
    var next = 0
    while next < queue.count {
      let (node, path) = queue[next]
      next += 1
      guard path.count < maxDepth else { continue }
      for event in alphabet {
        guard var machine = try? M.make(style, configuration) else { return }
        for earlier in path { _ = machine.step(earlier) }
        let step = machine.step(event)
        record(step)
        guard let child = Self.node(after: step, from: node), seen.insert(child).inserted else {
          continue
        }
        queue.append((child, path + [event]))
      }
    }
  }

  /// The node a step leads to, or `nil` when the step changed nothing that
  /// can be seen and is not worth expanding.
  private static func node(after step: Step, from node: Node) -> Node? {
    if step.error != nil { return nil }
    if step.to != step.from || !step.via.isEmpty {
      return Node(state: step.to, history: ["entered showing \(step.outputs)": 1])
    }
    if !step.fired && step.outputs.isEmpty { return nil }
    let signature = "\(step.event) \(step.fired) \(step.outputs)"
    var history = node.history
    history[signature, default: 0] += 1
    return Node(state: step.to, history: history)
  }

  /// Notes the states and transitions of one step.
  private mutating func record(_ step: Step) {
    appendOnce(step.from, to: &states)
    let seen = ObservedStep(
      from: step.from, event: step.event.name, argument: step.event.argument, via: step.via,
      to: step.to, fired: step.fired,
      outputs: step.outputs.map { ObservedStep.Output($0.name, data: $0.data) })
    if seenSteps.insert(seen).inserted { steps.append(seen) }
    guard step.error == nil, step.fired || step.to != step.from else { return }
    let stops = step.via + [step.to]
    appendOnce(ObservedTransition(step.from, step.event.name, stops[0]), to: &transitions)
    // Past the first state, a step goes on by itself: by completion, or, in
    // a `wait`, by the timed transitions that came due (no machine here has
    // both in one step, and from outside they cannot be told apart).
    let onward = step.event.timePassing == nil ? nil : step.event.name
    for (passed, next) in zip(stops, stops.dropFirst()) {
      appendOnce(passed, to: &states)
      appendOnce(ObservedTransition(passed, onward, next), to: &transitions)
    }
    appendOnce(step.to, to: &states)
  }

  /// Appends `element` unless `array` has it already.
  private func appendOnce<Element: Equatable>(_ element: Element, to array: inout [Element]) {
    if !array.contains(element) { array.append(element) }
  }
}
