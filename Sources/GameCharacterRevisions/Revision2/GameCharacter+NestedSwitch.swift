import StateMachines

extension GameCharacter {
  /// The game character written as nested switches.
  ///
  /// Her movement is a plain tag, and `onGround`'s history is one more
  /// property. Notice how a superstate shows: as a group of cases. `jump`
  /// is written once, for `case .standing, .running, .sliding:`, the ground
  /// leaves that inherit it, while `ducking` has its own case above; `land`
  /// and `hit` once, for `case .jumping, .diving:`. Nothing but those lists
  /// says which leaves make a superstate, so a new ground leaf must be added
  /// to each of them by hand, and each case writes out the exits and
  /// entries of the superstates it leaves and enters.
  public struct NestedSwitch: GameCharacterMachine {
    /// Her leaf in the `movement` region.
    public private(set) var movement: MovementLeaf = .standing

    /// `onGround`'s shallow history: the ground leaf she was in when she
    /// last left the ground.
    public private(set) var groundHistory: MovementLeaf = .standing

    /// Creates a character standing.
    public init() {}

    /// Her leaf.
    public var state: State { State(movement) }

    /// Handles one event in her region.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let moved = handleMovement(event, emit: emit)
      return moved ? .fired : .ignored
    }

    /// The `movement` region: a `switch` on the event, then one on the leaf.
    private mutating func handleMovement(_ event: Event, emit: (Output) -> Void) -> Bool {
      switch event {
      case .run:
        switch movement {
        case .standing:
          movement = .running
          emit(.showRunning)
          return true
        case .running, .ducking, .sliding, .jumping, .diving:
          return false
        }

      case .stop:
        switch movement {
        case .running:
          movement = .standing
          emit(.showStanding)
          return true
        case .sliding:
          movement = .ducking
          emit(.showDucking)
          return true
        case .standing, .ducking, .jumping, .diving:
          return false
        }

      case .duck:
        switch movement {
        case .standing:
          movement = .ducking
          emit(.showDucking)
          return true
        case .running:
          movement = .sliding
          emit(.showSliding)
          return true
        case .jumping:
          movement = .diving
          emit(.showDiving)
          return true
        case .ducking, .sliding, .diving:
          return false
        }

      case .standUp:
        switch movement {
        case .ducking:
          movement = .standing
          emit(.showStanding)
          return true
        case .standing, .running, .sliding, .jumping, .diving:
          return false
        }

      case .jump:
        switch movement {
        case .ducking:
          // Overrides onGround's jump: a crouching character stands up first.
          movement = .standing
          emit(.showStanding)
          return true
        case .standing, .running, .sliding:
          // onGround's jump: leaves the ground (remembering where she was),
          // enters inAir, then its initial leaf.
          groundHistory = movement
          emit(.liftOff)
          movement = .jumping
          emit(.showJumping)
          return true
        case .jumping, .diving:
          return false
        }

      case .land:
        switch movement {
        case .jumping, .diving:
          // inAir's land: exits innermost first, then back to the ground
          // leaf she jumped from (onGround's history).
          if movement == .diving { emit(.endDive) }
          emit(.touchDown)
          movement = groundHistory
          // The entry of each leaf: only ground leaves are ever remembered,
          // but a plain tag cannot say so.
          switch groundHistory {
          case .standing: emit(.showStanding)
          case .running: emit(.showRunning)
          case .ducking: emit(.showDucking)
          case .sliding: emit(.showSliding)
          case .jumping: emit(.showJumping)
          case .diving: emit(.showDiving)
          }
          return true
        case .standing, .running, .ducking, .sliding:
          return false
        }

      case .hit:
        switch movement {
        case .jumping, .diving:
          // inAir's hit: knocked down to standing, whatever the history.
          if movement == .diving { emit(.endDive) }
          emit(.touchDown)
          movement = .standing
          emit(.showStanding)
          return true
        case .standing, .running, .ducking, .sliding:
          return false
        }
      }
    }
  }
}
