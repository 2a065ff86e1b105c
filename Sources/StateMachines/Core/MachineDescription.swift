/// A machine as data: its states, ways in, activities and transitions.
///
/// Diagrams are drawn from it, and the conformance suite checks every style's
/// behaviour against it, so the picture and the code cannot drift apart.
public struct MachineDescription<State: StateID>: Sendable {
  /// A way into the machine: an initial state, with the guard that picks it
  /// when there are several.
  ///
  /// UML lets one unlabelled arrow leave the initial pseudostate; a machine
  /// with several ways in draws it to a choice, whose arrows carry these
  /// guards.
  public struct Entrance: Hashable, Sendable {
    /// The state the machine starts in.
    public var state: State
    /// The guard of this way in, as in `gumballs > 0`, or `else` for the way
    /// taken when no other way's guard holds (written last); `nil` when the
    /// machine has one way in.
    public var guardLabel: String?

    /// Creates a way in.
    public init(_ state: State, guard guardLabel: String? = nil) {
      self.state = state
      self.guardLabel = guardLabel
    }
  }

  /// Outputs that evaluating a guard produces whichever way it decides, as
  /// the security system's code check outputs `codeAccepted` or
  /// `invalidCode`, even when the event is then ignored.
  ///
  /// A transition's label has no place for them (they are not its effect:
  /// they appear when no transition fires), so a diagram writes them in a
  /// note attached to each state where the guard is evaluated.
  public struct GuardOutputs: Hashable, Sendable {
    /// A state and the event whose guard it evaluates there.
    public struct Place: Hashable, Sendable {
      /// The state.
      public var state: State
      /// The event's name.
      public var event: String

      /// The guard of `event` in `state`.
      public init(state: State, event: String) {
        self.state = state
        self.event = event
      }
    }

    /// The note's text; it names every output.
    public var note: String
    /// The outputs: each evaluation emits exactly one of them, first.
    public var outputs: [String]
    /// Where the guard is evaluated.
    public var places: [Place]

    /// Outputs of the guard of each `(state, event)` in `places`, described
    /// by `note`.
    public init(_ note: String, outputs: [String], at places: [(State, String)]) {
      self.note = note
      self.outputs = outputs
      self.places = places.map { Place(state: $0.0, event: $0.1) }
    }
  }

  /// What a state does every time it is entered or left.
  public struct Activities: Hashable, Sendable {
    /// Outputs on entry, in order.
    public var entry: [String]
    /// Outputs on exit, in order.
    public var exit: [String]

    /// Creates the activities of a state.
    public init(entry: [String] = [], exit: [String] = []) {
      self.entry = entry
      self.exit = exit
    }

    /// Only an entry activity.
    public static func entry(_ activity: String) -> Self { Self(entry: [activity]) }
  }

  /// An event as the diagrams label it: its name and its parameter, if any.
  public struct EventLabel: Hashable, Sendable {
    /// The public name.
    public var name: String
    /// The parameter's name, as in `code`.
    public var parameter: String?
  }

  /// One transition, `event [guard] / effect`, from a source to a target.
  public struct Transition: Hashable, Sendable {
    /// Whether a transition leaves its state.
    public enum Kind: Hashable, Sendable {
      /// Exit and entry run, even when source and target are the same state.
      case external
      /// Drawn inside its state: only the effect runs.
      case `internal`
    }

    /// The state the transition leaves.
    public var source: State
    /// The triggering event's name, or `nil` for a completion or a timed
    /// transition, which fire by themselves.
    public var event: String?
    /// The one argument of the event that this transition is for, as in
    /// `inProgress` for the ticket's `moveTo(inProgress)`; `nil` when the
    /// event takes it with any argument. A diagram writes it where it
    /// would write the event's parameter. It only labels the transition:
    /// an observed step is matched by source, event name and target, which
    /// is exact where the argument names the target, as `moveTo`'s does.
    public var argument: String?
    /// For a timed transition, UML `after(d)`, the delay as a diagram writes
    /// it (`1s`, `lines s`); `nil` otherwise.
    public var delay: String?
    /// The guard's label, if the transition has one.
    public var guardLabel: String?
    /// The effect's outputs, in order.
    public var effect: [String]
    /// The state the transition enters: a leaf, or a composite state,
    /// entered through its initial substate or, with `entersHistory`, its
    /// history.
    public var target: State
    /// External or internal.
    public var kind: Kind
    /// Whether the transition enters its composite target's shallow history
    /// (UML: an arrow to the `H` inside it) rather than its initial substate.
    public var entersHistory = false

