// Reference solutions for Lesson 13. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
//
// The answers are the committed results' (docs/benchmarks/results.json), so
// they change when the benchmarks are published again. Until those results
// have a cost model, the check of 13.1 can only say so, and
// ExerciseChecksTests expects exactly that; the `because`s below are then
// unconfirmed: fill them in from `swift run fsm compare --model` once
// `scripts/benchmark --publish` has written one.

enum Lesson13 {
  /// Which of a cell's two streams costs more per event.
  enum Costlier { case uniform, typical, neither }

  /// What the difference comes from, as the cost model splits it.
  enum Because { case instructions, mispredictions, mallocs }

  /// A prediction for one machine, contender and configuration.
  struct Prediction {
    /// The stream that costs more per event; `.neither` within the noise band.
    var costlier: Costlier
    /// The term of the cost model that makes most of the difference.
    var because: Because
  }

  /// Exercise 13.1: the predictions, one per cell pair the lesson asks
  /// about, by the cell's name without its stream, as `fsm compare` prints
  /// it.
  static let predictions: [String: Prediction] = [
    // 3.5 against 0.9 ns; 11.7 against 12.0 instructions, no mallocs: only
    // the mispredictions are left to differ.
    "own-code/turnstile/enum": Prediction(costlier: .uniform, because: .mispredictions),
    // 61.0 against 57.7 ns, within the band; the same 658.5 instructions
    // and one malloc per event on both streams.
    "turnstile/state-classes": Prediction(costlier: .neither, because: .mispredictions),
    // 11.5 against 5.0 ns; 21.4 against 19.8 instructions, no mallocs.
    "own-code/record-commit/nested-switch": Prediction(
      costlier: .uniform, because: .mispredictions),
    // 71.3 against 21.2 ns; 686 against 211 instructions, 0.45 against
    // 0.007 mallocs: which term is larger is the model's to say.
    "traffic-light/enum": Prediction(costlier: .uniform, because: .instructions),
    // 45.9 against 54.8 ns; 524 against 698 instructions, 0.20 against 0.47
    // mallocs: which term is larger is the model's to say.
    "video-player/state-pattern": Prediction(costlier: .typical, because: .instructions),
    // 32.9 against 45.4 ns; 392 against 651 instructions, 0.02 against 0.12
    // mallocs.
    "own-code/tcp-connection/table": Prediction(costlier: .typical, because: .instructions),
  ]
}

extension Lesson13 {
  /// Exercise 13.2: the turnstile with a repair mode, written as a
  /// state-transition matrix: a row per state, a column per event, in the
  /// order the enums declare them.
  struct RepairableTurnstile {
    /// Where the turnstile is; its `rawValue` is its row.
    enum State: Int, CaseIterable { case locked, unlocked, broken }

    /// What happens to it; its `rawValue` is its column.
    enum Event: Int, CaseIterable { case coin, pass, breakDown, repair }

    /// What it tells the world.
    enum Output: Equatable { case unlock, lock, alarm, thankYou, callTechnician, refund }

    /// The number of columns: one per event.
    static let columns = Event.allCases.count

    /// The next state of each cell, row by row; `nil` where the event is
    /// ignored.
    static let next: [State?] = [
      // coin, pass, breakDown, repair
      .unlocked, .locked, .broken, nil,  // locked
      .unlocked, .locked, .broken, nil,  // unlocked
      .broken, nil, nil, .locked,  // broken
    ]

    /// The outputs of each cell, in the same order.
    static let outputs: [[Output]] = [
      // coin, pass, breakDown, repair
      [.unlock], [.alarm], [.callTechnician], [],  // locked
      [.thankYou], [.lock], [.callTechnician], [],  // unlocked
      [.refund], [], [], [.lock],  // broken
    ]

    /// The current state.
    var state = State.locked

    /// Handles `event` with one lookup in the matrix: emits the cell's
    /// outputs and moves to its state; returns whether the event fired.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Bool {
      let cell = state.rawValue * Self.columns + event.rawValue
      guard let target = Self.next[cell] else { return false }
      Self.outputs[cell].forEach(emit)
      state = target
      return true
    }
  }
}
