// Reference solutions for Lesson 17. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
//
// `crawling` in all five styles, so that you can compare your change with
// the others: `diff` this file with your Exercises/Lesson17.swift.
import StateMachines

enum Lesson17 {
  /// Exercise 17.1: the style you added `crawling` to.
  static let crawlingStyle: Style? = .enum

  /// Exercise 17.1: before you start, the style you predict takes the
  /// fewest places to add `crawling`.
  static let fewestPlaces: Style? = .statePattern

  /// Exercise 17.1: before you start, the style you predict takes the most
  /// places to add `crawling`.
  static let mostPlaces: Style? = .nestedSwitch

  /// Exercise 17.2: when an implementation allocates on the heap as she
  /// plays.
  enum Allocation {
    /// Nothing it does for an event allocates.
    case never
    /// Each time she moves into an air state (a jump, or a dive from a
    /// jump); not when she moves along the ground.
    case enteringTheAir
    /// On every transition.
    case onEveryTransition
  }

  /// Exercise 17.2: what the hierarchy costs one implementation of the
  /// whole game character (`GameCharacter`), per event.
  struct Cost {
    /// The implementation. Do not change it.
    let implementation: Implementation
    /// When it allocates on the heap as she plays.
    var allocates: Allocation?
    /// Whether, to find the rule that handles an event, it walks up from the
    /// leaf to its superstates while it runs (`true`), or has that compiled
    /// into its code (`false`).
    var looksUpTheHierarchy: Bool?

    init(_ implementation: Implementation, allocates: Allocation?, looksUpTheHierarchy: Bool?) {
      self.implementation = implementation
      self.allocates = allocates
      self.looksUpTheHierarchy = looksUpTheHierarchy
    }
  }

  /// Exercise 17.2: both answers for each implementation the benchmarks
  /// measure. Work them out from the lesson first, then check them.
  static let costs = [
    // The hierarchy is in the grouped cases.
    Cost(Implementation(.nestedSwitch), allocates: .never, looksUpTheHierarchy: false),
    // One pattern per superstate, matched like any other.
    Cost(Implementation(.enum), allocates: .never, looksUpTheHierarchy: false),
    // Jumping and Diving carry a 40-byte existential: too big for the box.
    Cost(Implementation(.statePattern), allocates: .enteringTheAir, looksUpTheHierarchy: false),
    // The history is in the context; a type needs no box.
    Cost(.statePatternTypes, allocates: .never, looksUpTheHierarchy: false),
    // The book's context makes a new object per transition.
    Cost(Implementation(.stateClasses), allocates: .onEveryTransition, looksUpTheHierarchy: false),
    // Every object made once, up front.
    Cost(.sharedStateClasses, allocates: .never, looksUpTheHierarchy: false),
    // The engine walks up from the leaf's rows.
    Cost(Implementation(.table), allocates: .never, looksUpTheHierarchy: true),
  ]

  /// Exercise 17.2: the run to play in the REPL for `boxesOnTheRun`. Do not
  /// change it.
  static let run: [GameCharacter.Event] = [
    .run, .jump, .duck, .land, .duck, .stop, .jump, .jump, .duck, .duck, .hit, .pickUp(.gun),
    .jump, .fire, .land, .run, .duck, .jump, .jump, .land, .jump, .duck, .land, .stop, .run,
  ]

  /// Exercise 17.2: how many times `state-pattern` (`GameCharacter.StatePattern`)
  /// allocates a box on the heap as it plays `run`, from a new character.
  /// Each jump from the ground and each dive from a jump: a new `Jumping`
  /// or `Diving`, too big for the existential's buffer.
  static let boxesOnTheRun: Int? = 8
}

// MARK: - Exercise 17.1: the hero's movement, in five styles

