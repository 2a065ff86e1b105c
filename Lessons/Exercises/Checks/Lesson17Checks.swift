import Foundation
import StateMachines

extension ExerciseCheck {
  /// Lesson 17: changing a statechart, and what it costs.
  static let lesson17 = [
    ExerciseCheck("17.1", "a new ground state: crawling") {
      guard let style = Lesson17.crawlingStyle else {
        return [
          "Lesson17.crawlingStyle is nil: set it to the style you added crawling to "
            + "(.nestedSwitch, .enum, .statePattern, .stateClasses or .table)"
        ]
      }
      return crawlingProblems(in: style)
    },
    ExerciseCheck("17.2", "where the hierarchy costs") {
      costProblems()
    },
  ]
}

// MARK: - 17.1: crawling

/// The events the check sends, as the hero's events.
private let heroEvents = Hero.Event.allCases

/// What is still wrong with `crawling` in `style`.
private func crawlingProblems(in style: Style) -> [String] {
  var problems: [String] = []
  if Hero.Leaf(rawValue: "crawling") == nil {
    problems.append("Hero.Leaf has no leaf crawling yet")
  }
  if Hero.Output(rawValue: "showCrawling") == nil {
    problems.append("Hero.Output has no output showCrawling yet")
  }
  if style == .table && Hero.ChartState(rawValue: "crawling") == nil {
    problems.append(
      "Hero.ChartState has no state crawling yet: the table's rows and hierarchy name it")
  }
  guard problems.isEmpty else { return problems }

  let name = "Hero.\(typeName(of: style))"
  for events in runs(of: heroEvents, upTo: 5) + crawlingScenarios {
    if let difference = firstDifference(
      trace(of: events, in: style), from: CrawlingModel.trace(of: events),
      rule: "the change request", describe: { $0 })
    {
      let run = events.map(\.rawValue).joined(separator: ", ")
      return ["\(name) does not do what the change request asks on the run \(run): \(difference)"]
    }
  }
  if style == .table, let crawling = Hero.ChartState(rawValue: "crawling"),
    Hero.Table.table.rows.contains(where: {
      $0.transition.source == crawling && $0.transition.event == "jump"
    })
  {
    problems.append(
      "Hero.Table does the right thing, but with a row of its own for jump from crawling: "
        + "a rule of onGround is written once, on onGround. Which row does the engine find "
        + "without yours?")
  }
  return problems
}

/// Longer runs than the exhaustive ones: history through a dive, twice.
private let crawlingScenarios: [[Hero.Event]] = [
  [.duck, .run, .jump, .duck, .land, .stop, .standUp, .run, .jump, .land],
  [.duck, .run, .jump, .hit, .duck, .run, .stop, .jump, .jump, .land],
  [.run, .duck, .stop, .run, .jump, .duck, .hit, .duck, .run, .jump, .land, .stop],
]

/// The trace of `events` in the student's `style`, one line per step.
private func trace(of events: [Hero.Event], in style: Style) -> [String] {
  guard var hero = Hero.make(style) else { return ["Hero is not written in the \(style) style"] }
  return events.map { event in
    let step = hero.step(event)
    return stepText(
      from: step.from.rawValue, event: event.rawValue, to: step.to.rawValue, fired: step.fired,
      outputs: step.outputs.map(\.name))
  }
}

/// The hero with `crawling`, as the change request asks, written plainly on
/// the names of the states: what every style must do.
private struct CrawlingModel {
  var leaf = "standing"
  var history = "standing"

  static let ground: Set = ["standing", "running", "ducking", "sliding", "crawling"]
  static let entry = [
    "standing": "showStanding", "running": "showRunning", "ducking": "showDucking",
    "sliding": "showSliding", "crawling": "showCrawling", "jumping": "showJumping",
    "diving": "showDiving",
  ]
  /// The leaves' own transitions; the superstates' come after them.
  static let own = [
    "standing run": "running", "standing duck": "ducking", "running stop": "standing",
    "running duck": "sliding", "sliding stop": "ducking", "ducking standUp": "standing",
    "ducking jump": "standing", "ducking run": "crawling", "crawling stop": "ducking",
    "jumping duck": "diving",
  ]

  /// The trace of `events`, one line per step.
  static func trace(of events: [Hero.Event]) -> [String] {
    var model = CrawlingModel()
    return events.map { event in
      let from = model.leaf
      let outputs = model.handle(event.rawValue)
      return stepText(
        from: from, event: event.rawValue, to: model.leaf, fired: outputs != nil,
        outputs: outputs ?? [])
    }
  }

  /// Handles `event`: the outputs, or `nil` when it is ignored.
  mutating func handle(_ event: String) -> [String]? {
    let onGround = Self.ground.contains(leaf)
    if let target = Self.own["\(leaf) \(event)"] {
      let exit = leaf == "diving" ? ["endDive"] : []
      leaf = target
      return exit + [Self.entry[target] ?? ""]
    }
    switch (onGround, event) {
    case (true, "jump"):
      history = leaf
      leaf = "jumping"
      return ["liftOff", "showJumping"]
    case (false, "land"), (false, "hit"):
      let exits = (leaf == "diving" ? ["endDive"] : []) + ["touchDown"]
      leaf = event == "land" ? history : "standing"
      return exits + [Self.entry[leaf] ?? ""]
    default:
      return nil
    }
  }
}

// MARK: - 17.2: where the hierarchy costs

