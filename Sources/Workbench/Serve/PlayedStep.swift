import StateMachines

/// One event as every style handled it: what the class view shows of a step.
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

  /// The machine steps the event took in all styles together: one for
  /// each style's handling and one for each state passed through, as
  /// `WorkAllowances` counts them.
  var cost = 0

  /// The styles that took the step, in `Style.allCases` order: the
  /// machine's, one list shared by every step of a playground.
  var styles: [Style]

  /// What each style's step did and started from, in the order of
  /// `styles`: what the code marks are read from.
  var facts: [StepFacts] = []

  /// The step of each style that differs from the reference style's, as a
  /// line of `fsm run --json`, in the order of `styles`.
  var disagreeing: [(style: Style, json: String)]

  /// Every style's step from its lines, keeping the reference line once:
  /// a line that agrees with it is the same text, so a long trace of a
  /// machine whose styles agree holds one line per step, not five.
  init(
    number: Int, event: String, from: String, to: String, styles: [Style],
    lines: [(style: Style, json: String)]
  ) {
    self.number = number
    self.styles = styles
    self.event = event
    self.from = from
    self.to = to
    let reference = lines.first { $0.style == referenceStyle }?.json ?? "null"
    self.reference = reference
    self.disagreeing = lines.filter { $0.json != reference }
  }

  /// Whether every style took the same step.
  var agree: Bool { disagreeing.isEmpty }

  /// `style`'s step as a line of `fsm run --json`.
  func line(of style: Style) -> String {
    disagreeing.first { $0.style == style }?.json ?? reference
  }

  /// The step as the API answers it: the reference style's line, the
  /// verdict, and each style's line.
  var json: JSONValue { json(everyStyle: true) }

  /// The step as the trace lists it: each style's line only where they
  /// disagree, which keeps the page's polls of a long trace small.
  var traceJSON: JSONValue { json(everyStyle: !agree) }

  /// The step, with each style's line when `everyStyle`.
  private func json(everyStyle: Bool) -> JSONValue {
    let styles = styles.map { style in
      JSONValue.object([
        ("style", .string(style.rawValue)), ("step", .raw(line(of: style))),
        ("agrees", .bool(!disagreeing.contains { $0.style == style })),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("number", .number(number)), ("step", .raw(reference)), ("agree", .bool(agree)),
    ]
    if everyStyle { members.append(("styles", .array(styles))) }
    return .object(members)
  }
}