    /// An external transition, as `source --event [guard] / effect--> target`,
    /// or, with an `argument`, `source --event(argument)--> target`.
    public init(
      _ source: State, on event: String, argument: String? = nil,
      guard guardLabel: String? = nil, effect: String..., to target: State
    ) {
      self.init(source, event, nil, guardLabel, effect, target, .external)
      self.argument = argument
    }

    /// An external transition whose effect is a list of labels.
    public init(
      _ source: State, on event: String, guard guardLabel: String? = nil,
      effects: [String], to target: State
    ) {
      self.init(source, event, nil, guardLabel, effects, target, .external)
    }

    private init(
      _ source: State, _ event: String?, _ delay: String?, _ guardLabel: String?,
      _ effect: [String], _ target: State, _ kind: Kind
    ) {
      self.source = source
      self.event = event
      self.delay = delay
      self.guardLabel = guardLabel
      self.effect = effect
      self.target = target
      self.kind = kind
    }

    /// An internal transition: the event is handled inside `state`.
    public static func `internal`(
      _ state: State, on event: String, guard guardLabel: String? = nil, effect: String...
    ) -> Self {
      Self(state, event, nil, guardLabel, effect, state, .internal)
    }

    /// An internal transition whose effect is a list of labels.
    public static func `internal`(
      _ state: State, on event: String, guard guardLabel: String? = nil, effects: [String]
    ) -> Self {
      Self(state, event, nil, guardLabel, effects, state, .internal)
    }

    /// A completion transition, taken as soon as `source` is entered.
    public static func completion(
      _ source: State, guard guardLabel: String? = nil, effect: String..., to target: State
    ) -> Self {
      Self(source, nil, nil, guardLabel, effect, target, .external)
    }

    /// A completion transition whose effect is a list of labels.
    public static func completion(
      _ source: State, guard guardLabel: String? = nil, effects: [String], to target: State
    ) -> Self {
      Self(source, nil, nil, guardLabel, effects, target, .external)
    }

    /// A timed transition, UML `after(delay)`: armed when `source` is
    /// entered, it fires once the delay has passed on the machine's clock.
    public static func after(
      _ delay: String, from source: State, guard guardLabel: String? = nil,
      effects: [String] = [], to target: State
    ) -> Self {
      Self(source, nil, delay, guardLabel, effects, target, .external)
    }

    /// Whether the transition fires by itself as soon as its source is
    /// entered.
    public var isCompletion: Bool { event == nil && delay == nil }

    /// Whether the transition fires by itself once a delay has passed.
    public var isTimed: Bool { delay != nil }

    /// A transition into the shallow history of the composite state
    /// `target` (UML: an arrow to the `H` inside it): it enters the substate
    /// `target` was in when it was last left, or its initial substate if it
    /// never was.
    public static func toHistory(
      _ source: State, on event: String, guard guardLabel: String? = nil,
      effects: [String] = [], of target: State
    ) -> Self {
      var transition = Self(source, event, nil, guardLabel, effects, target, .external)
      transition.entersHistory = true
      return transition
    }

    /// Whether it loops back to its own state (internal or external).
    public var isLoop: Bool { source == target }
  }

  /// The ways into the machine; most machines have exactly one. Several are
  /// alternatives, each with its guard; but for a machine with regions
  /// they are each region's initial state, all taken at once.
  public var entrances: [Entrance]

  /// The final states: once there, the machine does nothing more.
  public var finalStates: Set<State>

  /// The entry and exit activities of the states that have any.
  public var activities: [State: Activities]

  /// The events, in the order the machine lists them.
  public var events: [EventLabel]

  /// Every transition, in the order of the tables of the specification.
  public var transitions: [Transition]

