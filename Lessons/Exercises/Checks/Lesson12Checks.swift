import StateMachines

extension ExerciseCheck {
  /// Lesson 12: why each style costs what it does.
  static let lesson12 = [
    ExerciseCheck("12.1", "a tally that counts without allocating") {
      tallyProblems()
    },
    ExerciseCheck("12.2", "does it fit in the box?") {
      inlineProblems()
    },
  ]
}

// MARK: - 12.1

/// The problems of `TurnstileTally` and `Lesson12.tally`.
private func tallyProblems() -> [String] {
  var problems = Problems()
  var direct = TurnstileTally()
  let added: [Turnstile.Output] = [.alarm, .alarm, .unlock, .alarm, .lock]
  added.forEach { direct.add($0) }
  for output in [Turnstile.Output.alarm, .unlock, .lock, .thankYou] {
    let expected = added.filter { $0 == output }.count
    problems.expect(
      direct.count(of: output), expected,
      "after adding \(added) to a new TurnstileTally, count(of: .\(output)) is "
        + "\(direct.count(of: output)), which is not how many of them are \(output)")
  }
  guard problems.list.isEmpty else { return problems.list }

  var generator = SeededGenerator(seed: 8)
  let events = (0..<1_000).map { _ in
    Turnstile.Event.allCases.randomElement(using: &generator) ?? .coin
  }
  let styles = [
    tallyProblems(events, "Turnstile.NestedSwitch", Turnstile.NestedSwitch.init),
    tallyProblems(events, "Turnstile.Enum", Turnstile.Enum.init),
    tallyProblems(events, "Turnstile.StatePattern", Turnstile.StatePattern.init),
    tallyProblems(events, "Turnstile.StateClasses") { Turnstile.StateClasses() },
    tallyProblems(events, "Turnstile.Table", Turnstile.Table.init),
  ]
  return styles.first { !$0.isEmpty } ?? []
}

/// The problems of `Lesson12.tally` with 1,000 events through a new `M`.
private func tallyProblems<M: TurnstileMachine>(
  _ events: [Turnstile.Event], _ name: String, _ make: () -> M
) -> [String] {
  var problems = Problems()
  var reference = make()
  let outputs = events.flatMap { reference.outputs(of: $0) }
  var machine = HandleCounter(make())
  let tally = Lesson12.tally(events, through: &machine)
  for output in [Turnstile.Output.unlock, .lock, .alarm, .thankYou] {
    let expected = outputs.filter { $0 == output }.count
    problems.expect(
      tally.count(of: output), expected,
      "after 1,000 events through a \(name), the tally counts \(tally.count(of: output)) "
        + "\(output) outputs, which is not how many the machine emitted")
  }
  problems.expect(
    machine.state, reference.state,
    "after 1,000 events the \(name) you were given is \(machine.state), not where those "
      + "events take it: Lesson12.tally must hand the events to that machine")
  problems.expect(
    machine.calls, events.count,
    "Lesson12.tally handed the \(name) \(machine.calls) events; there are \(events.count), "
      + "each to be handled once")
  if let storage = heapStorage(in: tally, path: "TurnstileTally") {
    problems.add(
      "\(storage): a tally that keeps its counts there allocates as it grows. Plain Int "
        + "properties live inside the struct itself.")
  }
  return problems.list
}

/// A turnstile that counts the events its `handle` is given.
private struct HandleCounter<Inner: TurnstileMachine>: TurnstileMachine {
  private var inner: Inner
  private(set) var calls = 0

  init(_ inner: Inner) {
    self.inner = inner
  }

  var state: Turnstile.State { inner.state }

  mutating func handle(
    _ event: Turnstile.Event, emit: (Turnstile.Output) -> Void
  ) -> Outcome<Turnstile.State> {
    calls += 1
    return inner.handle(event, emit: emit)
  }
}

/// The first stored property inside `value` (or `value` itself) whose
/// contents live on the heap: a collection or a class instance.
private func heapStorage(in value: Any, path: String) -> String? {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .collection, .dictionary, .set:
    return "\(path) is a \(type(of: value)), which keeps its elements on the heap"
  case .class:
    return "\(path) is an instance of the class \(type(of: value)), on the heap"
  default:
    return mirror.children.lazy.compactMap { child in
      heapStorage(in: child.value, path: path + "." + (child.label ?? "?"))
    }.first
  }
}

// MARK: - 12.2

/// How many of a dozen types `Lesson12.fitsInline` is wrong about, against
/// where the runtime really puts their values: the count, not the types,
/// since each answer is a yes or a no.
private func inlineProblems() -> [String] {
  var system = SecuritySystem.StatePattern(code: "1234")
  system.arm()
  let probes = [
    Probe("Turnstile.State", Turnstile.State.unlocked),
    Probe("an empty struct", Nothing()),
    Probe("SecuritySystem.StatePattern.Armed", system.current),
    Probe("SecuritySystem.Enum", SecuritySystem.Enum.armed(code: "1234", attempts: 2)),
    Probe("TCPConnection.Enum", TCPConnection.Enum.synSent(queue: ["hello"])),
    Probe("[Turnstile.Output] (an array of outputs)", [Turnstile.Output.alarm]),
    Probe("(Int, Int, Int)", (0x1111, 0x2222, 0x3333)),
    Probe("(Int, Int, Int, Int)", (0x1111, 0x2222, 0x3333, 0x4444)),
    Probe("String", "1234"),
    Probe("a struct of three Strings (an Armed that kept its last three codes)", LastCodes()),
    Probe("SIMD2<Float>", SIMD2<Float>(1, 2)),
    Probe("SIMD4<Float>", SIMD4<Float>(1, 2, 3, 4)),
    Probe(
      "Decision<any TurnstileState, Turnstile.Output>",
      Decision<any TurnstileState, Turnstile.Output>.ignore),
  ]
  let wrong = probes.filter { $0.answer != $0.storedInline }.count
  guard wrong > 0 else { return [] }
  // The probed types' names only: where each is stored is the answer.
  let named = probes.map { "\($0.name) (size \($0.size), alignment \($0.alignment))" }
  return [
    "Lesson12.fitsInline is wrong about \(wrong) of the \(probes.count) types the check "
      + "probes; it does not say which. The types, with what MemoryLayout says of each:\n"
      + named.joined(separator: "\n")
  ]
}

/// A type's layout, where the runtime stores it in an `Any`, and what
/// `Lesson12.fitsInline` says.
private struct Probe {
  var name: String
  var size: Int
  var alignment: Int
  var storedInline: Bool
  var answer: Bool

  init<T>(_ name: String, _ value: T) {
    self.name = name
    size = MemoryLayout<T>.size
    alignment = MemoryLayout<T>.alignment
    answer = Lesson12.fitsInline(T.self)
    storedInline = isStoredInline(value)
  }
}

/// No stored properties.
private struct Nothing {}

/// Three codes: more than three words.
private struct LastCodes {
  var first = "1111"
  var second = "2222"
  var third = "3333"
}