/// The game character's movement alone: `onGround` (with shallow history)
/// holds `standing`, `running`, `ducking`, `sliding` and now `crawling`; `inAir` holds
/// `jumping` and `diving`. The rules are the lesson's: `onGround`'s `jump`,
/// which `ducking` overrides, and `inAir`'s `land` (to the history) and
/// `hit` (to `standing`).
enum Hero {
  /// Her leaf: what every style's `state` is.
  enum Leaf: String, StateID {
    case standing, running, ducking, sliding, crawling, jumping, diving
  }

  /// Every state of the chart, composite states included: what the table
  /// style's rows and hierarchy are written with.
  enum ChartState: String, StateID {
    case onGround, standing, running, ducking, sliding, crawling
    case inAir, jumping, diving
  }

  /// What the player makes her do.
  enum Event: String, MachineEvent, CaseIterable {
    case run, stop, duck, standUp, jump, land, hit
  }

  /// New pictures of her, and the sounds of leaving and touching the ground.
  enum Output: String, MachineOutput {
    case showStanding, showRunning, showDucking, showSliding, showCrawling, showJumping
    case showDiving
    case liftOff, touchDown, endDive
  }

  /// A hero in `style`, standing; `nil` for a style this copy is not
  /// written in.
  static func make(_ style: Style) -> (any StateMachine<Leaf, Event, Output>)? {
    switch style {
    case .nestedSwitch: NestedSwitch()
    case .enum: Enum()
    case .statePattern: StatePattern()
    case .stateClasses: StateClasses()
    case .table: Table()
    default: nil
    }
  }
}

// MARK: Nested switches

extension Hero {
  /// A `switch` on the event, then one on the leaf: a superstate is a list
  /// of leaves in one `case`, and its history a property.
  struct NestedSwitch: StateMachine {
    private(set) var state = Leaf.standing

    /// `onGround`'s history: the ground leaf she last jumped from.
    private(set) var groundHistory = Leaf.standing

    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<Leaf> {
      switch event {
      case .run:
        switch state {
        case .standing: enter(.running, emit: emit)
        case .ducking: enter(.crawling, emit: emit)
        case .running, .sliding, .crawling, .jumping, .diving: return .ignored
        }
      case .stop:
        switch state {
        case .running: enter(.standing, emit: emit)
        case .sliding, .crawling: enter(.ducking, emit: emit)
        case .standing, .ducking, .jumping, .diving: return .ignored
        }
      case .duck:
        switch state {
        case .standing: enter(.ducking, emit: emit)
        case .running: enter(.sliding, emit: emit)
        case .jumping: enter(.diving, emit: emit)
        case .ducking, .sliding, .crawling, .diving: return .ignored
        }
      case .standUp:
        switch state {
        case .ducking: enter(.standing, emit: emit)
        case .standing, .running, .sliding, .crawling, .jumping, .diving: return .ignored
        }
      case .jump:
        switch state {
        case .ducking:
          // Overrides onGround's jump.
          enter(.standing, emit: emit)
        case .standing, .running, .sliding, .crawling:
          // onGround's jump: remember the leaf, enter inAir, then jumping.
          groundHistory = state
          emit(.liftOff)
          enter(.jumping, emit: emit)
        case .jumping, .diving: return .ignored
        }
      case .land, .hit:
        switch state {
        case .jumping, .diving:
          // inAir's land and hit: exits innermost first.
          if state == .diving { emit(.endDive) }
          emit(.touchDown)
          enter(event == .land ? groundHistory : .standing, emit: emit)
        case .standing, .running, .ducking, .sliding, .crawling: return .ignored
        }
      }
      return .fired
    }

    /// Makes `leaf` current and runs its entry activity.
    private mutating func enter(_ leaf: Leaf, emit: (Output) -> Void) {
      state = leaf
      switch leaf {
      case .standing: emit(.showStanding)
      case .running: emit(.showRunning)
      case .ducking: emit(.showDucking)
      case .sliding: emit(.showSliding)
      case .crawling: emit(.showCrawling)
      case .jumping: emit(.showJumping)
      case .diving: emit(.showDiving)
      }
    }
  }
}

// MARK: Enum

