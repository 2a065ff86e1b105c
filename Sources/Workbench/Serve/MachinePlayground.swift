import Diagrams
import StateMachines

/// The playground of machine `M`: one instance in each implementation it
/// lists, the measured variants with the styles.
final class MachinePlayground<M: CatalogMachine>: Playground {
  /// A step of `M`'s trace.
  typealias Step = TraceStep<M.State, M.Event, M.Output>

  /// The machine in each implementation it lists, in the class view's
  /// order (`Machine.panes`).
  private var machines: [(implementation: Implementation, machine: Built)]

  /// One of `M`'s implementations, built.
  typealias Built = any StateMachine<M.State, M.Event, M.Output>

  /// The implementations of `machines`, once: every step keeps this one
  /// list.
  private let implementations = M.panes

  /// The steps kept, at most `ServeLimits.traceSteps`.
  private(set) var steps: [PlayedStep] = []

  /// The reference style's steps, typed, for drawing the run: one for
  /// each of `steps`, so at most `ServeLimits.traceSteps`.
  private var run: [Step] = []

  /// The number of the step the session's page shows, when it went back
  /// to one; `nil` for the latest. A new event returns to the latest.
  private var shown: Int?

  /// The events handled since the last reset, kept or not.
  private var handled = 0

  /// The events the page sent since the last reset (not the real clock's
  /// waits): the page compares it with the events it journaled to see
  /// that the server lost its session.
  private(set) var sent = 0

  /// The bytes of event arguments sent since the last reset.
  private(set) var argumentBytes = 0

  /// The events since the last reset as text, the real clock's time as
  /// waits, for a follower who continues on their own copy: kept only in
  /// the teacher's playgrounds (a student's would double the memory its
  /// event data takes), from a fresh start; `nil` otherwise, or once there
  /// are more than `ServeLimits.copyableEvents`.
  private(set) var log: [String]?

  /// Whether this playground keeps its `log`: set for the teacher's. A
  /// playground that has had events keeps none until it starts again.
  var keepsLog = false {
    didSet {
      if keepsLog && !oldValue && handled == 0 && sent == 0 { log = [] }
      if !keepsLog { log = nil }
    }
  }

  /// The virtual time the waits let pass since the last reset.
  private var elapsed: Duration = .zero

  /// The real clock, when it is on: its time goes to the machines as waits.
  private var feed: RealTimeFeed<ContinuousClock>?

  /// Builds `M` in every implementation with its default configuration.
  init(_: M.Type) throws(ServeError) {
    machines = try Self.fresh()
  }

  var machineID: String { M.id }

  var currentState: String { referenceState.description }

  /// `M` in every implementation, fresh.
  private static func fresh() throws(ServeError) -> [(
    implementation: Implementation, machine: Built
  )] {
    var machines: [(Implementation, Built)] = []
    for implementation in M.panes {
      do {
        machines.append((implementation, try M.make(implementation, M.Configuration())))
      } catch {
        throw ServeError(status: 500, message: "\(M.id) as \(implementation): \(error.message)")
      }
    }
    return machines
  }

  func send(_ text: String, allowance: Int, work: WorkMeter) throws(ServeError) -> PlayedStep {
    let event: M.Event
    do {
      event = try M.Event.parse(text)
    } catch {
      throw ServeError(status: 400, message: error.message)
    }
    let bytes = event.argument?.utf8.count ?? 0
    guard bytes <= allowance else {
      throw ServeError(
        status: 429,
        message: "this session has sent its machines \(ServeLimits.argumentBytes / 1024) KB of "
          + "event data; start again (POST /api/machines/\(M.id)/reset, or the page's Reset) "
          + "to send more")
    }
    try work.begin()
    argumentBytes += bytes
    sent += 1
    catchUp()
    record(text, merging: false)
    let played = play(event)
    shown = nil
    work.spend(played.cost)
    return played
  }

  /// The facts the kept steps hold, each once: a run goes through the
  /// same few configurations again and again, and a session keeps up to
  /// `ServeLimits.traceSteps` steps of every implementation.
  private var factsKept: Set<[StepFacts]> = []

  /// `facts`, sharing the storage of an equal one kept before.
  private func interned(_ facts: [StepFacts]) -> [StepFacts] {
    // Past a bound the set starts again; the steps keep what they hold.
    if factsKept.count >= 4 * ServeLimits.traceSteps { factsKept.removeAll() }
    return factsKept.insert(facts).memberAfterInsert
  }

