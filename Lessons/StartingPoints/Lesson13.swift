// Lesson 13's exercises: replace each TODO with your answer, then check it with
//   swift run exercises 13
// (see Lessons/13-what-instructions-do-not-show.md, "Exercises").

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

  /// Exercise 13.1: your predictions, one per cell pair the lesson asks
  /// about, by the cell's name without its stream, as `fsm compare` prints
  /// it. Every value below is the same placeholder, not a hint: replace
  /// each with your answer.
  static let predictions: [String: Prediction] = [
    "own-code/turnstile/enum": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
    "turnstile/state-classes": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
    "own-code/record-commit/enum": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
    "traffic-light/table": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
    "tcp-connection/state-classes": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
    "own-code/ticket-workflow/enum": Prediction(
      costlier: .neither, because: .instructions, difference: 0),  // TODO
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
    static let next: [State?] = []  // TODO: the 12 cells of the lesson's table

    /// The outputs of each cell, in the same order.
    static let outputs: [[Output]] = []  // TODO: the 12 cells of the lesson's table

    /// The current state.
    var state = State.locked

    /// Handles `event` with one lookup in the matrix: emits the cell's
    /// outputs and moves to its state; returns whether the event fired.
    mutating func handle(_ event: Event, emit: (Output) -> Void) -> Bool {
      // TODO: the cell of (state, event), then its outputs and next state
      false
    }
  }
}
