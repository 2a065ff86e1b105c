import StateMachines

extension ExerciseCheck {
  /// Lesson 11: measuring dispatch cost.
  static let lesson11 = [
    ExerciseCheck("11.1", "does a rerun agree?") {
      noiseBandProblems()
    }
  ]
}

// MARK: - 11.1

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
