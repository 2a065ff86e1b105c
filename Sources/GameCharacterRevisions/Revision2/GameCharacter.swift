import StateMachines

/// A character in a platform game: how she moves.
///
/// The second revision of the specification (docs/machines/game-character.md):
/// her movement has two composite states, `onGround` (with shallow history)
/// and `inAir`, whose substates inherit their transitions, and `sliding`
/// joins the ground states. Notice what each style does with a rule written
/// on a superstate: it is written once, and every substate follows it unless
/// it overrides it.
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

  /// The character's state: the leaf she is in in her one region, printed
  /// as `standing`.
  public struct State: StateID {
    /// Her leaf in the `movement` region.
    public var movement: MovementLeaf

    /// The state of `movement`; by default the initial one, `standing`.
    public init(_ movement: MovementLeaf = .standing) {
      self.movement = movement
    }

    /// The state made of a leaf of the chart, or `nil` unless it is a
    /// movement leaf.
    public init?(movement: ChartState) {
      guard let movement = MovementLeaf(movement) else {
        return nil
      }
      self.init(movement)
    }

    /// Reads `standing`.
    public init?(rawValue: String) {
      guard let movement = MovementLeaf(rawValue: rawValue) else { return nil }
      self.init(movement)
    }

    /// `standing`: the region's leaf.
    public var rawValue: String { movement.rawValue }

    /// Every leaf.
    public static let allCases: [State] = MovementLeaf.allCases.map { State($0) }
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
  }

  /// What the player makes her do.
  public enum Event: String, MachineEvent, CaseIterable {
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
    /// Entry of `inAir`.
    case liftOff
    /// Exit of `inAir`.
    case touchDown
    /// Exit of `diving`.
    case endDive
  }

  /// `game-character`.
  public static let id = "game-character"

  /// One sentence on the game character.
  public static let summary =
    "A platform-game character: superstates and history."

  /// The character as a statechart, drawn from the rows, activities and
  /// hierarchy the `table` style runs on.
  public static let description = MachineDescription<ChartState>(
    hierarchy: Table.table.hierarchy, events: Event.signatures,
    activities: Table.table.activities, transitions: Table.table.transitions)

  /// Her leaf in her one region.
  public static func leaves(of state: State) -> [ChartState] {
    [ChartState(state.movement)]
  }

  /// One line per style: how each builds a character standing; the
  /// configuration has nothing for her.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
  ]

  /// Every event.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [.run, .stop, .duck, .standUp, .jump, .land, .hit]
  }

  /// The specification's runs that need no weapon.
  public static let workedExamples = [
    WorkedExample<Self>(
      "a running jump, a dive, and she lands running", [.run, .jump, .duck, .land, .stop]),
    WorkedExample<Self>(
      "an override, and history that remembers a slide",
      [.duck, .jump, .land, .standUp, .run, .duck, .jump, .land, .stop]),
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
    case .onGround, .inAir: return nil
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

}