  /// What a diagram calls the states whose name is not their public id, as
  /// a figure names them (RFC 793's `SYN RCVD`); empty for most machines.
  public var stateNames: [State: String] = [:]

  /// The outputs that guards produce while they are evaluated; most machines
  /// have none.
  public var guardOutputs: [GuardOutputs]

  /// The composite states and orthogonal regions: `.flat` (none) for every
  /// machine but the game character. `states` lists composite states too;
  /// a transition's source may be one (it applies to every state inside),
  /// and so may its target (see `Transition.entersHistory`).
  public var hierarchy: StateHierarchy<State> = .flat

  /// Describes a machine.
  public init<Event>(
    entrances: [Entrance], finalStates: Set<State> = [], events: [EventSignature<Event>],
    activities: [State: Activities] = [:], transitions: [Transition],
    guardOutputs: [GuardOutputs] = []
  ) {
    self.entrances = entrances
    self.finalStates = finalStates
    self.events = events.map { EventLabel(name: $0.name, parameter: $0.parameter?.label) }
    self.activities = activities
    self.transitions = transitions
    self.guardOutputs = guardOutputs
  }

  /// Describes a machine with composite states and regions: each region
  /// starts in its `initial` state, all at once, and these are the
  /// machine's `entrances` (none of them guarded).
  public init<Event>(
    hierarchy: StateHierarchy<State>, events: [EventSignature<Event>],
    activities: [State: Activities] = [:], transitions: [Transition]
  ) {
    self.init(
      entrances: hierarchy.regions.map { Entrance($0.initial) }, events: events,
      activities: activities, transitions: transitions)
    self.hierarchy = hierarchy
  }

  /// Describes a machine with one initial state.
  public init<Event>(
    initial: State, finalStates: Set<State> = [], events: [EventSignature<Event>],
    activities: [State: Activities] = [:], transitions: [Transition],
    guardOutputs: [GuardOutputs] = []
  ) {
    self.init(
      entrances: [Entrance(initial)], finalStates: finalStates, events: events,
      activities: activities, transitions: transitions, guardOutputs: guardOutputs)
  }

  /// The outputs the guard of `event` produces in `state`, if it produces any.
  public func guardOutputs(in state: State, on event: String) -> [String] {
    guardOutputs.first { $0.places.contains(.init(state: state, event: event)) }?.outputs ?? []
  }

  /// Every state, in declaration order.
  public var states: [State] { Array(State.allCases) }

  /// The name a diagram writes in `state`'s box: its name in `stateNames`,
  /// else its public id.
  public func name(of state: State) -> String { stateNames[state] ?? state.rawValue }

  /// Whether the machine leaves `state` by itself as soon as it arrives: no
  /// outside event ever finds it there.
  public func isTransient(_ state: State) -> Bool {
    transitions.contains { $0.source == state && $0.isCompletion }
  }

  /// The transitions that leave `state`, internal ones included.
  public func transitions(from state: State) -> [Transition] {
    transitions.filter { $0.source == state }
  }
}

extension MachineDescription.Transition {
  /// The label a diagram writes on the arrow: `event(param) [guard] / effect`,
  /// with the transition's own argument in place of the parameter when it
  /// has one, as in `moveTo(inProgress)`.
  public func label(parameters: [String: String] = [:]) -> String {
    var parts: [String] = []
    if let event {
      parts.append((argument ?? parameters[event]).map { "\(event)(\($0))" } ?? event)
    }
    if let delay { parts.append("after(\(delay))") }
    if let guardLabel { parts.append("[\(guardLabel)]") }
    if !effect.isEmpty { parts.append("/ " + effect.joined(separator: ", ")) }
    return parts.joined(separator: " ")
  }
}

extension MachineDescription {
  /// The parameter of each event that has one, by event name.
  public var eventParameters: [String: String] {
    Dictionary(
      events.compactMap { event in event.parameter.map { (event.name, $0) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The label of `transition` as drawn, with event parameters filled in.
  public func label(of transition: Transition) -> String {
    transition.label(parameters: eventParameters)
  }
}
