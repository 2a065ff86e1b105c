import Diagrams
import Foundation
import StateMachines

/// The class view: every page and API answer of `fsm serve`, as a function
/// from request to response, so that tests drive it without a socket.
///
/// Pages: `/`, `/machines/ID`, `/costs`, `/lessons`, `/lessons/N`. API under
/// `/api/machines` (list, describe, step, trace, diagram, source, reset,
/// clock). Every error is JSON with a message naming the valid choices.
final class ClassView: Sendable {
  /// The browser sessions and their machines.
  let sessions: SessionStore

  /// The diagrams, rendered once.
  let renderer = DiagramRenderer()

  /// The machines' sources.
  let sources: SourceLibrary

  /// The repository root, from which the results and lessons are read.
  let root: String

  /// A class view of the workbench checked out at `root`; with `realTime`,
  /// the timed machines start on the real clock.
  init(root: String = ".", realTime: Bool = false) {
    self.root = root
    sessions = SessionStore(realTime: realTime)
    sources = SourceLibrary(root: OutputPath.join(root, Comparison.defaultSourcesRoot))
  }

  /// The answer to `request`: never a crash, a 4xx JSON error for bad input.
  func respond(to request: ServeRequest) -> ServeResponse {
    do {
      return try route(request)
    } catch {
      return error.response
    }
  }

  /// Dispatches on the path.
  private func route(_ request: ServeRequest) throws(ServeError) -> ServeResponse {
    let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    switch parts.first {
    case nil:
      try only("GET", request)
      return .html(Pages.index(self))
    case "machines" where parts.count == 2:
      try only("GET", request)
      return try machinePage(try machine(parts[1]), request: request)
    case "costs" where parts.count == 1:
      try only("GET", request)
      return .html(Pages.costs(root: root))
    case "lessons" where parts.count <= 2:
      try only("GET", request)
      return .html(try Pages.lesson(parts.count == 2 ? parts[1] : nil, root: root))
    case "docs":
      try only("GET", request)
      return try Pages.document(Array(parts.dropFirst()), root: root)
    case "assets" where parts.count == 2:
      try only("GET", request)
      guard let asset = Assets.named(parts[1]) else { throw .notFound(request.path) }
      return ServeResponse(status: 200, contentType: asset.type, body: Array(asset.text.utf8))
    case "api" where parts.count >= 2 && parts[1] == "machines":
      return try api(Array(parts.dropFirst(2)), request)
    default:
      throw .notFound(request.path)
    }
  }

