import Foundation
import StateMachines

extension ExerciseCheck {
  /// Lesson 17: changing a statechart, and what it costs.
  static let lesson17 = [
    ExerciseCheck("17.1", "a new ground state: crawling") {
      let predictions = placesPredictionProblems(
        fewest: Lesson17.fewestPlaces, most: Lesson17.mostPlaces)
      guard let style = Lesson17.crawlingStyle else {
        return predictions + [
          "Lesson17.crawlingStyle is nil: set it to the style you added crawling to "
            + "(.nestedSwitch, .enum, .statePattern, .stateClasses or .table)"
        ]
      }
      return predictions + crawlingProblems(in: style)
    },
    ExerciseCheck("17.2", "where the hierarchy costs") {
      costProblems(Lesson17.costs, boxesOnTheRun: Lesson17.boxesOnTheRun, run: Lesson17.run)
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

// MARK: - 17.1: the places, predicted

/// The places each style touched to add sliding, the same kind of change as
/// crawling, as `fsm change-cost game-character` prints them in the lesson:
/// the check reads the lesson's block, which the lessons' tests hold equal
/// to what the command prints, so no figure is typed here.
func slidingPlaces() throws -> [Style: Int] {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Checks
    .deletingLastPathComponent()  // Exercises
    .deletingLastPathComponent()  // Lessons
    .deletingLastPathComponent()
  let lesson = try String(
    contentsOf: root.appending(path: "Lessons/17-changing-a-statechart.md"), encoding: .utf8)
  var places: [Style: Int] = [:]
  var columns: [String] = []
  for line in lesson.split(separator: "\n") where line.hasPrefix("| ") {
    let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    if cells.first == "change" {
      columns = cells
    } else if cells.first?.hasPrefix("1→2 a new ground state") == true {
      for (column, cell) in zip(columns, cells) {
        // `+15 −6, 9 places`: the number after the comma.
        let words = cell.split(separator: ",").last?.split(separator: " ") ?? []
        guard let style = Style.allCases.first(where: { $0.rawValue == column }),
          let count = words.first.flatMap({ Int($0) })
        else { continue }
        places[style] = count
      }
    }
  }
  return places
}

/// What is wrong with the two predictions of exercise 17.1, judged by what
/// `fsm change-cost game-character` measured for sliding: how many of them
/// are not right yet, never which, since each is one of five styles.
func placesPredictionProblems(fewest: Style?, most: Style?) -> [String] {
  guard let fewest, let most else {
    let missing = [
      fewest == nil ? "Lesson17.fewestPlaces" : nil, most == nil ? "Lesson17.mostPlaces" : nil,
    ].compactMap { $0 }
    return [
      "\(missing.joined(separator: " and ")) \(missing.count == 1 ? "is" : "are") still nil: "
        + "predict before you start; the check judges the two predictions together"
    ]
  }
  let places: [Style: Int]
  do {
    places = try slidingPlaces()
  } catch {
    return ["the check cannot read the change-cost table of lesson 17: \(error)"]
  }
  guard places.count == Style.allCases.count, let least = places.values.min(),
    let greatest = places.values.max()
  else {
    return [
      "the check cannot find the row `1→2 a new ground state: sliding` of every style in "
        + "lesson 17's change-cost table"
    ]
  }
  let wrong = [places[fewest] != least, places[most] != greatest]
    .filter { $0 }.count
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: 2, "predictions") + "; the check does "
      + "not say which: crawling is the same kind of change as sliding, which `swift run fsm "
      + "change-cost game-character` measured style by style"
  ]
}

// MARK: - 17.2: where the hierarchy costs

/// The run of exercise 17.2's count, as the exercise file gives it.
let costRun: [GameCharacter.Event] = [
  .run, .jump, .duck, .land, .duck, .stop, .jump, .jump, .duck, .duck, .hit, .pickUp(.gun),
  .jump, .fire, .land, .run, .duck, .jump, .jump, .land, .jump, .duck, .land, .stop, .run,
]

/// What is wrong with the answers of exercise 17.2, judged by the
/// committed results' mallocs and the running code: how many of the
/// fifteen answers are not right yet, never which. Each of the first
/// fourteen is one of two or three, so naming the wrong one would let a
/// student find it by trying; the count comes from a run in the REPL.
func costProblems(
  _ costs: [Lesson17.Cost], boxesOnTheRun: Int?, run: [GameCharacter.Event]
) -> [String] {
  let mallocs: [String: Double]
  do {
    mallocs = try committedMallocs()
  } catch {
    return ["the check cannot read the committed results: \(error)"]
  }
  return costProblems(costs, boxesOnTheRun: boxesOnTheRun, run: run, mallocs: mallocs)
}

/// What is wrong with the answers of exercise 17.2, judged by `mallocs`
/// (the most mallocs per event of each implementation, by its id) and the
/// running code.
func costProblems(
  _ costs: [Lesson17.Cost], boxesOnTheRun: Int?, run: [GameCharacter.Event],
  mallocs: [String: Double]
) -> [String] {
  guard costs.map(\.implementation) == GameCharacter.allImplementations else {
    return [
      "Lesson17.costs is not the exercise's list of implementations any more: put them back "
        + "(scripts/reset-exercises 17 starts the file over)"
    ]
  }
  guard run == costRun else {
    return [
      "Lesson17.run is not the exercise's run any more: put the events back "
        + "(scripts/reset-exercises 17 starts the file over)"
    ]
  }
  let noAllocates = costs.filter { $0.allocates == nil }.map { "\($0.implementation)" }
  let noLookUp = costs.filter { $0.looksUpTheHierarchy == nil }.map { "\($0.implementation)" }
  var missing: [String] = []
  if !noAllocates.isEmpty {
    missing.append("allocates of \(noAllocates.joined(separator: ", "))")
  }
  if !noLookUp.isEmpty {
    missing.append("looksUpTheHierarchy of \(noLookUp.joined(separator: ", "))")
  }
  if boxesOnTheRun == nil { missing.append("Lesson17.boxesOnTheRun") }
  guard missing.isEmpty else {
    let count = noAllocates.count + noLookUp.count + (boxesOnTheRun == nil ? 1 : 0)
    return [
      "\(count) of the 15 answers \(count == 1 ? "is" : "are") still nil: "
        + "\(missing.joined(separator: "; ")). The check judges them together, once all are given"
    ]
  }
  var wrong = 0
  for cost in costs {
    let name = "\(cost.implementation)"
    guard let mallocsPerEvent = mallocs[name] else {
      return [
        "docs/benchmarks/results.json has no game-character cell for \(name): the check "
          + "needs the committed mallocs (scripts/benchmark --publish writes them)"
      ]
    }
    guard let truth = allocation(of: cost.implementation, mallocs: mallocsPerEvent) else {
      return [
        "\(name): the committed results count mallocs, but the check cannot see which of "
          + "its values or objects is new: the code and docs/benchmarks/results.json disagree"
      ]
    }
    if cost.allocates != truth { wrong += 1 }
    if cost.looksUpTheHierarchy != looksUpTheHierarchy(cost.implementation) { wrong += 1 }
  }
  if boxesOnTheRun != boxesAllocated(on: run) { wrong += 1 }
  guard wrong > 0 else { return [] }
  return [
    notRightYet(wrong, of: 15, "answers") + "; the check does "
      + "not say which, since each of the first fourteen is one of two or three: work them out",
    "for each implementation, ask what its context keeps between events and where, who makes "
      + "its state objects, and whether onGround is a case, a pattern, a type, or a row the "
      + "program reads; for the count, play Lesson17.run on GameCharacter.StatePattern() in "
      + "the REPL",
  ]
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

/// How many times the State pattern's context, playing `events` from a new
/// character, puts a new movement state in a box on the heap: each step
/// that moves her to another movement state the runtime does not keep
/// inside its existential.
private func boxesAllocated(on events: [GameCharacter.Event]) -> Int {
  func isBoxed<State: GameCharacterMovementState>(_ state: State) -> Bool {
    !isStoredInline(state)
  }
  var character = GameCharacter.StatePattern()
  return events.filter { event in
    let before = character.movement.id
    _ = character.outputs(of: event)
    return character.movement.id != before && isBoxed(character.movement)
  }.count
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
