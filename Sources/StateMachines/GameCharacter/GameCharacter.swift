/// A character in a platform game: how she moves, and the weapon she
/// carries, two state machines side by side.
///
/// The machine with a hierarchy (docs/machines/game-character.md): its
/// movement has two composite states, `onGround` (with shallow history) and
/// `inAir`, whose substates inherit their transitions; its weapon, a second
/// region, has the composite `armed`. Notice what each style does with a
/// rule written on a superstate: it is written once, and every substate
/// follows it unless it overrides it.
public enum GameCharacter: Machine {
  /// The leaves of the `movement` region: where she is and what she does.
  public enum MovementLeaf: String, CaseIterable, Hashable, Sendable {
    /// On the ground, still (initial).
    case standing
    /// On the ground, running.
    case running
    /// On the ground, crouching.
    case ducking
    /// On the ground, sliding from a run.
    case sliding
    /// In the air, rising from a jump.
    case jumping
    /// In the air, diving down.
    case diving
  }

  /// The leaves of the `weapon` region: what she holds.
  public enum WeaponLeaf: String, CaseIterable, Hashable, Sendable {
    /// Nothing (initial).
    case unarmed
    /// A bow.
    case bow
    /// A gun.
    case gun
  }

  /// A weapon she can pick up, as `pickUp:bow` names it.
  public enum Weapon: String, CaseIterable, Hashable, Sendable {
    /// A bow: fires arrows.
    case bow
    /// A gun: fires shots.
    case gun
  }

  /// The character's state: the leaf she is in in each region, printed as
  /// `standing+unarmed`.
  public struct State: StateID {
    /// Her leaf in the `movement` region.
    public var movement: MovementLeaf
    /// Her leaf in the `weapon` region.
    public var weapon: WeaponLeaf

    /// The state of `movement` and `weapon`; by default the initial one,
    /// `standing+unarmed`.
    public init(_ movement: MovementLeaf = .standing, _ weapon: WeaponLeaf = .unarmed) {
      self.movement = movement
      self.weapon = weapon
    }

    /// The state made of two leaves of the chart, or `nil` unless the first
    /// is a movement leaf and the second a weapon leaf.
    public init?(movement: ChartState, weapon: ChartState) {
      guard let movement = MovementLeaf(movement), let weapon = WeaponLeaf(weapon) else {
        return nil
      }
      self.init(movement, weapon)
    }

    /// Reads `standing+unarmed`.
    public init?(rawValue: String) {
      let leaves = rawValue.split(separator: "+", omittingEmptySubsequences: false)
      guard leaves.count == 2, let movement = MovementLeaf(rawValue: String(leaves[0])),
        let weapon = WeaponLeaf(rawValue: String(leaves[1]))
      else { return nil }
      self.init(movement, weapon)
    }

    /// `standing+unarmed`: each region's leaf, in region order.
    public var rawValue: String { "\(movement.rawValue)+\(weapon.rawValue)" }

    /// Every pair of leaves, movement first.
    public static let allCases: [State] = MovementLeaf.allCases.flatMap { movement in
      WeaponLeaf.allCases.map { State(movement, $0) }
    }
  }

  /// Every state of the chart, composite states included: what the
  /// description and the diagrams name. Only leaves are ever current.
  public enum ChartState: String, StateID {
    /// Composite: on the ground; keeps shallow history.
    case onGround
    /// A leaf of `onGround` (its initial substate).
    case standing
    /// A leaf of `onGround`.
    case running
    /// A leaf of `onGround`.
    case ducking
    /// A leaf of `onGround`.
    case sliding
    /// Composite: in the air.
    case inAir
    /// A leaf of `inAir` (its initial substate).
    case jumping
    /// A leaf of `inAir`.
    case diving
    /// A leaf of the `weapon` region (its initial state).
    case unarmed
    /// Composite: holding a weapon; no initial substate.
    case armed
    /// A leaf of `armed`.
    case bow
    /// A leaf of `armed`.
    case gun

