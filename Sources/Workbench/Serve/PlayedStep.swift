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

  /// Each style's step as a line of `fsm run --json`, in `Style.allCases` order.
  var lines: [(style: Style, json: String)]

  /// The styles whose step differs from the reference style's.
  var disagreeing: [Style]

  /// Whether every style took the same step.
  var agree: Bool { disagreeing.isEmpty }

  /// The step as the API answers it: the reference style's line, the
  /// verdict, and each style's line.
  var json: JSONValue { json(everyStyle: true) }

  /// The step as the trace lists it: each style's line only where they
  /// disagree, which keeps the page's polls of a long trace small.
  var traceJSON: JSONValue { json(everyStyle: !agree) }

  /// The step, with each style's line when `everyStyle`.
  private func json(everyStyle: Bool) -> JSONValue {
    let reference = lines.first { $0.style == referenceStyle }?.json ?? "null"
    let styles = lines.map { style, line in
      JSONValue.object([
        ("style", .string(style.rawValue)), ("step", .raw(line)),
        ("agrees", .bool(!disagreeing.contains(style))),
      ])
    }
    var members: [(String, JSONValue)] = [
      ("number", .number(number)), ("step", .raw(reference)), ("agree", .bool(agree)),
    ]
    if everyStyle { members.append(("styles", .array(styles))) }
    return .object(members)
  }
}
