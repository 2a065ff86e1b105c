import StateMachines

extension ExerciseCheck {
  /// Lesson 8: measuring dispatch cost.
  static let lesson8 = [
    ExerciseCheck("8.1", "a tally that counts without allocating") {
      tallyProblems()
    },
    ExerciseCheck("8.2", "does it fit in the box?") {
      inlineProblems()
    },
    ExerciseCheck("8.3", "a bare next-state table, from the description") {
      // One machine at a time, the security system first.
      let machines: [any Machine.Type] = [
        SecuritySystem.self, Turnstile.self, GumballMachine.self, TCPConnection.self,
        RecordCommit.self,
      ]
      for machine in machines {
        let problems = nextStateProblems(machine)
        if !problems.isEmpty { return problems }
      }
      return tableAgreesWithSecuritySystem()
    },
  ]
}

// MARK: - 8.1

/// The problems of `TurnstileTally` and `Lesson8.tally`.
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
        + "\(direct.count(of: output)); it should be \(expected)")
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

/// The problems of `Lesson8.tally` with 1,000 events through a new `M`.
private func tallyProblems<M: TurnstileMachine>(
  _ events: [Turnstile.Event], _ name: String, _ make: () -> M
) -> [String] {
  var problems = Problems()
  var reference = make()
  let outputs = events.flatMap { reference.outputs(of: $0) }
  var machine = HandleCounter(make())
  let tally = Lesson8.tally(events, through: &machine)
  for output in [Turnstile.Output.unlock, .lock, .alarm, .thankYou] {
    let expected = outputs.filter { $0 == output }.count
    problems.expect(
      tally.count(of: output), expected,
      "after 1,000 events through a \(name), the tally counts \(tally.count(of: output)) "
        + "\(output) outputs; the machine emitted \(expected)")
  }
  problems.expect(
    machine.state, reference.state,
    "after 1,000 events the \(name) you were given is \(machine.state); it should be "
      + "\(reference.state): Lesson8.tally must hand the events to that machine")
  problems.expect(
    machine.calls, events.count,
    "Lesson8.tally handed the \(name) \(machine.calls) events; there are \(events.count), "
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

// MARK: - 8.2

/// The problems of `Lesson8.fitsInline`, against where the runtime really
/// puts values of a dozen types.
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
  return probes.compactMap { probe in
    guard probe.answer != probe.storedInline else { return nil }
    let layout = "size \(probe.size), alignment \(probe.alignment)"
    return probe.storedInline
      ? "\(probe.name) (\(layout)) is stored inside the existential, but "
        + "Lesson8.fitsInline says it is boxed"
      : "\(probe.name) (\(layout)) is stored in a box on the heap, but "
        + "Lesson8.fitsInline says it fits"
  }
}

/// A type's layout, where the runtime stores it in an `Any`, and what
/// `Lesson8.fitsInline` says.
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
    answer = Lesson8.fitsInline(T.self)
    // An inline value's bytes are the first bytes of the existential; a boxed
    // one's place holds a pointer to the box. (The `Any` is in a struct so
    // that `withUnsafeBytes` sees the existential, not the value inside.)
    var container = AnyContainer(value: value)
    storedInline = withUnsafeBytes(of: &container) { existential in
      withUnsafeBytes(of: value) { bytes in bytes.elementsEqual(existential.prefix(bytes.count)) }
    }
  }
}

/// An existential, as bytes.
private struct AnyContainer {
  var value: Any
}

/// No stored properties.
private struct Nothing {}

/// Three codes: more than three words.
private struct LastCodes {
  var first = "1111"
  var second = "2222"
  var third = "3333"
}

// MARK: - 8.3

/// The problems of `Lesson8.nextStateTable` for `machine`: every cell is
/// compared with the table's rules.
private func nextStateProblems<M: Machine>(_ machine: M.Type) -> [String] {
  let description = M.description
  let table = Lesson8.nextStateTable(of: M.self)
  var problems: [String] = []
  for state in description.states {
    guard let row = table[state] else {
      problems.append("\(M.id): nextStateTable(of: \(M.self).self) has no row for \(state)")
      continue
    }
    for event in description.events.map(\.name) {
      let (expected, why) = nextStateCell(description, state, event)
      guard let cell = row[event] else {
        problems.append(
          "\(M.id): the row of \(state) has no column \"\(event)\"; the table goes to \(expected): "
            + why)
        continue
      }
      if cell != expected {
        problems.append(
          "\(M.id): from \(state) on \(event) your table goes to \(cell); it should go to "
            + "\(expected): \(why)")
      }
    }
  }
  guard problems.count > 5 else { return problems }
  return problems.prefix(4) + ["\(M.id): and \(problems.count - 4) more like these"]
}

/// The table's cell for `state` and `event`, and why, in words: the rules
/// that lesson 8 states for exercise 8.3.
private func nextStateCell<State>(
  _ description: MachineDescription<State>, _ state: State, _ event: String
) -> (State, String) {
  var target = state
  var why = "no transition leaves \(state) on \(event), so the table stays in \(state)"
  if let first = description.transitions.first(where: {
    $0.source == state && $0.event == event
  }) {
    target = first.target
    why = "the first transition from \(state) on \(event) goes to \(target)"
    if let label = first.guardLabel { why += " (the table ignores its guard, \"\(label)\")" }
  }
  if description.isTransient(target),
    let completion = description.transitions.first(where: {
      $0.source == target && $0.isCompletion
    })
  {
    why +=
      "; \(target) is transient, so the table follows its first completion transition, "
      + "to \(completion.target)"
    target = completion.target
  }
  return (target, why)
}

/// With the right code, the real security system and the table agree from
/// every state: the table only leaves out the guards.
private func tableAgreesWithSecuritySystem() -> [String] {
  let table = Lesson8.nextStateTable(of: SecuritySystem.self)
  let code = SecuritySystem.Configuration().code
  let ways: [SecuritySystem.State: [SecuritySystem.Event]] = [
    .disarmed: [], .armed: [.arm], .alarm: [.arm, .breach], .silentAlarm: [.panic],
  ]
  var problems: [String] = []
  for (state, path) in ways.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
    for event in SecuritySystem.sampleEvents(for: SecuritySystem.Configuration())
    where (event.argument ?? code) == code {
      var machine = SecuritySystem.Enum(code: code)
      path.forEach { _ = machine.outputs(of: $0) }
      _ = machine.outputs(of: event)
      if table[state]?[event.name] != machine.state {
        problems.append(
          "security-system: from \(state), \(event.name) with the right code takes the machine to "
            + "\(machine.state), but your table goes to "
            + "\(table[state]?[event.name].map { "\($0)" } ?? "nowhere")")
      }
    }
  }
  return problems
}