    /// The chart's state for a movement leaf.
    public init(_ leaf: MovementLeaf) {
      switch leaf {
      case .standing: self = .standing
      case .running: self = .running
      case .ducking: self = .ducking
      case .sliding: self = .sliding
      case .jumping: self = .jumping
      case .diving: self = .diving
      }
    }

    /// The chart's state for a weapon leaf.
    public init(_ leaf: WeaponLeaf) {
      switch leaf {
      case .unarmed: self = .unarmed
      case .bow: self = .bow
      case .gun: self = .gun
      }
    }
  }

  /// What the player makes her do.
  public enum Event: MachineEvent {
    /// Start running.
    case run
    /// Stop running, or stop sliding.
    case stop
    /// Crouch, slide from a run, or dive from a jump.
    case duck
    /// Get up from a crouch.
    case standUp
    /// Jump.
    case jump
    /// Come down.
    case land
    /// Be hit.
    case hit
    /// Fire the weapon held.
    case fire
    /// Drop the weapon held.
    case drop
    /// Pick up a weapon.
    case pickUp(Weapon)

    /// The events; `pickUp` takes `bow` or `gun`.
    public static let signatures: [EventSignature<Event>] = [
      .plain("run", .run),
      .plain("stop", .stop),
      .plain("duck", .duck),
      .plain("standUp", .standUp),
      .plain("jump", .jump),
      .plain("land", .land),
      .plain("hit", .hit),
      .plain("fire", .fire),
      .plain("drop", .drop),
      .choice("pickUp", .weapon, of: Weapon.self) { .pickUp($0) },
    ]

    /// The events without their weapon: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case run, stop, duck, standUp, jump, land, hit, fire, drop, pickUp
    }

    /// The event without its weapon.
    public var kind: Kind {
      switch self {
      case .run: .run
      case .stop: .stop
      case .duck: .duck
      case .standUp: .standUp
      case .jump: .jump
      case .land: .land
      case .hit: .hit
      case .fire: .fire
      case .drop: .drop
      case .pickUp: .pickUp
      }
    }

    /// The weapon, for `pickUp`.
    public var argument: String? {
      switch self {
      case .pickUp(let weapon): weapon.rawValue
      case .run, .stop, .duck, .standUp, .jump, .land, .hit, .fire, .drop: nil
      }
    }
  }

  /// What the game does: a new picture of the character, sounds and effects.
  public enum Output: String, MachineOutput {
    /// Entry of `standing`.
    case showStanding
    /// Entry of `running`.
    case showRunning
    /// Entry of `ducking`.
    case showDucking
    /// Entry of `sliding`.
    case showSliding
    /// Entry of `jumping`.
    case showJumping
    /// Entry of `diving`.
    case showDiving
    /// Entry of `bow`.
    case showBow
    /// Entry of `gun`.
    case showGun
    /// Entry of `unarmed`.
    case showEmptyHands
    /// Entry of `inAir`.
    case liftOff
    /// Exit of `inAir`.
    case touchDown
    /// Exit of `diving`.
    case endDive
    /// Effect of `fire` with the bow.
    case arrowReleased
    /// Effect of `fire` with the gun.
    case shotFired
    /// Effect of `hit` while armed.
    case weaponLost
  }

  /// `game-character`.
  public static let id = "game-character"

  /// One sentence on the game character.
  public static let summary =
    "A platform-game character: superstates, history and two regions, movement and weapon."

  /// The character as a statechart, drawn from the rows, activities and
  /// hierarchy the `table` style runs on.
  public static let description = MachineDescription<ChartState>(
    hierarchy: Table.table.hierarchy, events: Event.signatures,
    activities: Table.table.activities, transitions: Table.table.transitions)

  /// Her leaf in each region: movement, then weapon.
  public static func leaves(of state: State) -> [ChartState] {
    [ChartState(state.movement), ChartState(state.weapon)]
  }

  /// One line per style: how each builds a character standing with empty
  /// hands; the configuration has nothing for her.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
  ]

  /// Every event, each weapon picked up.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [.run, .stop, .duck, .standUp, .jump, .land, .hit, .fire, .drop, .pickUp(.bow), .pickUp(.gun)]
  }

  /// The specification's five runs.
  public static let workedExamples = [
    WorkedExample<Self>(
      "a running jump, a dive, and she lands running", [.run, .jump, .duck, .land, .stop]),
    WorkedExample<Self>(
      "the weapon changes what fire does; empty hands ignore it",
      [.pickUp(.bow), .fire, .pickUp(.gun), .fire, .pickUp(.gun), .drop, .fire, .drop]),
    WorkedExample<Self>(
      "an override, and history that remembers a slide",
      [.duck, .jump, .land, .standUp, .run, .duck, .jump, .land, .stop]),
    WorkedExample<Self>(
      "both regions, and a guard on the other region",
      [.pickUp(.gun), .run, .jump, .fire, .duck, .fire, .hit, .hit]),
    WorkedExample<Self>("a hit on the ground takes the weapon only", [.pickUp(.bow), .hit, .land]),
  ]
}

