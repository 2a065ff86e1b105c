/// Where each state of a statechart sits: which composite states contain
/// which substates, and which orthogonal regions the machine is made of.
///
/// A flat machine (the first nine) has none of this: `StateHierarchy.flat`,
/// one implicit region whose states are all leaves. The game character has
/// both: two regions, `movement` and `weapon`, and three composite states,
/// `onGround` (with shallow history), `inAir` and `armed`.
///
/// The hierarchy is data the diagrams draw (a composite state as a cluster
/// around its substates, a region as a dashed compartment) and the table
/// style's engine runs on; the other styles write the same tree in their own
/// way. The queries below answer what both need: a state's parent and
/// ancestors, a composite's substates and initial substate, a transition's
/// scope, and the states a transition exits and enters.
public struct StateHierarchy<State: StateID>: Hashable, Sendable {
  /// An orthogonal region: a part of the machine that is always in exactly
  /// one of its leaves, at the same time as the other regions are in theirs.
  public struct Region: Hashable, Sendable {
    /// The region's id, as in `movement`; it is drawn, never printed as a
    /// state.
    public var id: String
    /// The states directly in the region (not inside one of its composite
    /// states), in the order the machine lists them.
    public var states: [State]
    /// The state the region starts in: one of `states`, entered down through
    /// initial substates to a leaf.
    public var initial: State

    /// The region `id` with the top-level `states`, starting in `initial`.
    public init(_ id: String, _ states: [State], initial: State) {
      self.id = id
      self.states = states
      self.initial = initial
    }
  }

  /// A composite state (a superstate): the states inside it, and how a
  /// transition that names only the composite state enters it.
  public struct Composite: Hashable, Sendable {
    /// The states directly inside it, in the order the machine lists them.
    public var substates: [State]
    /// The substate entered when a transition targets the composite state
    /// itself; `nil` for one that is always entered through a named
    /// substate (the character's `armed`).
    public var initial: State?
    /// Whether it keeps shallow history (UML `H`): a transition to its
    /// history enters the substate that was current when it was last left.
    public var keepsHistory: Bool

    /// A composite state containing `substates`, entered through `initial`,
    /// keeping shallow history if `history`.
    public init(_ substates: [State], initial: State?, history: Bool = false) {
      self.substates = substates
      self.initial = initial
      self.keepsHistory = history
    }
  }

  /// The orthogonal regions, in the order every event is offered to them;
  /// empty for a machine that is a single region.
  public var regions: [Region]

  /// The composite states, by id; empty for a flat machine.
  public var composites: [State: Composite]

  /// A hierarchy of `regions` (none: one implicit region) and `composites`.
  public init(regions: [Region] = [], composites: [State: Composite] = [:]) {
    self.regions = regions
    self.composites = composites
  }

  /// No composite states and a single region: every state is a leaf.
  public static var flat: Self { Self() }

  /// Whether the machine has neither composite states nor regions.
  public var isFlat: Bool { regions.isEmpty && composites.isEmpty }

  /// The composite state `state` is directly inside, or `nil` for a state
  /// at the top of its region.
  public func parent(of state: State) -> State? {
    for (composite, contents) in composites where contents.substates.contains(state) {
      return composite
    }
    return nil
  }

  /// The composite states around `state`, innermost first, without `state`
  /// itself.
  public func ancestors(of state: State) -> [State] {
    var ancestors: [State] = []
    var current = state
    // At most one step per state: a malformed hierarchy with a cycle ends
    // the walk instead of looping.
    while let parent = parent(of: current), ancestors.count < State.allCases.count {
      ancestors.append(parent)
      current = parent
    }
    return ancestors
  }

  /// Whether `state` has substates.
  public func isComposite(_ state: State) -> Bool { composites[state] != nil }

  /// The states directly inside `state`; empty for a leaf.
  public func substates(of state: State) -> [State] { composites[state]?.substates ?? [] }

  /// The substate a transition to `state` itself enters, if it has one.
  public func initialSubstate(of state: State) -> State? { composites[state]?.initial }

  /// Whether `state` keeps shallow history.
  public func keepsHistory(_ state: State) -> Bool { composites[state]?.keepsHistory ?? false }

  /// The position of the region `state` belongs to in `regions`; `nil` for a
  /// machine without regions.
  public func regionIndex(of state: State) -> Int? {
    let top = ancestors(of: state).last ?? state
    return regions.firstIndex { $0.states.contains(top) }
  }

  /// The leaves, the states without substates, in declaration order.
  public var leaves: [State] { State.allCases.filter { !isComposite($0) } }

  /// The leaf that entering `state` ends in when every composite state on
  /// the way is entered through its initial substate: `state` itself for a
  /// leaf, `nil` where a composite state has no initial substate.
  public func initialLeaf(entering state: State) -> State? {
    var current = state
    var steps = 0
    while isComposite(current) {
      guard let initial = initialSubstate(of: current), steps < State.allCases.count else {
        return nil
      }
      current = initial
      steps += 1
    }
    return current
  }

  /// Whether `inner` is `outer` or inside it, at any depth.
  public func isWithin(_ inner: State, _ outer: State) -> Bool {
    inner == outer || ancestors(of: inner).contains(outer)
  }

  /// A transition's scope: the innermost composite state that contains
  /// both `source` and `target` and is neither of them, or `nil` when only
  /// their region does. Taking the transition exits and enters the states
  /// below its scope, never the scope itself.
  public func scope(from source: State, to target: State) -> State? {
    let around = ancestors(of: source)
    return ancestors(of: target).first { around.contains($0) && $0 != source && $0 != target }
  }

  /// The states a transition from `source` to `target` exits when the
  /// machine is in `leaf` (`source` or a state inside it): from `leaf` up
  /// to its scope, innermost first.
  public func exits(from leaf: State, source: State, target: State) -> [State] {
    let scope = scope(from: source, to: target)
    return Array(([leaf] + ancestors(of: leaf)).prefix { $0 != scope })
  }

  /// The states a transition from `source` to `target` enters, outermost
  /// first: from below its scope down to `target`, then down to `landing`
  /// (a leaf inside `target`, or `target` itself), as initial substates or
  /// history chose it.
  public func entries(source: State, target: State, landing: State) -> [State] {
    let scope = scope(from: source, to: target)
    let down = ([landing] + ancestors(of: landing)).prefix { $0 != scope }
    return down.reversed()
  }
}
