extension GameCharacter {
  /// The game character written as a transition table: rows of data, a
  /// tree of states, and one engine that runs them.
  ///
  /// Notice the rows whose source is a composite state: `onGround` on
  /// `jump`, `inAir` on `land` and `hit`, `armed` on `drop` and `hit`. Each
  /// is one row, and the engine walks up from the current leaf to find it,
  /// unless the leaf has a row of its own (`ducking` on `jump`, listed
  /// first only for the reader: the engine always tries the leaf first).
  /// The hierarchy says who contains whom, which substate a composite state
  /// starts in and which keeps history; the engine exits and enters along
  /// it, remembers `onGround`'s last substate, and offers each event to both
  /// regions. The state test `not in diving` is data too: the weapon asks
  /// about the movement as it was before the event.
  public struct Table: GameCharacterMachine {
    /// The game character's table.
    public static let table = TransitionTable<ChartState, Event, Output, Void>(
      rows: [
        .init(.standing, on: .run, to: .running),
        .init(.standing, on: .duck, to: .ducking),
        .init(.running, on: .stop, to: .standing),
        .init(.running, on: .duck, to: .sliding),
        .init(.sliding, on: .stop, to: .ducking),
        .init(.ducking, on: .standUp, to: .standing),
        .init(.ducking, on: .jump, to: .standing),
        .init(.onGround, on: .jump, to: .inAir),
        .init(.jumping, on: .duck, to: .diving),
        .init(.inAir, on: .land, toHistoryOf: .onGround),
        .init(.inAir, on: .hit, to: .standing),

        .init(.unarmed, onExactly: .pickUp(.bow), to: .bow),
        .init(.unarmed, onExactly: .pickUp(.gun), to: .gun),
        .init(.bow, onExactly: .pickUp(.gun), to: .gun),
        .init(.gun, onExactly: .pickUp(.bow), to: .bow),
        .internal(.bow, on: .fire, guard: .notIn(.diving), effect: [.arrowReleased]),
        .internal(.gun, on: .fire, guard: .notIn(.diving), effect: [.shotFired]),
        .init(.armed, on: .drop, to: .unarmed),
        .init(.armed, on: .hit, effect: [.weaponLost], to: .unarmed),
      ],
      entry: [
        .standing: .emits(.showStanding),
        .running: .emits(.showRunning),
        .ducking: .emits(.showDucking),
        .sliding: .emits(.showSliding),
        .inAir: .emits(.liftOff),
        .jumping: .emits(.showJumping),
        .diving: .emits(.showDiving),
        .unarmed: .emits(.showEmptyHands),
        .bow: .emits(.showBow),
        .gun: .emits(.showGun),
      ],
      exit: [
        .inAir: .emits(.touchDown),
        .diving: .emits(.endDive),
      ],
      hierarchy: StateHierarchy(
        regions: [
          .init("movement", [.onGround, .inAir], initial: .onGround),
          .init("weapon", [.unarmed, .armed], initial: .unarmed),
        ],
        composites: [
          .onGround: .init(
            [.standing, .running, .ducking, .sliding], initial: .standing, history: true),
          .inAir: .init([.jumping, .diving], initial: .jumping),
          .armed: .init([.bow, .gun], initial: nil),
        ]))

    /// Where she is: her leaf in each region, and `onGround`'s history.
    public private(set) var active = table.start

    /// Creates a character standing with empty hands.
    public init() {}

    /// Her leaf in each region.
    public var state: State {
      // The engine only ever leaves a region in one of its leaves.
      State(
        movement: Self.table.leaf(of: active, inRegion: 0),
        weapon: Self.table.leaf(of: active, inRegion: 1)) ?? State()
    }

    /// Offers the event to both regions, as the table says.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      var noData: Void = ()
      // No row of this table rejects an event, so firing never throws.
      let fired = (try? Self.table.fire(event, active: &active, data: &noData, emit: emit)) ?? false
      return fired ? .fired : .ignored
    }
  }
}