extension Hero {
  /// The hero is an enum whose cases are the superstates, carrying the
  /// substate; `inAir` carries the ground leaf to land in (the history).
  enum Enum: StateMachine {
    case onGround(Ground)
    case inAir(Air, landing: Ground)

    /// The leaves of `onGround`.
    enum Ground: Hashable, Sendable { case standing, running, ducking, sliding, crawling }

    /// The leaves of `inAir`.
    enum Air: Hashable, Sendable { case jumping, diving }

    init() { self = .onGround(.standing) }

    var state: Leaf {
      switch self {
      case .onGround(.standing): .standing
      case .onGround(.running): .running
      case .onGround(.ducking): .ducking
      case .onGround(.sliding): .sliding
      case .onGround(.crawling): .crawling
      case .inAir(.jumping, _): .jumping
      case .inAir(.diving, _): .diving
      }
    }

    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<Leaf> {
      switch (self, event) {
      case (.onGround(.standing), .run): go(to: .onGround(.running), emit: emit)
      case (.onGround(.standing), .duck): go(to: .onGround(.ducking), emit: emit)
      case (.onGround(.running), .stop): go(to: .onGround(.standing), emit: emit)
      case (.onGround(.running), .duck): go(to: .onGround(.sliding), emit: emit)
      case (.onGround(.sliding), .stop): go(to: .onGround(.ducking), emit: emit)
      case (.onGround(.ducking), .standUp): go(to: .onGround(.standing), emit: emit)
      case (.onGround(.ducking), .run): go(to: .onGround(.crawling), emit: emit)
      case (.onGround(.crawling), .stop): go(to: .onGround(.ducking), emit: emit)
      case (.onGround(.ducking), .jump): go(to: .onGround(.standing), emit: emit)
      case (.onGround(let ground), .jump): go(to: .inAir(.jumping, landing: ground), emit: emit)
      case (.inAir(.jumping, let landing), .duck):
        go(to: .inAir(.diving, landing: landing), emit: emit)
      case (.inAir(_, let landing), .land): go(to: .onGround(landing), emit: emit)
      case (.inAir, .hit): go(to: .onGround(.standing), emit: emit)
      case (.onGround, _), (.inAir, _): return .ignored
      }
      return .fired
    }

    /// Exits innermost first, enters outermost first; `inAir`'s own
    /// activities run only when she crosses from one superstate to the other.
    private mutating func go(to next: Self, emit: (Output) -> Void) {
      let crossing =
        switch (self, next) {
        case (.onGround, .onGround), (.inAir, .inAir): false
        case (.onGround, .inAir), (.inAir, .onGround): true
        }
      if case .inAir(.diving, _) = self { emit(.endDive) }
      if crossing, case .inAir = self { emit(.touchDown) }
      self = next
      if crossing, case .inAir = self { emit(.liftOff) }
      switch self {
      case .onGround(.standing): emit(.showStanding)
      case .onGround(.running): emit(.showRunning)
      case .onGround(.ducking): emit(.showDucking)
      case .onGround(.sliding): emit(.showSliding)
      case .onGround(.crawling): emit(.showCrawling)
      case .inAir(.jumping, _): emit(.showJumping)
      case .inAir(.diving, _): emit(.showDiving)
      }
    }
  }
}

// MARK: State pattern

extension Hero {
  /// A state of the hero: it decides, the context carries the decision out.
  /// Every event is ignored and every activity does nothing unless a state,
  /// or its superstate, says otherwise.
  protocol MovementState {
    var id: Leaf { get }
    var superstate: ChartState { get }
    func run() -> Decision<any MovementState, Output>
    func stop() -> Decision<any MovementState, Output>
    func duck() -> Decision<any MovementState, Output>
    func standUp() -> Decision<any MovementState, Output>
    func jump() -> Decision<any MovementState, Output>
    func land() -> Decision<any MovementState, Output>
    func hit() -> Decision<any MovementState, Output>
    func entry(emit: (Output) -> Void)
    func exit(emit: (Output) -> Void)
    func enterSuperstate(emit: (Output) -> Void)
    func exitSuperstate(emit: (Output) -> Void)
  }

