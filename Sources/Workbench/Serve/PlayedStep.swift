import StateMachines

/// One event as every implementation handled it: what the class view shows
/// of a step.
struct PlayedStep: Sendable {
  /// The number of the event in the session, from 1, counting steps no
  /// longer kept.
  var number: Int

  /// The event's name, as in `disarm`, for finding the code that handled it.
  var event: String

  /// The state the reference style was in before the event.
  var from: String

  /// The state it went to.
  var to: String

  /// The reference style's step as a line of `fsm run --json`.
  var reference: String

  /// The machine steps the event took in all implementations together:
  /// one for each one's handling and one for each state passed through, as
  /// `WorkAllowances` counts them.
  var cost = 0

  /// The implementations that took the step, in the class view's order
  /// (`Machine.panes`): the machine's, one list shared by every step of a
  /// playground.
  var implementations: [Implementation]

  /// What each implementation's step did and started from, in the order
  /// of `implementations`: what the code marks are read from.
  var facts: [StepFacts] = []

  /// The step of each implementation that differs from the reference
  /// style's, as a line of `fsm run --json`, in the order of
  /// `implementations`.
  var disagreeing: [(implementation: Implementation, json: String)]

  /// Every implementation's step from its lines, keeping the reference
  /// line once: a line that agrees with it is the same text, so a long
  /// trace of a machine whose implementations agree holds one line per
  /// step, not one per implementation.
  init(
    number: Int, event: String, from: String, to: String, implementations: [Implementation],
    lines: [(implementation: Implementation, json: String)]
  ) {
    self.number = number
    self.implementations = implementations
    self.event = event
    self.from = from
    self.to = to
    let reference =
      lines.first { $0.implementation == Implementation(referenceStyle) }?.json ?? "null"
    self.reference = reference
    self.disagreeing = lines.filter { $0.json != reference }
  }

  /// Whether every implementation took the same step.
  var agree: Bool { disagreeing.isEmpty }

  /// `implementation`'s step as a line of `fsm run --json`.
  func line(of implementation: Implementation) -> String {
    disagreeing.first { $0.implementation == implementation }?.json ?? reference
  }

  /// The step as the API answers it: the reference style's line, the
  /// verdict, and each implementation's line.
  var json: JSONValue { json(everyImplementation: true) }

  /// The step as the trace lists it: each implementation's line only where
  /// they disagree, which keeps the page's polls of a long trace small.
  var traceJSON: JSONValue { json(everyImplementation: !agree) }

  /// The step, with each implementation's line when `everyImplementation`,
  /// under `styles` and by its id (`table-matrix`) as `style`: a style as
  /// written keeps its own id there, so clients written for the styles
  /// alone read on.
  private func json(everyImplementation: Bool) -> JSONValue {
    let styles = implementations.map { implementation in
      JSONValue.object([
        ("style", .string(implementation.description)),
        ("step", .raw(line(of: implementation))),
        ("agrees", .bool(!disagreeing.contains { $0.implementation == implementation })),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("number", .number(number)), ("step", .raw(reference)), ("agree", .bool(agree)),
    ]
    if everyImplementation { members.append(("styles", .array(styles))) }
    return .object(members)
  }
}
