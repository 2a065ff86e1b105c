import Diagrams
import Foundation
import StateMachines

/// The class view: every page and API answer of `fsm serve`, as a function
/// from request to response, so that tests drive it without a socket.
///
/// Pages: `/`, `/machines/ID`, `/costs`, `/lessons`, `/lessons/N`, and the
/// checkout's docs, exercises and READMEs that the lessons link to
/// (`CheckoutAddresses`). API under
/// `/api/machines` (list, describe, step, trace, show, diagram, source,
/// reset, clock). Every error is JSON with a message naming the valid choices.
final class ClassView: Sendable {
  /// The browser sessions and their machines.
  let sessions: SessionStore

  /// The diagrams, rendered once.
  let renderer = DiagramRenderer()

  /// The machines' sources.
  let sources: SourceLibrary

  /// The repository root, from which the results and lessons are read.
  let root: String

  /// The teacher, and the pages that follow them.
  let classroom: Classroom

  /// The machine work each client may still ask for.
  let allowances: WorkAllowances

  /// A class view of the workbench checked out at `root`, keeping at most
  /// `sessions` browser sessions; with `realTime`, the timed machines start
  /// on the real clock; each client's machine work is held to `work`.
  init(
    root: String = ".", realTime: Bool = false, sessions: Int = ServeLimits.sessions,
    classroom: Classroom = Classroom(), work: WorkAllowances.Limits = .standard
  ) {
    self.root = root
    allowances = WorkAllowances(limits: work)
    self.classroom = classroom
    self.sessions = SessionStore(realTime: realTime, capacity: sessions)
    sources = SourceLibrary(root: OutputPath.join(root, Comparison.defaultSourcesRoot))
  }

  /// The answer to `request`: never a crash; for bad input a 4xx error,
  /// JSON under `/api`, a page elsewhere.
  func respond(to request: ServeRequest) -> ServeResponse {
    var request = request
    let reclaimed = reclaim(&request)
    var response = answer(request)
    if let reclaimed, response.newSession == nil { response.newSession = reclaimed }
    return response
  }

  /// The teacher's browser after a restart: one whose teacher cookie holds
  /// the key, when no browser is the teacher yet, becomes the teacher
  /// again with no action of the teacher's (its session is the teacher's
  /// from this request on); the session to set as its cookie, if any.
  private func reclaim(_ request: inout ServeRequest) -> String? {
    guard request.teacherProof != nil, !classroom.isTeacher(request.session),
      let (session, setCookie) = classroom.reclaim(
        session: request.session, proof: request.teacherProof,
        make: { [client = request.client] in self.sessions.pinnedSession($0, client: client) })
    else { return nil }
    request.session = session
    return setCookie ? session : nil
  }

  /// The answer to `request`, whose session is settled.
  private func answer(_ request: ServeRequest) -> ServeResponse {
    do throws(ServeError) {
      var request = request
      request.path = try Self.decodedPath(request.path)
      // HEAD is GET without the body, which the server leaves out.
      if request.method == "HEAD" { request.method = "GET" }
      guard Self.methods.contains(request.method) else {
        throw ServeError(
          status: 405,
          message: "the class view answers GET and HEAD (pages, and the API's reads) and POST "
            + "(the API's changes), not \(request.method.printable)")
      }
      return try route(request)
    } catch {
      return error.response(for: request.path)
    }
  }

  /// The methods the class view answers.
  static let methods: Set<String> = ["GET", "POST"]

  /// `path` with its percent-escapes decoded, or a 400 when it is not
  /// a path: a broken escape, or a control or invisible format character
  /// (a NUL could cut a file name short after its type was checked).
  static func decodedPath(_ path: String) throws(ServeError) -> String {
    guard let decoded = path.removingPercentEncoding else {
      throw ServeError(
        status: 400, message: "the path '\(path.printable)' has a broken %-escape")
    }
    guard !decoded.unicodeScalars.contains(where: Self.isForbiddenInPath) else {
      throw ServeError(
        status: 400,
        message: "the path '\(decoded.printable)' has a control or invisible character; "
          + "the class view's paths are letters, digits, '-', '.' and '/'")
    }
    return decoded
  }