/// What is wrong with `Lesson17.costs`, without saying what is right.
private func costProblems() -> [String] {
  let costs = Lesson17.costs
  guard costs.map(\.implementation) == GameCharacter.allImplementations else {
    return [
      "Lesson17.costs is not the exercise's list of implementations any more: put them back "
        + "(scripts/reset-exercises 17 starts the file over)"
    ]
  }
  let mallocs: [String: Double]
  do {
    mallocs = try committedMallocs()
  } catch {
    return ["the check cannot read the committed results: \(error)"]
  }
  var problems: [String] = []
  for cost in costs {
    let name = "\(cost.implementation)"
    switch cost.allocates {
    case nil:
      problems.append("\(name): allocates is nil: when does it allocate as she plays, if ever?")
    case let answer?:
      guard let mallocsPerEvent = mallocs[name] else {
        problems.append(
          "docs/benchmarks/results.json has no game-character cell for \(name): the check "
            + "needs the committed mallocs (scripts/benchmark --publish writes them)")
        break
      }
      guard let expectedAllocation = allocation(of: cost.implementation, mallocs: mallocsPerEvent)
      else {
        problems.append(
          "\(name): the committed results count mallocs, but the check cannot see which of "
            + "its values or objects is new: the code and docs/benchmarks/results.json disagree")
        break
      }
      if answer != expectedAllocation {
        problems.append(
          "\(name): allocates is .\(answer), which is not when it allocates (what does its "
            + "context keep between events, and where? who makes its state objects, and how "
            + "often?)")
      }
    }
    switch cost.looksUpTheHierarchy {
    case nil:
      problems.append(
        "\(name): looksUpTheHierarchy is nil: does it look the hierarchy up while it runs?")
    case let answer? where answer != looksUpTheHierarchy(cost.implementation):
      problems.append(
        "\(name): looksUpTheHierarchy is \(answer), which is not how it finds a superstate's "
          + "rule (is onGround a case, a pattern, a type, or a row the program reads?)")
    default:
      break
    }
  }
  return problems
}

/// The committed results, as much of them as the check reads.
private struct CommittedResults: Decodable {
  /// One machine, stream, implementation and configuration.
  struct Cell: Decodable {
    var machine: String
    var contender: String
    var mallocsPerEvent: Double
  }

  var cells: [Cell]
}

/// The most mallocs per event of each implementation of the game character,
/// in any stream and configuration of `docs/benchmarks/results.json`. The
/// file is found from this source file's own path, since the lessons' tests
/// run the checks from a scratch folder, not from the checkout.
private func committedMallocs() throws -> [String: Double] {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Checks
    .deletingLastPathComponent()  // Exercises
    .deletingLastPathComponent()  // Lessons
    .deletingLastPathComponent()
  let data = try Data(contentsOf: root.appending(path: "docs/benchmarks/results.json"))
  let results = try JSONDecoder().decode(CommittedResults.self, from: data)
  var mallocs: [String: Double] = [:]
  for cell in results.cells where cell.machine == GameCharacter.id {
    mallocs[cell.contender] = max(mallocs[cell.contender] ?? 0, cell.mallocsPerEvent)
  }
  return mallocs
}

/// When `implementation` allocates as she plays. Whether it allocates at all
/// is what the benchmarks measured (a malloc counter, which this program
/// cannot be on every system); on which events is read from the code that
/// runs: whether the runtime boxes the State pattern's current state, and
/// whether the state classes' context hands back a new object. `nil` when
/// the results count mallocs that the code does not show.
private func allocation(of implementation: Implementation, mallocs: Double)
  -> Lesson17.Allocation?
{
  if mallocs == 0 { return .never }
  let allocatesOn: ([GameCharacter.Event]) -> Bool
  switch (implementation.style, implementation.variant) {
  case (.statePattern, .asWritten):
    allocatesOn = boxesAState(on:)
  case (.stateClasses, _):
    allocatesOn = { makesAStateObject(on: $0, sharing: implementation.sharesStateObjects) }
  default:
    return nil
  }
  if allocatesOn([.run, .stop, .run]) { return .onEveryTransition }
  return allocatesOn([.jump, .land, .jump]) ? .enteringTheAir : nil
}

/// Whether the State pattern's context, driven by `events`, holds a
/// movement state that the runtime keeps in a box on the heap rather than
/// inside its existential.
private func boxesAState(on events: [GameCharacter.Event]) -> Bool {
  func isBoxed<State: GameCharacterMovementState>(_ state: State) -> Bool {
    !isStoredInline(state)
  }
  var character = GameCharacter.StatePattern()
  return events.contains { event in
    _ = character.outputs(of: event)
    return isBoxed(character.movement)
  }
}

/// Whether the state classes' context, driven by `events`, hands back a new
/// object for a state it has already been in.
private func makesAStateObject(on events: [GameCharacter.Event], sharing: Bool) -> Bool {
  var character = GameCharacter.StateClasses(sharingStateObjects: sharing)
  // The object of each state she has been in since the first event (the
  // context's first object is its own, even when it shares the others),
  // kept alive so that a new object cannot take a freed one's address.
  var objects: [GameCharacter.MovementLeaf: GameCharacterMovementStateObject] = [:]
  return events.contains { event in
    _ = character.outputs(of: event)
    let current = character.movement
    guard let earlier = objects[current.id] else {
      objects[current.id] = current
      return false
    }
    return earlier !== current
  }
}

/// Whether `implementation` looks the hierarchy up while it runs. What a
/// program does at run time cannot be watched from outside it, so this much
/// is the styles' design, not a measurement: only the table keeps its
/// hierarchy as data (a `TransitionTable`) that an engine reads on every
/// event, where the other styles' superstates are grouped cases, patterns,
/// protocol extensions and base classes, settled when the program is
/// compiled. The table's own rows decide its answer: the engine walks up only
/// if some row is written on a superstate.
private func looksUpTheHierarchy(_ implementation: Implementation) -> Bool {
  guard implementation.style == .table else { return false }
  let table = GameCharacter.Table.table
  return table.rows.contains { table.hierarchy.isComposite($0.transition.source) }
}
