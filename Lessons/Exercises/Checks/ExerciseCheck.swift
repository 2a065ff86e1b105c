// The checks of the exercises. This folder is plain Swift (no test library),
// so the lessons' tests can also compile it with the reference solutions and
// with the starting points, to prove that each check passes on the first and
// fails on the second.
//
// A problem says where the student's answer goes wrong and which rule it
// breaks, never what the answer should be: no expected value, no reference
// trace, no code. By convention a check names what it compares against
// `expected...`, `wanted...` or `reference...`, and ExerciseChecksTests fails
// when a message interpolates such a name.
import StateMachines

/// The check of one exercise: runs the student's code and lists what is
/// still wrong.
struct ExerciseCheck: Sendable {
  /// As in the lesson: `1.2` is lesson 1's second exercise.
  let id: String
  /// What the exercise asks for.
  let title: String
  /// What is still wrong; empty when the exercise is solved.
  let problems: @Sendable () -> [String]

  init(_ id: String, _ title: String, problems: @escaping @Sendable () -> [String]) {
    self.id = id
    self.title = title
    self.problems = problems
  }

  /// A nudge, shown only to a student who asks (`--hint`): the lesson's own
  /// folded hint, word for word (ExerciseHints.swift, generated from the
  /// lessons). The problems say what is wrong, never the answer.
  var hint: String? { Self.hints[id] }

  /// Every exercise of every lesson, in order.
  static let all: [ExerciseCheck] =
    lesson1 + lesson2 + lesson3 + lesson4 + lesson5 + lesson6 + lesson7 + lesson8 + lesson9
    + lesson10 + lesson11 + lesson12 + lesson13 + lesson14 + lesson15 + lesson16

  /// The check of exercise `id`.
  static func named(_ id: String) -> ExerciseCheck? {
    all.first { $0.id == id }
  }
}

/// Collects what is wrong, in words a student can act on.
struct Problems {
  private(set) var list: [String] = []

  /// Notes a problem.
  mutating func add(_ problem: String) {
    list.append(problem)
  }

  /// Notes `problem` unless `actual == expected`.
  mutating func expect<T: Equatable>(
    _ actual: T, _ expected: T, _ problem: @autoclosure () -> String
  ) {
    if actual != expected { list.append(problem()) }
  }
}

/// How a trace reads in a message: `locked --coin / unlock--> unlocked`, one step a line.
func describe<S, E, O>(_ trace: [TraceStep<S, E, O>]) -> String {
  if trace.isEmpty { return "(no steps)" }
  return trace.map(describe(step:)).joined(separator: "; ")
}

/// How one step reads in a message: `locked --coin / unlock--> unlocked`.
func describe<S, E, O>(step: TraceStep<S, E, O>) -> String {
  let outputs = step.outputs.map { "\($0)" }.joined(separator: ", ")
  let label = outputs.isEmpty ? "\(step.event)" : "\(step.event) / \(outputs)"
  return "\(step.from) --\(label)--> \(step.to)\(step.fired ? "" : " (ignored)")"
}

/// Where the student's steps first part from the model's (the check's
/// reference), in words that show the student's step and never the
/// model's, which would be the answer: `its step 3, unlocked --pass /
/// alarm--> locked, is not what lesson 1's table says (the steps before it
/// are right)`. `nil` when they agree; `rule` names what the model follows.
func firstDifference<Step: Equatable>(
  _ yours: [Step], from model: [Step], rule: String, describe: (Step) -> String
) -> String? {
  guard
    let index = yours.indices.first(where: { $0 >= model.count || yours[$0] != model[$0] })
  else {
    return yours.count == model.count
      ? nil : "it has \(yours.count) steps for \(model.count) events"
  }
  let before = index == 0 ? "it is the first step" : "the steps before it are right"
  return "its step \(index + 1), \(describe(yours[index])), is not what \(rule) says (\(before))"
}

/// Every sequence of turnstile events up to `length` long, shortest first.
func turnstileRuns(upTo length: Int) -> [[Turnstile.Event]] {
  var runs: [[Turnstile.Event]] = [[]]
  var frontier: [[Turnstile.Event]] = [[]]
  for _ in 0..<length {
    frontier = frontier.flatMap { run in Turnstile.Event.allCases.map { run + [$0] } }
    runs += frontier
  }
  return runs
}
