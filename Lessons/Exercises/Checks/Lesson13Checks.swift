import Foundation
import StateMachines

extension ExerciseCheck {
  /// Lesson 13: what instructions do not show.
  static let lesson13 = [
    ExerciseCheck("13.1", "which stream costs more, and why") {
      streamCostProblems(Lesson13.predictions)
    },
    ExerciseCheck("13.2", "a matrix of your own") {
      repairableTurnstileProblems()
    },
  ]
}

// MARK: - 13.1: which stream costs more, and why

/// The cell pairs the lesson asks about, by their names without the stream,
/// as `fsm compare` prints them.
let streamCostKeys = [
  "own-code/turnstile/enum", "turnstile/state-classes", "own-code/record-commit/enum",
  "traffic-light/table", "tcp-connection/state-classes", "own-code/ticket-workflow/enum",
]

/// How far a predicted difference may be from the model's: 5% of it, or
/// 0.05 ns for the smallest, as the figures `fsm compare` prints round it.
func isCloseEnough(_ difference: Double, to truth: Double) -> Bool {
  abs(difference - truth) <= max(0.05 * abs(truth), 0.05)
}

/// The problem of results written before the benchmarks fitted a cost
/// model: without one there is no saying what a difference comes from.
let noCostModelProblem =
  "the committed results have no cost model yet: run scripts/benchmark --publish"

/// The committed results, as much of them as exercise 13.1 reads: the cells
/// and the cost model of each configuration.
struct StreamCostResults: Decodable {
  /// One machine, stream, contender and configuration.
  struct Cell: Decodable {
    /// The machine's id, as in `turnstile`.
    var machine: String
    /// `uniform` or `typical`.
    var stream: String
    /// The implementation's id, as in `enum`.
    var contender: String
    /// `package` or `own-code`; results older than the configurations have
    /// none, and are the package's.
    var configuration: String?
    /// The time per event.
    var nsPerEvent: Double
    /// The instructions per event valgrind counted, if it did.
    var instructionsPerEvent: Double?
    /// The mispredictions per event of valgrind's model predictor, if any.
    var mispredictionsPerEvent: Double?
    /// The mallocs per event.
    var mallocsPerEvent: Double

    /// Its name without the stream, as `fsm compare` prints it:
    /// `turnstile/enum`, or `own-code/turnstile/enum`.
    var pairName: String {
      let prefix = (configuration ?? "package") == "package" ? "" : "\(configuration ?? "")/"
      return "\(prefix)\(machine)/\(contender)"
    }
  }

  /// The cost model of one configuration, as much as the check reads.
  struct Model: Decodable {
    /// `package` or `own-code`.
    var configuration: String
    /// The ns per unit of each term, by its key (`nsPerInstruction`, ...).
    var coefficients: [String: Double]
  }

  /// Every cell.
  var cells: [Cell]
  /// The cost model of each configuration; `nil` in results written before
  /// there was one.
  var costModel: [Model]?
}

/// What is wrong with `predictions`, judged by the committed results,
/// `docs/benchmarks/results.json`. The file is found from this source
/// file's own path, since the lessons' tests run the checks from a scratch
/// folder, not from the checkout.
func streamCostProblems(_ predictions: [String: Lesson13.Prediction]) -> [String] {
  let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Checks
    .deletingLastPathComponent()  // Exercises
    .deletingLastPathComponent()  // Lessons
    .deletingLastPathComponent()
  let results: StreamCostResults
  do {
    let data = try Data(contentsOf: root.appending(path: "docs/benchmarks/results.json"))
    results = try JSONDecoder().decode(StreamCostResults.self, from: data)
  } catch {
    return ["the check cannot read docs/benchmarks/results.json: \(error)"]
  }
  return streamCostProblems(predictions, in: results)
}

