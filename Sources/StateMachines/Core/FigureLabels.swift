/// A published figure's own words for a machine's diagram: its names for the
/// states and its text for the transitions and activities, which a diagram
/// can print in place of the public ids (RFC 793's `rcv SYN / snd SYN,ACK`
/// for `receiveSyn / sendSynAck`).
///
/// The words only relabel. States, transitions and their order stay the
/// description's, so the picture keeps its shape and a run drawn over it is
/// still counted against the description.
public struct FigureLabels<State: StateID>: Sendable {
  /// One transition of the description, as the figure words it: its
  /// trigger, written above the line in the figure, and its actions, below.
  public struct Label: Hashable, Sendable {
    /// The state the transition leaves.
    public var source: State
    /// The event's public id, as the description names it.
    public var event: String
    /// The state it enters (its own state for an internal transition).
    public var target: State
    /// The trigger in the figure's words, as in `rcv ACK of SYN`.
    public var trigger: String
    /// The actions in the figure's words, in order, as in `create TCB`,
    /// `snd SYN`; the figure's `x` where it writes that nothing is done.
    public var actions: [String]

    /// Words the transition `source --event--> target`.
    public init(
      _ source: State, on event: String, to target: State, _ trigger: String, _ actions: String...
    ) {
      self.source = source
      self.event = event
      self.target = target
      self.trigger = trigger
      self.actions = actions
    }

    /// Whether this is the wording of `transition`.
    func labels(_ transition: MachineDescription<State>.Transition) -> Bool {
      transition.source == source && transition.event == event && transition.target == target
    }
  }

  /// Where the words come from, as in `RFC 793 Figure 6`.
  public var figure: String

  /// The figure's name for each state.
  public var states: [State: String]

  /// The wording of each transition, figure's own and added in its idiom.
  public var transitions: [Label]

  /// The activities of the states that have any, in the figure's idiom.
  public var activities: [State: MachineDescription<State>.Activities]

  /// Creates a figure's labels.
  public init(
    figure: String, states: [State: String], transitions: [Label],
    activities: [State: MachineDescription<State>.Activities] = [:]
  ) {
    self.figure = figure
    self.states = states
    self.transitions = transitions
    self.activities = activities
  }

  /// The wording of `transition`, if the figure has one.
  public func label(of transition: MachineDescription<State>.Transition) -> Label? {
    transitions.first { $0.labels(transition) }
  }

  /// `description` in the figure's words: every state it names and every
  /// transition and activity it words take its text; the rest stays as
  /// described.
  ///
  /// A worded transition's trigger replaces the event and its argument,
  /// and its actions the effect; the triggers join the events, with no
  /// parameter. This is a description to draw, not to run.
  public func applied(to description: MachineDescription<State>) -> MachineDescription<State> {
    var worded = description
    worded.stateNames.merge(states) { _, figure in figure }
    worded.activities.merge(activities) { _, figure in figure }
    worded.transitions = description.transitions.map { transition in
      guard let label = label(of: transition) else { return transition }
      var transition = transition
      transition.event = label.trigger
      transition.argument = nil
      transition.effect = label.actions
      return transition
    }
    // The events still named, then the triggers, which take no parameter.
    let named = worded.transitions.compactMap(\.event)
    worded.events.removeAll { !named.contains($0.name) }
    for trigger in named where !worded.events.contains(where: { $0.name == trigger }) {
      worded.events.append(.init(name: trigger, parameter: nil))
    }
    return worded
  }
}
