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
  }

  /// Exercise 13.1: the predictions, one per cell pair the lesson asks
  /// about, by the cell's name without its stream, as `fsm compare` prints
  /// it.
  static let predictions: [String: Prediction] = [
    // The same instructions on both streams, no mallocs: only the
    // mispredictions differ, one for every other event on the uniform stream.
    "own-code/turnstile/enum": Prediction(costlier: .uniform, because: .mispredictions),
    // Within the band; the same instructions and mallocs on both streams, so
    // what differs is the mispredictions, small beside the time.
    "turnstile/state-classes": Prediction(costlier: .neither, because: .mispredictions),
    // Two jumps on unpredictable events; about the same instructions.
    "own-code/record-commit/nested-switch": Prediction(
      costlier: .uniform, because: .mispredictions),
    // The uniform stream's long waits pass through several colours: far
    // more instructions, and the mallocs of `via`.
    "traffic-light/enum": Prediction(costlier: .uniform, because: .instructions),
    // The typical stream plays and seeks more, which runs more instructions.
    "video-player/state-pattern": Prediction(costlier: .typical, because: .instructions),
    // The typical stream sends data, whose strings and queue take
    // instructions.
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
