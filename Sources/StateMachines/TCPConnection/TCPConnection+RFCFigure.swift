extension TCPConnection {
  /// RFC 793 Figure 6's own labels, which the diagram prints by default
  /// (`fsm diagram tcp-connection --labels rfc`): `SYN RCVD` for
  /// `synReceived`, `rcv ACK of SYN / x` for `receiveAck`.
  ///
  /// Notice that the figure tells apart what the ids do not: an ACK in
  /// `SYN RCVD` is the `ACK of SYN`, in `FIN WAIT-1` the `ACK of FIN`. The
  /// nineteen arrows are the figure's, word for word; the data transfer,
  /// which the figure does not draw, is the workbench's, written in the
  /// figure's idiom.
  public static let figureLabels: FigureLabels<State>? = FigureLabels(
    figure: "RFC 793 Figure 6", states: figureStates,
    transitions: figureArrows + workbenchTransitions,
    activities: [.established: .entry("snd queued data")])

  /// The states as the figure's boxes name them. Two boxes spread a name
  /// over two lines (`FIN` over `WAIT-1`, `CLOSE` over `WAIT`): here it is
  /// one line, with a space.
  private static let figureStates: [State: String] = [
    .closed: "CLOSED", .listen: "LISTEN", .synSent: "SYN SENT", .synReceived: "SYN RCVD",
    .established: "ESTAB", .finWait1: "FIN WAIT-1", .finWait2: "FINWAIT-2",
    .closeWait: "CLOSE WAIT", .closing: "CLOSING", .lastAck: "LAST-ACK", .timeWait: "TIME WAIT",
  ]

  /// The figure's nineteen arrows, each as the figure writes it: the event
  /// above the line, the actions below (`x`: none).
  ///
  /// RFC 9293 Figure 5, which replaces it, writes `snd SYN,ACK` for the
  /// simultaneous open, SYN SENT to SYN RCVD; this machine sends the ACK of
  /// RFC 793. Figure 5's one more arrow, `rcv RST` from SYN RCVD back to
  /// LISTEN, has no event here: resets are not part of the workbench.
  private static let figureArrows: [FigureLabels<State>.Label] = [
    .init(.closed, on: "passiveOpen", to: .listen, "passive OPEN", "create TCB"),
    .init(.closed, on: "activeOpen", to: .synSent, "active OPEN", "create TCB", "snd SYN"),
    .init(.listen, on: "close", to: .closed, "CLOSE", "delete TCB"),
    .init(.listen, on: "receiveSyn", to: .synReceived, "rcv SYN", "snd SYN,ACK"),
    .init(.listen, on: "send", to: .synSent, "SEND", "snd SYN"),
    .init(.synSent, on: "close", to: .closed, "CLOSE", "delete TCB"),
    .init(.synSent, on: "receiveSyn", to: .synReceived, "rcv SYN", "snd ACK"),
    .init(.synSent, on: "receiveSynAck", to: .established, "rcv SYN,ACK", "snd ACK"),
    .init(.synReceived, on: "receiveAck", to: .established, "rcv ACK of SYN", "x"),
    .init(.synReceived, on: "close", to: .finWait1, "CLOSE", "snd FIN"),
    .init(.established, on: "close", to: .finWait1, "CLOSE", "snd FIN"),
    .init(.established, on: "receiveFin", to: .closeWait, "rcv FIN", "snd ACK"),
    .init(.closeWait, on: "close", to: .lastAck, "CLOSE", "snd FIN"),
    .init(.finWait1, on: "receiveAck", to: .finWait2, "rcv ACK of FIN", "x"),
    .init(.finWait1, on: "receiveFin", to: .closing, "rcv FIN", "snd ACK"),
    .init(.finWait2, on: "receiveFin", to: .timeWait, "rcv FIN", "snd ACK"),
    .init(.closing, on: "receiveAck", to: .timeWait, "rcv ACK of FIN", "x"),
    .init(.lastAck, on: "receiveAck", to: .closed, "rcv ACK of FIN", "x"),
    .init(.timeWait, on: "timeout", to: .closed, "Timeout=2MSL", "delete TCB"),
  ]

  /// The workbench's own transitions, the Gang of Four's data transfer, in
  /// the figure's idiom: a `SEND` before the connection is established
  /// queues the data, after it sends it. (The figure's `SEND / snd SYN`
  /// from LISTEN queues the data too; its label stays the figure's.)
  private static let workbenchTransitions: [FigureLabels<State>.Label] = [
    .init(.synSent, on: "send", to: .synSent, "SEND", "queue data"),
    .init(.synReceived, on: "send", to: .synReceived, "SEND", "queue data"),
    .init(.established, on: "send", to: .established, "SEND", "snd data"),
    .init(.closeWait, on: "send", to: .closeWait, "SEND", "snd data"),
  ]
}