  /// The superstate `onGround`: what every ground state inherits.
  protocol GroundState: MovementState {}

  /// The superstate `inAir`: what every air state inherits.
  protocol AirState: MovementState {
    /// The ground state to land in: `onGround`'s history.
    var landing: any GroundState { get }
  }

  /// The State pattern's context.
  struct StatePattern: StateMachine {
    private(set) var current: any MovementState = Standing()

    var state: Leaf { current.id }

    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<Leaf> {
      let decision =
        switch event {
        case .run: current.run()
        case .stop: current.stop()
        case .duck: current.duck()
        case .standUp: current.standUp()
        case .jump: current.jump()
        case .land: current.land()
        case .hit: current.hit()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        let crossing = next.superstate != current.superstate
        current.exit(emit: emit)
        if crossing { current.exitSuperstate(emit: emit) }
        effect.forEach(emit)
        if crossing { next.enterSuperstate(emit: emit) }
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }

    struct Standing: GroundState {
      var id: Leaf { .standing }
      func entry(emit: (Output) -> Void) { emit(.showStanding) }
      func run() -> Decision<any MovementState, Output> { .go(to: Running()) }
      func duck() -> Decision<any MovementState, Output> { .go(to: Ducking()) }
    }

    struct Running: GroundState {
      var id: Leaf { .running }
      func entry(emit: (Output) -> Void) { emit(.showRunning) }
      func stop() -> Decision<any MovementState, Output> { .go(to: Standing()) }
      func duck() -> Decision<any MovementState, Output> { .go(to: Sliding()) }
    }

    struct Ducking: GroundState {
      var id: Leaf { .ducking }
      func entry(emit: (Output) -> Void) { emit(.showDucking) }
      func standUp() -> Decision<any MovementState, Output> { .go(to: Standing()) }
      func run() -> Decision<any MovementState, Output> { .go(to: Crawling()) }
      /// Overrides `onGround`'s jump.
      func jump() -> Decision<any MovementState, Output> { .go(to: Standing()) }
    }

    struct Sliding: GroundState {
      var id: Leaf { .sliding }
      func entry(emit: (Output) -> Void) { emit(.showSliding) }
      func stop() -> Decision<any MovementState, Output> { .go(to: Ducking()) }
    }

    /// Inherits `onGround`'s jump, as running and sliding do.
    struct Crawling: GroundState {
      var id: Leaf { .crawling }
      func entry(emit: (Output) -> Void) { emit(.showCrawling) }
      func stop() -> Decision<any MovementState, Output> { .go(to: Ducking()) }
    }

    struct Jumping: AirState {
      let landing: any GroundState
      var id: Leaf { .jumping }
      func entry(emit: (Output) -> Void) { emit(.showJumping) }
      func duck() -> Decision<any MovementState, Output> { .go(to: Diving(landing: landing)) }
    }

    struct Diving: AirState {
      let landing: any GroundState
      var id: Leaf { .diving }
      func entry(emit: (Output) -> Void) { emit(.showDiving) }
      func exit(emit: (Output) -> Void) { emit(.endDive) }
    }
  }
}

extension Hero.MovementState {
  func run() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func stop() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func duck() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func standUp() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func jump() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func land() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func hit() -> Decision<any Hero.MovementState, Hero.Output> { .ignore }
  func entry(emit: (Hero.Output) -> Void) {}
  func exit(emit: (Hero.Output) -> Void) {}
  func enterSuperstate(emit: (Hero.Output) -> Void) {}
  func exitSuperstate(emit: (Hero.Output) -> Void) {}
}

extension Hero.GroundState {
  var superstate: Hero.ChartState { .onGround }