extension GameCharacter.MovementLeaf {
  /// The movement leaf `state` is, or `nil` for a state that is not one.
  public init?(_ state: GameCharacter.ChartState) {
    switch state {
    case .standing: self = .standing
    case .running: self = .running
    case .ducking: self = .ducking
    case .sliding: self = .sliding
    case .jumping: self = .jumping
    case .diving: self = .diving
    case .onGround, .inAir, .unarmed, .armed, .bow, .gun: return nil
    }
  }
}

extension GameCharacter.WeaponLeaf {
  /// The weapon leaf `state` is, or `nil` for a state that is not one.
  public init?(_ state: GameCharacter.ChartState) {
    switch state {
    case .unarmed: self = .unarmed
    case .bow: self = .bow
    case .gun: self = .gun
    case .onGround, .standing, .running, .ducking, .sliding, .inAir, .jumping, .diving, .armed:
      return nil
    }
  }
}

/// A game character in any style: what the implementations share.
public protocol GameCharacterMachine: StateMachine
where
  State == GameCharacter.State, Event == GameCharacter.Event, Output == GameCharacter.Output,
  Failure == Never
{}

extension GameCharacterMachine {
  /// Starts running and returns the outputs.
  @discardableResult
  public mutating func run() -> [Output] { outputs(of: .run) }

  /// Stops and returns the outputs.
  @discardableResult
  public mutating func stop() -> [Output] { outputs(of: .stop) }

  /// Ducks and returns the outputs.
  @discardableResult
  public mutating func duck() -> [Output] { outputs(of: .duck) }

  /// Stands up and returns the outputs.
  @discardableResult
  public mutating func standUp() -> [Output] { outputs(of: .standUp) }

  /// Jumps and returns the outputs.
  @discardableResult
  public mutating func jump() -> [Output] { outputs(of: .jump) }

  /// Lands and returns the outputs.
  @discardableResult
  public mutating func land() -> [Output] { outputs(of: .land) }

  /// Takes a hit and returns the outputs.
  @discardableResult
  public mutating func hit() -> [Output] { outputs(of: .hit) }

  /// Fires and returns the outputs.
  @discardableResult
  public mutating func fire() -> [Output] { outputs(of: .fire) }

  /// Drops the weapon and returns the outputs.
  @discardableResult
  public mutating func drop() -> [Output] { outputs(of: .drop) }

  /// Picks up `weapon` and returns the outputs.
  @discardableResult
  public mutating func pickUp(_ weapon: GameCharacter.Weapon) -> [Output] {
    outputs(of: .pickUp(weapon))
  }
}
