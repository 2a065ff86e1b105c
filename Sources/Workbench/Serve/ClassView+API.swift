import Foundation
import StateMachines

extension ClassView {
  /// `/api/machines/...`.
  func api(_ parts: [String], _ request: ServeRequest) throws(ServeError) -> ServeResponse {
    guard let id = parts.first else {
      try only("GET", request)
      return .json(.array(Machines.all.map(Describing.summary)))
    }
    let machine = try machine(id)
    switch parts.dropFirst().first {
    case nil:
      try only("GET", request)
      return .json(Describing.description(of: machine))
    case "step" where parts.count == 2:
      try only("POST", request)
      let body = try Body.decode(StepBody.self, from: request.body, example: #"{"event": "coin"}"#)
      try Self.checkLength(body.event)
      return try withPlayground(request, machine) { playground, allowance throws(ServeError) in
        try Self.expect(body.after, sentTo: playground)
        let step = try playground.send(
          body.event, allowance: allowance, work: self.allowances.meter(for: request.client))
        return .object([
          ("state", .string(step.to)), ("agree", .bool(step.agree)), ("played", step.json),
          ("handlers", self.sources.handlers(of: step, machine: machine.id)),
          ("teacher", .bool(self.classroom.isTeacher(request.session))),
        ])
      }
    case "replay" where parts.count == 2:
      try only("POST", request)
      let body = try Body.decode(
        ReplayBody.self, from: request.body, example: #"{"events": ["coin", "pass"], "after": 0}"#)
      for event in body.events { try Self.checkLength(event) }
      return try withPlayground(request, machine) { playground, allowance throws(ServeError) in
        try Self.expect(body.after, sentTo: playground)
        try Self.replay(
          body.events, into: playground, allowance: allowance,
          work: self.allowances.meter(for: request.client))
        return playground.traceJSON
      }
    case "copy" where parts.count == 2:
      try only("POST", request)
      return try copyTeachersMachine(machine, request)
    case "trace" where parts.count == 2:
      try only("GET", request)
      return try withPlayground(request, machine, create: false) { playground, _ in
        playground.catchUp()
        // Whether this browser is the teacher's: a teacher's page that no
        // longer is (another browser opened the link, or the key changed)
        // says so.
        return self.pageTrace(of: playground, machine: machine)
          .appending("teacher", .bool(self.classroom.isTeacher(request.session)))
      }
    case "show" where parts.count == 2:
      try only("POST", request)
      let body = try Body.decode(ShowBody.self, from: request.body, example: #"{"step": 3}"#)
      return try withPlayground(request, machine, create: false) {
        playground, _ throws(ServeError) in
        playground.catchUp()
        try playground.show(step: body.step)
        return self.pageTrace(of: playground, machine: machine)
          .appending("teacher", .bool(self.classroom.isTeacher(request.session)))
      }
    case "reset" where parts.count == 2:
      try only("POST", request)
      return try withPlayground(request, machine) { playground, _ in
        playground.reset()
        return playground.traceJSON
      }
    case "clock" where parts.count == 2:
      try only("POST", request)
      let real = try Body.decode(ClockBody.self, from: request.body, example: #"{"real": true}"#)
        .real
      return try withPlayground(request, machine) { playground, _ throws(ServeError) in
        try playground.useRealClock(real)
        return playground.traceJSON
      }
    case "diagram" where parts.count == 2:
      try only("GET", request)
      let fit = try DiagramFit(fit: request.query["fit"], text: request.query["text"])
      let (svg, newSession) = try diagram(
        of: machine, session: request.session, step: request.query["step"], fit: fit)
      var response = ServeResponse(
        status: 200, contentType: "image/svg+xml", body: Array(svg.utf8))
      response.newSession = newSession
      return response
    case "source" where parts.count == 3:
      try only("GET", request)
      let implementation = try implementation(parts[2], of: machine)
      guard let file = sources.file(machine: machine.id, implementation: implementation) else {
        throw ServeError(
          status: 404,
          message: "no source of \(machine.id) as \(implementation) under \(sources.root): "
            + "run fsm serve from the workbench's root")
      }
      return .json(
        .object([
          ("machine", .string(machine.id)), ("style", .string(implementation.description)),
          ("label", .string(implementation.label)), ("path", .string(file.path)),
          ("lines", .array(file.lines.map { .string(SourceHighlighter.html($0)) })),
        ]))
    default:
      throw ServeError(
        status: 404,
        message: "no API at '\(request.path)'; under /api/machines/\(machine.id): "
          + "step (POST), replay (POST), trace, show (POST), reset (POST), clock (POST), "
          + "copy (POST), diagram, source/STYLE")
    }
  }

  /// The trace as the page reads it: the session's state, clock and steps,
  /// the step its page shows (`shown`: the number of the step it went back
  /// to, `null` for the latest) and the lines that handled that step, for
  /// a page that was reloaded, that the real clock moved on, or that
  /// follows the teacher.
  func pageTrace(of playground: any Playground, machine: any CatalogMachine.Type) -> JSONValue {
    let shown = playground.shownStep
    let past = shown.flatMap { $0.number == playground.steps.last?.number ? nil : $0.number }
    let handlers = shown.map { self.sources.handlers(of: $0, machine: machine.id) }
    return playground.traceJSON.appending("shown", past.map(JSONValue.number) ?? .null)
      .appending("handlers", handlers ?? .array([]))
  }

  /// Sends `events` in order to `playground`, all of them within the
  /// `allowance` of event data and paid from `work`; an error names the
  /// event that failed (those before it were sent).
  static func replay(
    _ events: [String], into playground: any Playground, allowance: Int, work: WorkMeter
  ) throws(ServeError) {
    var left = allowance
    for (index, event) in events.enumerated() {
      let before = playground.argumentBytes
      do throws(ServeError) {
        _ = try playground.send(event, allowance: left, work: work)
      } catch {
        var failed = error
        failed.message =
          "event \(index + 1) of the replay, '\(event.printable)' (the \(index) before it "
          + "were sent): \(error.message)"
        throw failed
      }
      left -= playground.argumentBytes - before
    }
  }

  /// A 400 for an event longer than a person types.
  fileprivate static func checkLength(_ event: String) throws(ServeError) {
    guard event.utf8.count <= ServeLimits.eventBytes else {
      throw ServeError(
        status: 400,
        message: "an event is at most \(ServeLimits.eventBytes) bytes, as in send:hello")
    }
  }

  /// A 409 unless `playground` has had `after` events sent (when given):
  /// the page's events are not the server's, because the server restarted
  /// or dropped the session to make room. The page replays its journal.
  fileprivate static func expect(_ after: Int?, sentTo playground: any Playground)
    throws(ServeError)
  {
    guard let after, after != playground.sent else { return }
    throw ServeError(
      status: 409,
      message: "the server has \(playground.sent) events of \(playground.machineID) in this "
        + "session and the page \(after): it restarted or dropped the session; replay the "
        + "page's events (POST /api/machines/\(playground.machineID)/replay) or reset")
  }
}

/// The body of a step: `{"event": "disarm:1234", "after": 3}`.
private struct StepBody: Decodable {
  /// The event, as `fsm run` takes it.
  var event: String
  /// The events the page has sent before this one, if it checks that the
  /// server still has them.
  var after: Int?
}

/// The body of a replay: the events a page journaled, sent again in order
/// to a session that lost them: `{"events": ["coin", "pass"], "after": 0}`.
private struct ReplayBody: Decodable {
  /// The events, oldest first.
  var events: [String]
  /// The events the session must have had before these.
  var after: Int?
}

/// The step a page shows: `{"step": 3}`, or `{"step": null}` for the
/// latest.
private struct ShowBody: Decodable {
  /// The step's number in the trace; `nil` for the latest.
  var step: Int?
}

/// The body of a clock switch: `{"real": true}`.
private struct ClockBody: Decodable {
  var real: Bool
}

/// Reads request bodies.
private enum Body {
  /// `bytes` as JSON of type `T`, or a 400 showing `example`.
  static func decode<T: Decodable>(
    _: T.Type, from bytes: [UInt8], example: String
  ) throws(ServeError) -> T {
    guard bytes.count <= ServeLimits.bodyBytes else {
      throw ServeError(
        status: 413, message: "the body is over \(ServeLimits.bodyBytes / 1024) KB; send \(example)"
      )
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(bytes))
    } catch {
      throw ServeError(status: 400, message: "the body must be JSON such as \(example)")
    }
  }
}