  /// Jumps, taking this state along to land in again.
  func jump() -> Decision<any Hero.MovementState, Hero.Output> {
    .go(to: Hero.StatePattern.Jumping(landing: self))
  }
}

extension Hero.AirState {
  var superstate: Hero.ChartState { .inAir }
  func land() -> Decision<any Hero.MovementState, Hero.Output> { .go(to: landing) }
  func hit() -> Decision<any Hero.MovementState, Hero.Output> {
    .go(to: Hero.StatePattern.Standing())
  }
  func enterSuperstate(emit: (Hero.Output) -> Void) { emit(.liftOff) }
  func exitSuperstate(emit: (Hero.Output) -> Void) { emit(.touchDown) }
}

// MARK: State classes

extension Hero {
  /// The book's State: a class whose methods ignore every event; a
  /// subclass per superstate, and one of that per leaf.
  class StateObject {
    required init() {}
    var id: Leaf { fatalError("every leaf names its state") }
    var superstate: ChartState { fatalError("every superstate names itself") }
    func run() -> Decision<StateObject.Type, Output> { .ignore }
    func stop() -> Decision<StateObject.Type, Output> { .ignore }
    func duck() -> Decision<StateObject.Type, Output> { .ignore }
    func standUp() -> Decision<StateObject.Type, Output> { .ignore }
    func jump() -> Decision<StateObject.Type, Output> { .ignore }
    /// `history` is the ground state she jumped from, which the context keeps.
    func land(history: StateClasses.OnGround.Type) -> Decision<StateObject.Type, Output> {
      .ignore
    }
    func hit() -> Decision<StateObject.Type, Output> { .ignore }
    func entry(emit: (Output) -> Void) {}
    func exit(emit: (Output) -> Void) {}
    func enterSuperstate(emit: (Output) -> Void) {}
    func exitSuperstate(emit: (Output) -> Void) {}
  }

  /// The book's Context: a new state object on every transition.
  final class StateClasses: StateMachine {
    private(set) var current: StateObject = Standing()

    /// `onGround`'s history: the class of the ground state she last left.
    private(set) var groundHistory: OnGround.Type = Standing.self

    var state: Leaf { current.id }

    func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<Leaf> {
      let decision =
        switch event {
        case .run: current.run()
        case .stop: current.stop()
        case .duck: current.duck()
        case .standUp: current.standUp()
        case .jump: current.jump()
        case .land: current.land(history: groundHistory)
        case .hit: current.hit()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let type, let effect):
        let next = type.init()
        let crossing = next.superstate != current.superstate
        current.exit(emit: emit)
        if crossing {
          current.exitSuperstate(emit: emit)
          if let ground = current as? OnGround { groundHistory = Swift.type(of: ground) }
        }
        effect.forEach(emit)
        if crossing { next.enterSuperstate(emit: emit) }
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }

    /// The superstate `onGround`.
    class OnGround: StateObject {
      override var superstate: ChartState { .onGround }
      override func jump() -> Decision<StateObject.Type, Output> { .go(to: Jumping.self) }
    }

    /// The superstate `inAir`.
    class InAir: StateObject {
      override var superstate: ChartState { .inAir }
      override func land(history: OnGround.Type) -> Decision<StateObject.Type, Output> {
        .go(to: history)
      }
      override func hit() -> Decision<StateObject.Type, Output> { .go(to: Standing.self) }
      override func enterSuperstate(emit: (Output) -> Void) { emit(.liftOff) }
      override func exitSuperstate(emit: (Output) -> Void) { emit(.touchDown) }
    }

    final class Standing: OnGround {
      override var id: Leaf { .standing }
      override func entry(emit: (Output) -> Void) { emit(.showStanding) }
      override func run() -> Decision<StateObject.Type, Output> { .go(to: Running.self) }
      override func duck() -> Decision<StateObject.Type, Output> { .go(to: Ducking.self) }
    }

    final class Running: OnGround {
      override var id: Leaf { .running }
      override func entry(emit: (Output) -> Void) { emit(.showRunning) }
      override func stop() -> Decision<StateObject.Type, Output> { .go(to: Standing.self) }
      override func duck() -> Decision<StateObject.Type, Output> { .go(to: Sliding.self) }
    }