  /// Runs `event` through every implementation and records the step.
  @discardableResult
  private func play(_ event: M.Event, keep: (Step) -> Bool = { _ in true }) -> PlayedStep {
    var taken: [(Implementation, Step)] = []
    var facts: [StepFacts] = []
    for index in machines.indices {
      let before = ValueSnapshot(machines[index].machine)
      let step = machines[index].machine.step(event)
      taken.append((machines[index].implementation, step))
      var fact = StepFacts(step, before: before)
      // Implementations that agree pass through the same states and emit
      // the same outputs: their facts share one copy of each list, so a
      // step through thousands of states (an hour's wait) keeps them once,
      // not once per implementation.
      if let first = facts.first {
        if first.states == fact.states { fact.states = first.states }
        if first.outputs == fact.outputs { fact.outputs = first.outputs }
      }
      facts.append(fact)
    }
    let reference = taken.first { $0.0 == Implementation(referenceStyle) }?.1 ?? taken[0].1
    handled += 1
    if let passing = event.timePassing, passing > .zero { elapsed += passing }
    var played = PlayedStep(
      number: handled, event: event.name, from: reference.from.description,
      to: reference.to.description, implementations: implementations,
      lines: taken.map { ($0.0, JSONTrace.line($0.1)) })
    played.facts = interned(facts)
    // What the event cost, in the steps a client's allowance counts: each
    // implementation's handling, and each state it passed through.
    played.cost = taken.reduce(0) { $0 + 1 + $1.1.via.count }
    if keep(reference) {
      run.append(reference)
      steps.append(played)
      if steps.count > ServeLimits.traceSteps {
        steps.removeFirst(steps.count - ServeLimits.traceSteps)
        run.removeFirst(run.count - ServeLimits.traceSteps)
      }
    }
    return played
  }

  func reset() {
    // Building them succeeded once with the same configuration.
    if let fresh = try? Self.fresh() { machines = fresh }
    steps = []
    run = []
    factsKept = []
    shown = nil
    handled = 0
    sent = 0
    argumentBytes = 0
    log = keepsLog ? [] : nil
    lastWaitChangedNothing = false
    elapsed = .zero
    feed = nil
  }

  func takeOver(_ other: any Playground) {
    guard let other = other as? Self else { return }  // Not reached: the same machine.
    machines = other.machines
    steps = other.steps
    run = other.run
    shown = other.shown
    handled = other.handled
    sent = other.sent
    argumentBytes = other.argumentBytes
    log = keepsLog ? other.log ?? [] : nil
    lastWaitChangedNothing = other.lastWaitChangedNothing
    elapsed = other.elapsed
    feed = other.feed
  }

  /// `wait`.
  private static var waitEvent: String { MachineDescription<M.State>.waitEvent }

  func useRealClock(_ on: Bool) throws(ServeError) {
    guard M.hasClock else {
      let timed = Machines.all.filter { $0.hasClock }.map { $0.id }
      throw ServeError(
        status: 400,
        message: "\(M.id) keeps no time; machines with a clock: \(timed.joinedAsChoices)")
    }
    if on {
      if feed == nil { feed = RealTimeFeed(clock: ContinuousClock()) }
    } else {
      catchUp()
      feed = nil
    }
  }

  /// Sends the real time that passed as waits, as `fsm shell --real-time`
  /// does; a wait that changed nothing is not kept in the trace, which
  /// would otherwise fill with the page's polls.
  func catchUp() {
    guard var running = feed else { return }
    for wait in running.waits() {
      guard let event = try? M.Event.parse("\(Self.waitEvent):\(wait.secondsText)") else {
        break  // Not reached: `useRealClock` checked that `M` keeps time.
      }
      var changedSomething = false
      play(event) { step in
        changedSomething = step.from != step.to || !step.via.isEmpty || !step.outputs.isEmpty
        return changedSomething
      }
      record("\(Self.waitEvent):\(wait.secondsText)", merging: lastWaitChangedNothing)
      lastWaitChangedNothing = !changedSomething
    }
    feed = running
  }

  /// Whether the last event logged was a real-clock wait that changed
  /// nothing, which the next such wait joins: two waits in which nothing
  /// comes due are one wait of their sum.
  private var lastWaitChangedNothing = false

  /// Adds `event` to the log, or, when `merging`, adds its time to the
  /// wait logged last; gives the log up past its bound.
  private func record(_ event: String, merging: Bool) {
    guard var events = log else { return }
    lastWaitChangedNothing = false
    if merging, let last = events.last, let sum = Self.sumOfWaits(last, event) {
      events[events.count - 1] = sum
    } else {
      events.append(event)
    }
    log = events.count <= ServeLimits.copyableEvents ? events : nil
  }