  /// Whether `scalar` may not appear in a path: controls (NUL included)
  /// and invisible format characters such as U+202E.
  private static func isForbiddenInPath(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
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
    case "lessons":
      try only("GET", request)
      return try lessons(Array(parts.dropFirst()), request)
    case "favicon.ico" where parts.count == 1:
      // What a browser asks for when a page names no icon (a JSON page, an image).
      try only("GET", request)
      return try asset("favicon.svg", request)
    case "assets" where parts.count == 2:
      try only("GET", request)
      return try asset(parts[1], request)
    case "teach" where parts.count == 2:
      try only("GET", request)
      return try teach(key: parts[1], request)
    case "follow" where parts.count == 1:
      try only("GET", request)
      let machine = classroom.teacherMachine ?? Machines.all[0].id
      return .redirect(to: "/machines/\(machine)?view=follow")
    case "api" where parts == ["api", "follow"]:
      try only("GET", request)
      return try followerStream()
    case "api" where parts.count >= 2 && parts[1] == "machines":
      let response = try api(Array(parts.dropFirst(2)), request)
      if parts.count >= 3, classroom.isTeacher(request.session) {
        announce(try machine(parts[2]), session: request.session)
      }
      return response
    default:
      return try checkout(parts, request)
    }
  }

  /// `/lessons` (the list), `/lessons/N` (lesson N, or its file name), or
  /// another file of `Lessons/` (the exercises, the README).
  private func lessons(_ parts: [String], _ request: ServeRequest) throws(ServeError)
    -> ServeResponse
  {
    let catalog = LessonCatalog(root: root)
    let mode = try PageMode.document(request.query["view"])
    guard let first = parts.first else { return .html(Pages.lessons(catalog, mode: mode)) }
    if parts.count == 1, let lesson = catalog.lesson(first) {
      return .html(Pages.lesson(lesson, in: catalog, mode: mode))
    }
    do throws(ServeError) {
      return try Pages.checkout(
        CheckoutAddresses.path(of: ["lessons"] + parts), root: root, mode: mode)
    } catch {
      guard parts.count == 1 else { throw error }
      let numbers = catalog.lessons.map { String($0.number) }
      throw ServeError(
        status: 404,
        message: "no lesson '\(first)'; lessons: \(numbers.joinedAsChoices) "
          + "(under \(OutputPath.join(root, "Lessons")))")
    }
  }

  /// A file or folder of the checkout at its address (`/docs/...`,
  /// `/README.md`), or a 404. Only an address that `CheckoutAddresses`
  /// gives the file is answered, so each file has one.
  private func checkout(_ parts: [String], _ request: ServeRequest) throws(ServeError)
    -> ServeResponse
  {
    let path = CheckoutAddresses.path(of: parts)
    guard !parts.isEmpty, CheckoutAddresses.address(of: path) == "/" + parts.joined(separator: "/")
    else { throw .notFound(request.path) }
    let response = try Pages.checkout(
      path, root: root, mode: try PageMode.document(request.query["view"]))
    try only("GET", request)
    return response
  }

  /// The asset `name` from the checkout, or a 404.
  private func asset(_ name: String, _ request: ServeRequest) throws(ServeError) -> ServeResponse {
    guard let asset = Assets.named(name, root: root) else { throw .notFound(request.path) }
    return ServeResponse(status: 200, contentType: asset.type, body: asset.bytes)
  }

  /// The session's playground of `machine`, lent to `body` with the event
  /// data the session may still send; a JSON answer that sets the
  /// session's cookie when it is new. Where not `create`, a request
  /// without a session gets a fresh playground that is not kept.
  func withPlayground(
    _ request: ServeRequest, _ machine: any CatalogMachine.Type, create: Bool = true,
    _ body: (_ playground: any Playground, _ allowance: Int) throws(ServeError) -> JSONValue
  ) throws(ServeError) -> ServeResponse {
    let (json, newSession) = try sessions.with(
      session: request.session, machine: machine, create: create, client: request.client, body)
    var response = ServeResponse.json(json)
    response.newSession = newSession
    return response
  }

  /// The session's diagram of `machine` as inline SVG, rendered outside the
  /// sessions' lock: its run up to `step`, by default the step its page
  /// shows; with `fit`, laid out for a presenting page's pane (`DiagramFit`).
  ///
  /// - Throws: `ServeError` (400) naming the steps kept for a `step` that
  ///   is not one of them.
  func diagram(
    of machine: any CatalogMachine.Type, session: String?, step: String? = nil,
    fit: DiagramFit? = nil
  ) throws(ServeError) -> (svg: String, newSession: String?) {
    let layouts = fit == nil ? [(renderer.direction(of: machine), .whole)] : DiagramFit.layouts
    let ((diagrams, state), newSession) = try sessions.with(
      session: session, machine: machine, create: false
    ) { playground, _ throws(ServeError) in
      playground.catchUp()
      let number = try step.map { text throws(ServeError) in try playground.stepNumber(text) }
      var drawn: [Diagram] = []
      var state = ""
      for (direction, focus) in layouts {
        let (diagram, current) = try playground.diagram(
          direction: direction, upTo: number, focus: focus)
        drawn.append(diagram)
        state = current
      }
      return (drawn, state)
    }
    guard let fit else { return (try renderer.svg(diagrams[0], current: state), newSession) }
    // The whole chart first: the focused layouts are drawn only when
    // neither whole one is large enough (each is kept once drawn).
    var svgs = try diagrams.prefix(2).map { diagram throws(ServeError) in
      try renderer.svg(diagram, current: state)
    }
    if svgs.map(fit.smallestText(of:)).max() ?? 0 < fit.text {
      svgs += try diagrams.dropFirst(2).map { diagram throws(ServeError) in
        try renderer.svg(diagram, current: state)
      }
    }
    return (svgs[fit.choice(of: svgs)], newSession)
  }

  /// The page of one machine.
  private func machinePage(
    _ machine: any CatalogMachine.Type, request: ServeRequest
  ) throws(ServeError) -> ServeResponse {
    let (svg, newSession) = try diagram(of: machine, session: request.session)
    let mode = try PageMode(request.query["view"])
    let teacher = classroom.isTeacher(request.session)
    var response = ServeResponse.html(
      Pages.machine(machine, diagram: svg, view: self, mode: mode, teacher: teacher))
    response.newSession = newSession
    // The followers move to the machine the teacher opens (sent only if news).
    if teacher { announce(machine, session: request.session) }
    return response
  }

  /// The catalog machine `id`, or a 404 naming the machines.
  func machine(_ id: String) throws(ServeError) -> any CatalogMachine.Type {
    guard let machine = Machines.named(id) else {
      throw ServeError(
        status: 404,
        message: "unknown machine '\(id)'; valid machines: \(Machines.ids.joinedAsChoices)")
    }
    return machine
  }

  /// The implementation `id` of `machine` (a style, or a variant such as
  /// `table-matrix`), or a 404 naming those it is written in.
  func implementation(
    _ id: String, of machine: any CatalogMachine.Type
  ) throws(ServeError) -> Implementation {
    let written = machine.panes.map(\.description)
    guard let implementation = Implementation(id: id) else {
      throw ServeError(
        status: 404,
        message: "unknown style '\(id)'; \(machine.id) is written as \(written.joinedAsChoices)")
    }
    guard machine.panes.contains(implementation) else {
      throw ServeError(
        status: 404,
        message: "\(machine.id) is not written as '\(id)'; it is written as "
          + written.joinedAsChoices)
    }
    return implementation
  }

  /// A 405 unless the request's method is `method`.
  func only(_ method: String, _ request: ServeRequest) throws(ServeError) {
    guard request.method == method else {
      throw ServeError(
        status: 405, message: "\(request.path) takes \(method), not \(request.method)")
    }
  }
}
