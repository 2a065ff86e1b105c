import StateMachines

extension ExerciseCheck {
  /// Lesson 11: measuring dispatch cost.
  static let lesson11 = [
    ExerciseCheck("11.1", "does a rerun agree?") {
      noiseBandProblems()
    },
    ExerciseCheck("11.2", "is the loop measuring work?") {
      linearityProblems()
    },
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

/// How many of the cases `Lesson11.agrees` gets wrong: the count, not the
/// cases, since each answer is a yes or a no and a named case would give
/// its answer away.
private func noiseBandProblems() -> [String] {
  let wrong = bandCases.filter { Lesson11.agrees(committed: $0.committed, now: $0.now) != $0.agree }
  guard !wrong.isEmpty else { return [] }
  return [
    "Lesson11.agrees is wrong on \(wrong.count) of the \(bandCases.count) pairs of times the "
      + "check tries; it does not say which: reread the noise band's rule (the band's size, "
      + "which time it is measured from, and a time that is not a number)"
  ]
}

// MARK: - 11.2

/// The cases the check tries: events and time per iteration, the same with
/// more events, and whether the loop measured work.
private let linearityCases:
  [(events: Int, time: Double, moreEvents: Int, moreTime: Double, linear: Bool)] = [
    (1_000, 3.0, 2_000, 6.0, true), (1_000, 3.0, 2_000, 3.1, false),
    (1_000, 3.0, 2_000, 7.1, true), (1_000, 3.0, 2_000, 7.3, false),
    (1_000, 3.0, 2_000, 4.9, true), (1_000, 3.0, 2_000, 4.7, false),
    (1_000, 3.0, 4_000, 12.5, true), (1_000, 3.0, 4_000, 6.0, false),
    (1_000, 300.0, 2_000, 610.0, true), (1_000, 0.002, 2_000, 0.0041, true),
    (1_000, 3.0, 1_000, 3.2, true), (0, 0.0, 2_000, 6.0, false),
    (1_000, 3.0, 2_000, .nan, false), (1_000, 0.0, 2_000, 0.0, false),
    (1_000, -3.0, 2_000, -6.0, false), (1_000, 3.0, 2_000, .infinity, false),
  ]

/// How many of the cases `Lesson11.measuresWork` gets wrong: the count, not
/// the cases, since each answer is a yes or a no.
private func linearityProblems() -> [String] {
  let wrong = linearityCases.filter { sample in
    Lesson11.measuresWork(
      events: sample.events, time: sample.time, moreEvents: sample.moreEvents,
      moreTime: sample.moreTime) != sample.linear
  }
  guard !wrong.isEmpty else { return [] }
  return [
    "Lesson11.measuresWork is wrong on \(wrong.count) of the \(linearityCases.count) pairs of "
      + "measurements the check tries; it does not say which: reread the linearity line (two "
      + "ratios, its tolerance, and counts or times that are not positive numbers)"
  ]
}
