import StateMachines

extension ExerciseCheck {
  /// Lesson 9: a real protocol, the TCP connection.
  static let lesson9 = [
    ExerciseCheck("9.1", "a passive close") {
      var problems = Problems()
      let events = Lesson9.passiveClose
      var connection = TCPConnection.Enum()
      let trace = connection.run(events)
      let story = "\n  The trace: \(describeTCP(trace))"
      if events.first != .passiveOpen {
        problems.add("Lesson9.passiveClose must start with .passiveOpen: this is the server's side")
      }
      if let bad = trace.firstIndex(where: { !$0.fired }) {
        let step = trace[bad]
        problems.add(
          "event \(bad + 1), \(step.event), "
            + (step.error.map { "is rejected in \(step.from) (\($0))" }
              ?? "is ignored in \(step.from)")
            + ": every event must fire" + story)
        return problems.list
      }
      let visited = trace.map(\.to)
      for (state, why) in [
        (TCPConnection.State.established, "the connection must be established first"),
        (.closeWait, "the client closes first, so the server must get its FIN while established"),
        (.lastAck, "then the server closes too"),
      ] where !visited.contains(state) {
        problems.add("the connection never reaches \(state): \(why)" + story)
        return problems.list
      }
      let sentAfterFin = trace.contains { step in
        step.from == .closeWait && step.outputs.contains { $0.name == "transmit" }
      }
      if !sentAfterFin {
        problems.add(
          "the server sends no data after the client's FIN (a `send` in closeWait)" + story)
      }
      problems.expect(
        connection.state, .closed,
        "the connection ends in \(connection.state), not closed" + story)
      return problems.list
    },
    ExerciseCheck("9.2", "outputs on the wire") {
      segmentProblems(Lesson9.segment)
    },
    ExerciseCheck("9.3", "the network") {
      for style in TCPConnection.styles {
        for scenario in networkScenarios {
          if let problem = scenario.problem(style) { return [problem] }
        }
      }
      return []
    },
  ]
}

/// What is wrong with `segment`: on how many of the connection's outputs
/// it is not right yet, never on which. Each answer is one of five (four
/// events, or nil), so naming a wrong one, or saying whether it is a
/// segment, would let a student find it by trying.
func segmentProblems(_ segment: (TCPConnection.Output) -> TCPConnection.Event?) -> [String] {
  let cases: [(TCPConnection.Output, TCPConnection.Event?)] = [
    (.sendSyn, .receiveSyn), (.sendSynAck, .receiveSynAck), (.sendAck, .receiveAck),
    (.sendFin, .receiveFin), (.createTCB, nil), (.deleteTCB, nil),
    (.queued(data: "hello"), nil), (.transmit(data: "hello"), nil),
  ]
  let wrong = cases.count { output, event in segment(output) != event }
  guard wrong > 0 else { return [] }
  return [
    "Lesson9.segment(_:) is not right yet on \(wrong) of the \(cases.count) kinds of output "
      + "the check tries; it does not say which",
    "replay the handshake of \"Two connections talking\": each output one side emits that "
      + "travels is the next event of the other side; an output that stays on this side is nil",
  ]
}

/// A TCP trace, with rejections.
private func describeTCP(_ trace: [TCPConnection.Enum.Step]) -> String {
  if trace.isEmpty { return "(no steps)" }
  return trace.map { step in
    let outputs = step.outputs.map { "\($0)" }.joined(separator: ", ")
    let label = outputs.isEmpty ? "\(step.event)" : "\(step.event) / \(outputs)"
    let verdict = step.error.map { " (rejected: \($0))" } ?? (step.fired ? "" : " (ignored)")
    return "\(step.from) --\(label)--> \(step.to)\(verdict)"
  }.joined(separator: "; ")
}

/// A connection that remembers every event it is given.
private struct Recording: TCPConnectionMachine {
  var base: any TCPConnectionMachine
  var received: [TCPConnection.Event] = []

  var state: TCPConnection.State { base.state }

  mutating func handle(
    _ event: TCPConnection.Event, emit: (TCPConnection.Output) -> Void
  ) throws(Rejection) -> Outcome<TCPConnection.State> {
    received.append(event)
    return try base.handle(event, emit: emit)
  }
}

/// A new connection in `style`, if the connection is written in it.
private func connection(_ style: Style) -> (any TCPConnectionMachine)? {
  try? TCPConnection.make(style) as? any TCPConnectionMachine
}