/// What is wrong with `predictions`, judged by `results`: how many of
/// them are not right yet, never which, and not which of their three
/// answers: each of the first two is one of three, and naming it would
/// give it away; the third, a number worked out from the model, cannot be
/// found by trying. A missing or extra key is named: that is the
/// exercise's list, not an answer.
func streamCostProblems(
  _ predictions: [String: Lesson13.Prediction], in results: StreamCostResults
) -> [String] {
  guard results.costModel != nil else { return [noCostModelProblem] }
  var problems: [String] = []
  for key in streamCostKeys where predictions[key] == nil {
    problems.append(
      "Lesson13.predictions has no prediction for \(key), which the lesson asks about")
  }
  for key in predictions.keys.sorted() where !streamCostKeys.contains(key) {
    problems.append("Lesson13.predictions has \(key), which the lesson does not ask about")
  }
  guard problems.isEmpty else { return problems }

  let reference: [String: Lesson13.Prediction]
  switch streamCostTruths(in: results) {
  case .success(let truths): reference = truths
  case .failure(let failure): return failure.problems
  }
  let wrong = streamCostKeys.filter { key in
    guard let prediction = predictions[key], let truth = reference[key] else { return true }
    return prediction.costlier != truth.costlier || prediction.because != truth.because
      || !isCloseEnough(prediction.difference, to: truth.difference)
  }
  guard !wrong.isEmpty else { return [] }
  return [
    "\(wrong.count) of your \(streamCostKeys.count) predictions "
      + "\(wrong.count == 1 ? "is" : "are") not right yet: each needs the stream that costs "
      + "more, the term that makes most of the difference, and the model's difference "
      + "(within 5% or 0.05 ns)",
    "work them out from the committed results: swift run fsm compare MACHINE --brief "
      + "--results docs/benchmarks/results.json for the times, instructions, mispredictions "
      + "and mallocs, and swift run fsm compare --model --results "
      + "docs/benchmarks/results.json for the cost model's coefficients",
  ]
}

/// Why the results cannot judge the predictions: what is missing from
/// them, in the words of the check's problems.
struct StreamCostFailure: Error {
  /// What is missing, one line each.
  var problems: [String]
}

/// The true answer for each of `streamCostKeys` in `results`.
///
/// `costlier` is the stream whose time per event is higher, when the two
/// differ by more than the noise band (15% of the smaller time, or 0.5 ns
/// if that is more); `.neither` otherwise. `because` is the term of the
/// difference the configuration's cost model predicts between the streams
/// that is largest in size:
///
///     instructions    a · (I_uniform − I_typical)
///     mispredictions  b · M_uniform − b′ · M_typical
///     mallocs         c · (A_uniform − A_typical)
///
/// The cost per event, the same on both streams, cancels. On a tie the
/// first of these wins. `difference` is the three terms' sum.
func streamCostTruths(in results: StreamCostResults)
  -> Result<[String: Lesson13.Prediction], StreamCostFailure>
{
  let models = results.costModel ?? []
  var truths: [String: Lesson13.Prediction] = [:]
  var missing: [String] = []
  for key in streamCostKeys {
    let cells = results.cells.filter { $0.pairName == key }
    guard let uniform = cells.first(where: { $0.stream == "uniform" }),
      let typical = cells.first(where: { $0.stream == "typical" })
    else {
      missing.append(
        "docs/benchmarks/results.json has no uniform and typical cells for \(key): "
          + "run scripts/benchmark --publish")
      continue
    }
    let configuration = uniform.configuration ?? "package"
    guard let model = models.first(where: { $0.configuration == configuration }) else {
      missing.append(
        "docs/benchmarks/results.json has no cost model of the \(configuration) "
          + "configuration: run scripts/benchmark --publish")
      continue
    }
    let coefficients = model.coefficients
    guard let a = coefficients["nsPerInstruction"],
      let b = coefficients["nsPerMispredictionUniform"],
      let bPrime = coefficients["nsPerMispredictionTypical"],
      let c = coefficients["nsPerMalloc"],
      let instructionsUniform = uniform.instructionsPerEvent,
      let instructionsTypical = typical.instructionsPerEvent,
      let mispredictionsUniform = uniform.mispredictionsPerEvent,
      let mispredictionsTypical = typical.mispredictionsPerEvent
    else {
      missing.append(
        "docs/benchmarks/results.json lacks a coefficient of the \(configuration) cost model, "
          + "or the instructions or mispredictions of \(key): run scripts/benchmark --publish")
      continue
    }
    let smaller = min(uniform.nsPerEvent, typical.nsPerEvent)
    let band = max(0.15 * smaller, 0.5)
    let costlier: Lesson13.Costlier =
      abs(uniform.nsPerEvent - typical.nsPerEvent) <= band
      ? .neither : uniform.nsPerEvent > typical.nsPerEvent ? .uniform : .typical
    let differences: [(Lesson13.Because, Double)] = [
      (.instructions, a * (instructionsUniform - instructionsTypical)),
      (.mispredictions, b * mispredictionsUniform - bPrime * mispredictionsTypical),
      (.mallocs, c * (uniform.mallocsPerEvent - typical.mallocsPerEvent)),
    ]
    // `max(by:)` keeps the first of equal elements: the order above breaks ties.
    let largest = differences.max { abs($0.1) < abs($1.1) }
    truths[key] = Lesson13.Prediction(
      costlier: costlier, because: largest?.0 ?? .instructions,
      difference: differences.reduce(0) { $0 + $1.1 })
  }
  return missing.isEmpty ? .success(truths) : .failure(StreamCostFailure(problems: missing))
}