    final class Ducking: OnGround {
      override var id: Leaf { .ducking }
      override func entry(emit: (Output) -> Void) { emit(.showDucking) }
      override func standUp() -> Decision<StateObject.Type, Output> { .go(to: Standing.self) }
      override func run() -> Decision<StateObject.Type, Output> { .go(to: Crawling.self) }
      /// Overrides `OnGround`'s jump.
      override func jump() -> Decision<StateObject.Type, Output> { .go(to: Standing.self) }
    }

    final class Sliding: OnGround {
      override var id: Leaf { .sliding }
      override func entry(emit: (Output) -> Void) { emit(.showSliding) }
      override func stop() -> Decision<StateObject.Type, Output> { .go(to: Ducking.self) }
    }

    /// Inherits `OnGround`'s jump, as running and sliding do.
    final class Crawling: OnGround {
      override var id: Leaf { .crawling }
      override func entry(emit: (Output) -> Void) { emit(.showCrawling) }
      override func stop() -> Decision<StateObject.Type, Output> { .go(to: Ducking.self) }
    }

    final class Jumping: InAir {
      override var id: Leaf { .jumping }
      override func entry(emit: (Output) -> Void) { emit(.showJumping) }
      override func duck() -> Decision<StateObject.Type, Output> { .go(to: Diving.self) }
    }

    final class Diving: InAir {
      override var id: Leaf { .diving }
      override func entry(emit: (Output) -> Void) { emit(.showDiving) }
      override func exit(emit: (Output) -> Void) { emit(.endDive) }
    }
  }
}

// MARK: Table

extension Hero {
  /// Rows, a tree of states, and the workbench's engine, which walks up
  /// from the leaf to find a row and keeps the history.
  struct Table: StateMachine {
    static let table = TransitionTable<ChartState, Event, Output, Void>(
      rows: [
        .init(.standing, on: .run, to: .running),
        .init(.standing, on: .duck, to: .ducking),
        .init(.running, on: .stop, to: .standing),
        .init(.running, on: .duck, to: .sliding),
        .init(.sliding, on: .stop, to: .ducking),
        .init(.ducking, on: .standUp, to: .standing),
        .init(.ducking, on: .jump, to: .standing),
        .init(.ducking, on: .run, to: .crawling),
        .init(.crawling, on: .stop, to: .ducking),
        .init(.onGround, on: .jump, to: .inAir),
        .init(.jumping, on: .duck, to: .diving),
        .init(.inAir, on: .land, toHistoryOf: .onGround),
        .init(.inAir, on: .hit, to: .standing),
      ],
      entry: [
        .standing: .emits(.showStanding),
        .running: .emits(.showRunning),
        .ducking: .emits(.showDucking),
        .sliding: .emits(.showSliding),
        .crawling: .emits(.showCrawling),
        .inAir: .emits(.liftOff),
        .jumping: .emits(.showJumping),
        .diving: .emits(.showDiving),
      ],
      exit: [
        .inAir: .emits(.touchDown),
        .diving: .emits(.endDive),
      ],
      hierarchy: StateHierarchy(
        regions: [.init("movement", [.onGround, .inAir], initial: .onGround)],
        composites: [
          .onGround: .init(
            [.standing, .running, .ducking, .sliding, .crawling], initial: .standing,
            history: true),
          .inAir: .init([.jumping, .diving], initial: .jumping),
        ]))

    /// Her leaf and `onGround`'s history, as the engine keeps them.
    private(set) var active = table.start

    var state: Leaf {
      Leaf(rawValue: Self.table.leaf(of: active, inRegion: 0).rawValue) ?? .standing
    }

    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<Leaf> {
      var noData: Void = ()
      // No row of this table rejects an event, so firing never throws.
      let fired = (try? Self.table.fire(event, active: &active, data: &noData, emit: emit)) ?? false
      return fired ? .fired : .ignored
    }
  }
}
