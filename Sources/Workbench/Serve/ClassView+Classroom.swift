import StateMachines

extension ClassView {
  /// `/teach/KEY`: with the key `fsm serve` printed, makes this browser the
  /// teacher (with a session made for it if it has none), gives it the
  /// teacher's cookie and goes to the machines; any other key is a 403
  /// that says where the right one is.
  func teach(key: String, _ request: ServeRequest) throws(ServeError) -> ServeResponse {
    guard key == classroom.teacherKey else {
      throw ServeError(
        status: 403,
        message: "this is not the teacher's link: fsm serve prints it where it was started; "
          + "to follow the teacher, open /follow")
    }
    let (session, newSession) = sessions.pinnedSession(request.session, client: request.client)
    classroom.claim(by: session)
    var response = ServeResponse.redirect(to: "/")
    response.newSession = newSession
    // The key in a cookie: a restarted server with the same key knows this
    // browser as the teacher's (`ClassView.reclaim`).
    response.teacherCookie = classroom.teacherKey
    return response
  }

  /// `/api/follow`: the teacher's machine as Server-Sent Events, a snapshot
  /// after each of the teacher's changes; a 503 when too many follow.
  func followerStream() throws(ServeError) -> ServeResponse {
    guard let stream = classroom.follow() else {
      throw ServeError(
        status: 503,
        message: "\(classroom.followerLimit) pages already follow the teacher; try again later")
    }
    return .eventStream(stream)
  }

  /// Sends the followers the teacher's `machine` as it is now, if it
  /// changed since the last snapshot: the trace, the step the teacher
  /// shows (`shown`, in the trace, for one gone back to) and the lines
  /// that handled it (cheap, compared first: a step shown is news too),
  /// then the diagram up to that step (rendered once for every follower).
  func announce(_ machine: any CatalogMachine.Type, session: String?) {
    let read = try? sessions.with(session: session, machine: machine, create: false) {
      playground, _ in
      playground.catchUp()
      return self.pageTrace(of: playground, machine: machine).text
    }
    guard let trace = read?.0, classroom.isNews(machine: machine.id, trace: trace),
      let svg = try? diagram(of: machine, session: session).svg
    else { return }
    classroom.publish(
      JSONValue.object([
        ("machine", .string(machine.id)), ("trace", .raw(trace)), ("diagram", .string(svg)),
      ]).text)
  }

  /// `POST /api/machines/ID/copy`: the teacher's `machine`, copied into
  /// this session's by replaying the teacher's events, so that a follower
  /// continues on their own from where the teacher is. Answers the trace
  /// and the events (`journal`), which the page keeps as its own.
  func copyTeachersMachine(
    _ machine: any CatalogMachine.Type, _ request: ServeRequest
  ) throws(ServeError) -> ServeResponse {
    guard let teacher = classroom.teacher else {
      throw ServeError(
        status: 409,
        message: "there is no teacher to copy yet: the teacher opens the link "
          + "fsm serve printed")
    }
    let (log, _) = try sessions.with(session: teacher, machine: machine, create: false) {
      playground, _ in
      playground.catchUp()
      return playground.log
    }
    guard let log else {
      throw ServeError(
        status: 409,
        message: "the teacher's \(machine.id) cannot be copied: it has had more than "
          + "\(ServeLimits.copyableEvents) events, or events from before the teacher's link was "
          + "opened (the teacher's Start again makes it copyable); start your own (Start again)")
    }
    return try withPlayground(request, machine) { playground, allowance throws(ServeError) in
      // Replayed aside, and taken over only when the whole log was: a copy
      // refused half-way (past the allowance) leaves the student's own.
      let copy = try makePlayground(machine)
      let ownBytes = playground.argumentBytes
      try Self.replay(
        log, into: copy, allowance: allowance + ownBytes,
        work: self.allowances.meter(for: request.client))
      playground.takeOver(copy)
      return playground.traceJSON.appending("journal", .strings(log))
    }
  }
}