// MARK: - 13.2: a matrix of your own

/// What the lesson's table says the repairable turnstile does with `event`
/// in `state`: the next state (`nil`: ignored) and the outputs. Written as
/// a `switch`, the other way, so that the check does not share the
/// student's mistakes.
private func repairableTurnstileRule(
  _ state: Lesson13.RepairableTurnstile.State, _ event: Lesson13.RepairableTurnstile.Event
) -> (next: Lesson13.RepairableTurnstile.State?, outputs: [Lesson13.RepairableTurnstile.Output]) {
  switch (state, event) {
  case (.locked, .coin): (.unlocked, [.unlock])
  case (.locked, .pass): (.locked, [.alarm])
  case (.unlocked, .coin): (.unlocked, [.thankYou])
  case (.unlocked, .pass): (.locked, [.lock])
  case (.locked, .breakDown), (.unlocked, .breakDown): (.broken, [.callTechnician])
  case (.broken, .coin): (.broken, [.refund])
  case (.broken, .repair): (.locked, [.lock])
  case (.locked, .repair), (.unlocked, .repair), (.broken, .pass), (.broken, .breakDown):
    (nil, [])
  }
}

/// The problems of `Lesson13.RepairableTurnstile`: the matrix's size, then
/// every cell handled from its state, then a seeded run of 1,000 events.
func repairableTurnstileProblems() -> [String] {
  typealias Turnstile = Lesson13.RepairableTurnstile
  let cells = Turnstile.State.allCases.count * Turnstile.Event.allCases.count
  var problems = Problems()
  problems.expect(
    Turnstile.next.count, cells,
    "next has \(Turnstile.next.count) cells; the matrix has 3 states × 4 events = \(cells)")
  problems.expect(
    Turnstile.outputs.count, cells,
    "outputs has \(Turnstile.outputs.count) cells; the matrix has 3 states × 4 events = \(cells)")
  guard problems.list.isEmpty else { return problems.list }
  var wrong: [String] = []
  for state in Turnstile.State.allCases {
    for event in Turnstile.Event.allCases {
      var machine = Turnstile()
      machine.state = state
      var emitted: [Turnstile.Output] = []
      let fired = machine.handle(event) { emitted.append($0) }
      let rule = repairableTurnstileRule(state, event)
      let cell = state.rawValue * Turnstile.columns + event.rawValue
      let stored = Turnstile.next[cell] == rule.next && Turnstile.outputs[cell] == rule.outputs
      let right =
        fired == (rule.next != nil) && machine.state == (rule.next ?? state)
        && emitted == rule.outputs && stored
      if !right {
        let did =
          (fired ? "fired, going to \(machine.state)" : "was ignored, staying \(machine.state)")
          + (emitted.isEmpty ? "" : " with \(emitted)")
        wrong.append(
          "in \(state), \(event): " + (stored ? "" : "the matrix's cell is not the table's; ")
            + "handle \(did) and returned \(fired), which is not what the table says")
      }
    }
  }
  if !wrong.isEmpty {
    problems.add(
      "\(wrong.count) of \(cells) cells do not do what the lesson's table says:\n"
        + wrong.joined(separator: "\n"))
    return problems.list
  }
  var generator = SeededGenerator(seed: 13)
  var machine = Turnstile()
  var state = Turnstile.State.locked
  for index in 0..<1_000 {
    let event = Turnstile.Event.allCases.randomElement(using: &generator) ?? .coin
    var emitted: [Turnstile.Output] = []
    _ = machine.handle(event) { emitted.append($0) }
    let rule = repairableTurnstileRule(state, event)
    state = rule.next ?? state
    guard machine.state == state, emitted == rule.outputs else {
      problems.add(
        "a run of random events goes wrong at event \(index + 1) (\(event)): handle must "
          + "read only the current state's row, and keep the state it moves to")
      break
    }
  }
  return problems.list
}