/// Two connections, the user calls that start a conversation, and how it
/// must end.
private struct NetworkScenario {
  var title: String
  /// Events that bring each side to where the scenario starts.
  var setupA: [TCPConnection.Event]
  var setupB: [TCPConnection.Event]
  /// The user calls of each side whose outputs the exchange delivers.
  var callsA: [TCPConnection.Event]
  var callsB: [TCPConnection.Event]
  /// What each side must receive during the exchange, and end in.
  var expectedReceivedA: [TCPConnection.Event]
  var expectedReceivedB: [TCPConnection.Event]
  var expectedEndA: TCPConnection.State
  var expectedEndB: TCPConnection.State

  /// What is wrong with `Lesson9.exchange` in this scenario, in `style`.
  func problem(_ style: Style) -> String? {
    guard let baseA = connection(style), let baseB = connection(style) else {
      return "TCPConnection is not written in \(style)"
    }
    var a = Recording(base: baseA)
    var b = Recording(base: baseB)
    _ = a.run(setupA)
    _ = b.run(setupB)
    let fromA = a.run(callsA).flatMap(\.outputs)
    let fromB = b.run(callsB).flatMap(\.outputs)
    a.received = []
    b.received = []
    let startA = a.state
    let startB = b.state
    Lesson9.exchange(&a, &b, fromA: fromA, fromB: fromB)
    let setting =
      "\(title) (\(style)): a in \(startA) has just emitted \(fromA), b in \(startB) has just "
      + "emitted \(fromB).\n  "
    if a.received != expectedReceivedA || b.received != expectedReceivedB {
      let wrong = a.received != expectedReceivedA ? "a" : "b"
      return setting + "During Lesson9.exchange, a received \(a.received) and b \(b.received): "
        + "what \(wrong) received is not every segment the other side sent, each once, in the "
        + "order sent (the segments a side emits while receiving are sent too)"
    }
    if a.state != expectedEndA || b.state != expectedEndB {
      return setting + "After Lesson9.exchange, a is \(a.state) and b \(b.state), which is not "
        + "where this conversation ends: was every segment handed to its connection?"
    }
    return nil
  }
}

/// The conversations the check of exercise 9.3 runs.
private let networkScenarios = [
  NetworkScenario(
    title: "the three-way handshake", setupA: [], setupB: [], callsA: [.activeOpen],
    callsB: [.passiveOpen], expectedReceivedA: [.receiveSynAck],
    expectedReceivedB: [.receiveSyn, .receiveAck],
    expectedEndA: .established, expectedEndB: .established),
  NetworkScenario(
    title: "a simultaneous open", setupA: [], setupB: [], callsA: [.activeOpen],
    callsB: [.activeOpen], expectedReceivedA: [.receiveSyn, .receiveAck],
    expectedReceivedB: [.receiveSyn, .receiveAck], expectedEndA: .established,
    expectedEndB: .established),
  NetworkScenario(
    title: "a SYN sent to a closed connection", setupA: [], setupB: [], callsA: [.activeOpen],
    callsB: [], expectedReceivedA: [], expectedReceivedB: [.receiveSyn], expectedEndA: .synSent,
    expectedEndB: .closed),
  NetworkScenario(
    title: "a close, the client first", setupA: [.activeOpen, .receiveSynAck],
    setupB: [.passiveOpen, .receiveSyn, .receiveAck], callsA: [.close], callsB: [],
    expectedReceivedA: [.receiveAck], expectedReceivedB: [.receiveFin], expectedEndA: .finWait2,
    expectedEndB: .closeWait),
  NetworkScenario(
    title: "the server's close after the client's",
    setupA: [.activeOpen, .receiveSynAck, .close, .receiveAck],
    setupB: [.passiveOpen, .receiveSyn, .receiveAck, .receiveFin], callsA: [], callsB: [.close],
    expectedReceivedA: [.receiveFin], expectedReceivedB: [.receiveAck], expectedEndA: .timeWait,
    expectedEndB: .closed),
  NetworkScenario(
    title: "a simultaneous close", setupA: [.activeOpen, .receiveSynAck],
    setupB: [.passiveOpen, .receiveSyn, .receiveAck], callsA: [.close], callsB: [.close],
    expectedReceivedA: [.receiveFin, .receiveAck], expectedReceivedB: [.receiveFin, .receiveAck],
    expectedEndA: .timeWait, expectedEndB: .timeWait),
]
