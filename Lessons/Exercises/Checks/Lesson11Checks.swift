import StateMachines

extension ExerciseCheck {
  /// Lesson 11: measuring dispatch cost.
  static let lesson11 = [
    ExerciseCheck("11.1", "does it fit in the box?") {
      inlineProblems()
    },
    ExerciseCheck("11.2", "does a rerun agree?") {
      noiseBandProblems()
    },
  ]
}

// MARK: - 11.1

/// The problems of `Lesson11.fitsInline`, against where the runtime really
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
        + "Lesson11.fitsInline says it is boxed"
      : "\(probe.name) (\(layout)) is stored in a box on the heap, but "
        + "Lesson11.fitsInline says it fits"
  }
}

/// A type's layout, where the runtime stores it in an `Any`, and what
/// `Lesson11.fitsInline` says.
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
    answer = Lesson11.fitsInline(T.self)
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

// MARK: - 11.2

/// The cases the check tries: committed time, rerun's time, and whether they agree.
private let bandCases: [(committed: Double, now: Double, agree: Bool)] = [
  (20, 20, true), (20, 22.9, true), (20, 17.1, true), (20, 23.1, false), (20, 16.9, false),
  (100, 115, true), (100, 84.9, false), (1.4, 1.85, true), (1.4, 0.95, true),
  (1.4, 1.95, false), (1.4, 0.85, false), (3, 3.5, true), (3, 3.6, false),
  (20, .nan, false), (.infinity, 20, false),
]

/// The cases `Lesson11.agrees` gets wrong: the pair of times, not the rule.
private func noiseBandProblems() -> [String] {
  let wrong = bandCases.filter { Lesson11.agrees(committed: $0.committed, now: $0.now) != $0.agree }
  return wrong.prefix(3).map { sample in
    "Lesson11.agrees(committed: \(sample.committed), now: \(sample.now)) is "
      + "\(!sample.agree): that is not what the noise band says"
  } + (wrong.count > 3 ? ["and \(wrong.count - 3) more cases like these"] : [])
}
