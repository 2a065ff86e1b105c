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
    + lesson10 + lesson11 + lesson12 + lesson13 + lesson14 + lesson15 + lesson16 + lesson17

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
  stepText(
    from: "\(step.from)", event: "\(step.event)", to: "\(step.to)", fired: step.fired,
    outputs: step.outputs.map { "\($0)" })
}

/// One step written out from its parts' names, as `describe(step:)` writes a
/// traced one: for the checks' plain models, which trace names, not types.
func stepText(from: String, event: String, to: String, fired: Bool, outputs: [String]) -> String {
  let label = outputs.isEmpty ? event : "\(event) / \(outputs.joined(separator: ", "))"
  return "\(from) --\(label)--> \(to)\(fired ? "" : " (ignored)")"
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

/// Every list of `events` up to `length` long, shortest first.
func runs<Event>(of events: [Event], upTo length: Int) -> [[Event]] {
  var runs: [[Event]] = [[]]
  var frontier: [[Event]] = [[]]
  for _ in 0..<length {
    frontier = frontier.flatMap { run in events.map { run + [$0] } }
    runs += frontier
  }
  return runs
}

/// The name of the type that writes `style` in an exercise's machine, as
/// `Revision6.NestedSwitch` or `Hero.Table`.
func typeName(of style: Style) -> String { style.fileSuffix }

/// Whether the runtime keeps `value` inside an existential's inline buffer
/// (three words) rather than in a box on the heap: read from where the
/// value's bytes land, not worked out from its size.
func isStoredInline<T>(_ value: T) -> Bool {
  // An inline value's bytes are the first bytes of the existential; a boxed
  // one's place holds a pointer to the box. (The `Any` is in a struct so
  // that `withUnsafeBytes` sees the existential, not the value inside.)
  var container = AnyContainer(value: value)
  return withUnsafeBytes(of: &container) { existential in
    withUnsafeBytes(of: value) { bytes in bytes.elementsEqual(existential.prefix(bytes.count)) }
  }
}

/// An existential, as bytes.
private struct AnyContainer {
  var value: Any
}

/// How a check that judges answers together says how many are wrong, never
/// which: "1 of your 5 answers is not right yet".
func notRightYet(_ wrong: Int, of total: Int, _ answers: String) -> String {
  "\(wrong) of your \(total) \(answers) \(wrong == 1 ? "is" : "are") not right yet"
}
