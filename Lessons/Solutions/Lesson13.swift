// Reference solutions for Lesson 13. The lessons' tests compile them with the
// checks to prove every check can pass; do not look before you try!
//
// The answers of 13.1 are the committed results' (docs/benchmarks/results.json,
// with its cost model), so they can change when the benchmarks are published
// again; ExerciseChecksTests then says which no longer holds.

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
    /// The difference between the streams the cost model predicts, uniform
    /// minus typical, in ns per event.
    var difference: Double
  }

  /// Exercise 13.1: the predictions, from `fsm compare MACHINE --brief` and
  /// `fsm compare --model` on the committed results.
  static let predictions: [String: Prediction] = [
    // The same instructions on both streams, no mallocs: only the
    // mispredictions differ, one for every other event on the uniform stream.
    "own-code/turnstile/enum": Prediction(
      costlier: .uniform, because: .mispredictions, difference: 1.95),
    // Within the band; the same instructions and mallocs on both streams, so
    // what differs is the mispredictions, small beside the time.
    "turnstile/state-classes": Prediction(
      costlier: .neither, because: .mispredictions, difference: 3.25),
    // About the same instructions; the switch's jumps on unpredictable events.
    "own-code/record-commit/enum": Prediction(
      costlier: .uniform, because: .mispredictions, difference: 4.46),
    // The uniform stream's long waits pass through several colours: far
    // more instructions, and the mallocs of `via`.
    "traffic-light/table": Prediction(
      costlier: .uniform, because: .instructions, difference: 123.41),
    // The typical stream sends data, whose strings and queue take
    // instructions, and allocates.
    "tcp-connection/state-classes": Prediction(
      costlier: .typical, because: .instructions, difference: -49.16),
    // Most random moves are refused, and a refusal is found by hashing.
    "own-code/ticket-workflow/enum": Prediction(
      costlier: .uniform, because: .instructions, difference: 47.48),
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