  /// `wait:A` and `wait:B` as one `wait:A+B`, if both are waits and
  /// their sum is a wait the grammar takes (at most an hour).
  private static func sumOfWaits(_ first: String, _ second: String) -> String? {
    let prefix = waitEvent + ":"
    guard first.hasPrefix(prefix), second.hasPrefix(prefix),
      let a = Duration(seconds: first.dropFirst(prefix.count)),
      let b = Duration(seconds: second.dropFirst(prefix.count)), a + b <= .longestWait
    else { return nil }
    return prefix + (a + b).secondsText
  }

  var traceJSON: JSONValue {
    let state = referenceState.description
    return .object([
      ("machine", .string(M.id)), ("state", .string(state)),
      ("events", .number(handled)), ("sent", .number(sent)), ("kept", .number(steps.count)),
      ("clock", .string("t=\(elapsed.secondsText)s")), ("realClock", .bool(feed != nil)),
      ("agree", .bool(steps.allSatisfy(\.agree))), ("steps", .array(steps.map(\.traceJSON))),
    ])
  }

  var shownStep: PlayedStep? {
    guard let shown, let index = index(of: shown) else { return steps.last }
    return steps[index]
  }

  func show(step number: Int?) throws(ServeError) {
    guard let number else {
      shown = nil
      return
    }
    _ = try keptIndex(of: number)
    shown = number == steps.last?.number ? nil : number
  }

  func stepNumber(_ text: String) throws(ServeError) -> Int {
    guard let number = Int(text) else {
      throw notKept("'\(text.printable)' is not a step's number")
    }
    _ = try keptIndex(of: number)
    return number
  }

  /// The index in `steps` (and `run`) of step `number`, if it is kept.
  private func index(of number: Int) -> Int? {
    // The numbers ascend, with gaps where the real clock's waits changed
    // nothing: step `number` is at most this far from the first.
    guard let first = steps.first?.number, number >= first else { return nil }
    let candidates = steps.indices.prefix(number - first + 1)
    return candidates.last { steps[$0].number == number }
  }

  /// The index of step `number`, or a 400 naming the steps kept.
  private func keptIndex(of number: Int) throws(ServeError) -> Int {
    guard let index = index(of: number) else { throw notKept("no step \(number)") }
    return index
  }

  /// A 400 that says `what` of `M` and names the steps kept.
  private func notKept(_ what: String) -> ServeError {
    guard let first = steps.first?.number, let last = steps.last?.number else {
      return ServeError(
        status: 400,
        message: "\(what) of \(M.id): this session has no steps of it yet; send an event first")
    }
    var message = "\(what) of \(M.id): the steps kept are \(first) to \(last)"
    if steps.count < last - first + 1 {
      message += ", but for the real clock's waits in which nothing came due"
    }
    if first > 1 { message += " (the \(first - 1) before \(first) are no longer kept)" }
    return ServeError(status: 400, message: message)
  }

  func diagram(
    direction: DiagramDirection, upTo number: Int?, focus: DiagramFocus
  ) throws(ServeError) -> (Diagram, current: String) {
    // The run as `fsm diagram --events` draws it, over the steps kept, up
    // to the step asked for (the one the page shows, else the latest);
    // each step keeps the number the trace gives it.
    let end =
      try number.map { number throws(ServeError) in try keptIndex(of: number) }
      ?? shown.flatMap(index(of:)) ?? (run.count - 1)
    guard end >= 0 else {
      let overlay = TraceOverlay(start: referenceState, steps: [])
      let title = "\(M.id): in \(referenceState), waiting for an event"
      return (
        M.diagram(highlighting: overlay, focusing: focus, title: title, direction: direction),
        referenceState.description
      )
    }
    let drawn = run[...end]
    var overlay = TraceOverlay(start: drawn[drawn.startIndex].from, trace: drawn)
    overlay.stepNumbers = steps[...end].map(\.number)
    overlay.listedUnfired = Self.listedUnfired
    let step = drawn[end]
    // The caption says which step is shown and what it did, for the class
    // reading it; the labels are the machine's default, as `diagram()`
    // draws it. A machine with regions marks its leaf in each region.
    let title = "\(M.id), step \(steps[end].number) of \(handled): \(StepCaption.text(of: step))"
    return (
      M.diagram(highlighting: overlay, focusing: focus, title: title, direction: direction),
      step.to.description
    )
  }

  /// The most events that changed nothing the diagram's caption lists,
  /// the latest: enough to read, few enough that a student's run of
  /// ignored clicks does not push the diagram off the projector.
  static var listedUnfired: Int { 4 }

  /// The reference style's state.
  private var referenceState: M.State {
    (machines.first { $0.implementation == Implementation(referenceStyle) } ?? machines[0])
      .machine.state
  }
}

extension CatalogMachine {
  /// Whether the machine takes `wait:SECONDS`, as the shell's real time asks.
  static var hasClock: Bool { ShellSession<Self>.keepsTime }
}