  /// `/api/machines/...`.
  private func api(_ parts: [String], _ request: ServeRequest) throws(ServeError) -> ServeResponse {
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
      let text = try Body.decode(StepBody.self, from: request.body, example: #"{"event": "coin"}"#)
        .event
      guard text.utf8.count <= ServeLimits.eventBytes else {
        throw ServeError(
          status: 400,
          message: "an event is at most \(ServeLimits.eventBytes) bytes, as in send:hello")
      }
      return try withPlayground(request, machine) { playground throws(ServeError) in
        let step = try playground.send(text)
        return .object([
          ("state", .string(step.to)), ("agree", .bool(step.agree)), ("played", step.json),
          ("handlers", self.sources.handlers(of: step, machine: machine.id)),
        ])
      }
    case "trace" where parts.count == 2:
      try only("GET", request)
      return try withPlayground(request, machine) { playground in
        playground.catchUp()
        // Where the last step was handled, for a page that was reloaded
        // or that the real clock moved on.
        let handlers = playground.steps.last.map {
          self.sources.handlers(of: $0, machine: machine.id)
        }
        return playground.traceJSON.appending("handlers", handlers ?? .array([]))
      }
    case "reset" where parts.count == 2:
      try only("POST", request)
      return try withPlayground(request, machine) { playground in
        playground.reset()
        return playground.traceJSON
      }
    case "clock" where parts.count == 2:
      try only("POST", request)
      let real = try Body.decode(ClockBody.self, from: request.body, example: #"{"real": true}"#)
        .real
      return try withPlayground(request, machine) { playground throws(ServeError) in
        try playground.useRealClock(real)
        return playground.traceJSON
      }
    case "diagram" where parts.count == 2:
      try only("GET", request)
      let (svg, newSession) = try diagram(of: machine, session: request.session)
      var response = ServeResponse(
        status: 200, contentType: "image/svg+xml", body: Array(svg.utf8))
      response.newSession = newSession
      return response
    case "source" where parts.count == 3:
      try only("GET", request)
      let style = try style(parts[2])
      guard let file = sources.file(machine: machine.id, style: style) else {
        throw ServeError(
          status: 404,
          message: "no source of \(machine.id) in \(style) under \(sources.root): "
            + "run fsm serve from the workbench's root")
      }
      return .json(
        .object([
          ("machine", .string(machine.id)), ("style", .string(style.rawValue)),
          ("path", .string(file.path)),
          ("lines", .array(file.lines.map { .string(SourceHighlighter.html($0)) })),
        ]))
    default:
      throw ServeError(
        status: 404,
        message: "no API at '\(request.path)'; under /api/machines/\(machine.id): "
          + "step (POST), trace, reset (POST), clock (POST), diagram, source/STYLE")
    }
  }

  /// The session's playground of `machine`, lent to `body`; a JSON answer
  /// that sets the session's cookie when it is new.
  private func withPlayground(
    _ request: ServeRequest, _ machine: any CatalogMachine.Type,
    _ body: (any Playground) throws(ServeError) -> JSONValue
  ) throws(ServeError) -> ServeResponse {
    let (json, newSession) = try sessions.with(
      session: request.session, machine: machine, body)
    var response = ServeResponse.json(json)
    response.newSession = newSession
    return response
  }

  /// The session's diagram of `machine` as inline SVG, rendered outside the
  /// sessions' lock.
  func diagram(
    of machine: any CatalogMachine.Type, session: String?
  ) throws(ServeError) -> (svg: String, newSession: String?) {
    let direction = renderer.direction(of: machine)
    let ((diagram, state), newSession) = try sessions.with(session: session, machine: machine) {
      playground in
      playground.catchUp()
      return (playground.diagram(direction: direction), playground.currentState)
    }
    return (try renderer.svg(diagram, current: state), newSession)
  }

  /// The page of one machine.
  private func machinePage(
    _ machine: any CatalogMachine.Type, request: ServeRequest
  ) throws(ServeError) -> ServeResponse {
    let (svg, newSession) = try diagram(of: machine, session: request.session)
    var response = ServeResponse.html(Pages.machine(machine, diagram: svg, view: self))
    response.newSession = newSession
    return response
  }

  /// The catalog machine `id`, or a 404 naming the machines.
  private func machine(_ id: String) throws(ServeError) -> any CatalogMachine.Type {
    guard let machine = Machines.named(id) else {
      throw ServeError(
        status: 404,
        message: "unknown machine '\(id)'; valid machines: \(Machines.ids.joinedAsChoices)")
    }
    return machine
  }

  /// The style `id`, or a 404 naming the styles.
  private func style(_ id: String) throws(ServeError) -> Style {
    guard let style = Style(rawValue: id) else {
      let styles = Style.allCases.map(\.rawValue)
      throw ServeError(
        status: 404, message: "unknown style '\(id)'; valid styles: \(styles.joinedAsChoices)")
    }
    return style
  }

  /// A 405 unless the request's method is `method`.
  private func only(_ method: String, _ request: ServeRequest) throws(ServeError) {
    guard request.method == method else {
      throw ServeError(
        status: 405, message: "\(request.path) takes \(method), not \(request.method)")
    }
  }
}

/// The body of a step: `{"event": "disarm:1234"}`.
private struct StepBody: Decodable {
  var event: String
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
