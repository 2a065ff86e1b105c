extension TCPConnection {
  /// The TCP connection written as an enum of its states, whose one `switch`
  /// over `(self, event)` reads like the RFC's table, row by row.
  ///
  /// Notice what is *not* a payload: the queue. `.synSent(queued: [String])`
  /// would look like the enum way, but the data outlives any one state (sent
  /// in `listen`, kept through `synSent` and `synReceived`, transmitted on
  /// entering `established`), and a payload array would be built anew, on
  /// the heap, for every connection. Like the send buffer in the TCB of
  /// RFC 9293, the queue belongs to the connection: the struct around the
  /// enum owns one buffer, lends it to the enum while an event is handled,
  /// and keeps its storage from one connection to the next. The entry
  /// activity that empties it is written once, as a method of the enum.
  public struct Enum: TCPConnectionMachine {
    /// The state: the RFC's eleven, none of which carries data of its own.
    public enum Mode: Hashable, Sendable {
      /// No connection.
      case closed
      /// Waiting for a connection request.
      case listen
      /// A SYN was sent.
      case synSent
      /// A SYN was received and answered.
      case synReceived
      /// Open.
      case established
      /// The user closed; our FIN is on its way.
      case finWait1
      /// Our FIN was acknowledged.
      case finWait2
      /// The peer closed.
      case closeWait
      /// The FINs crossed.
      case closing
      /// The peer closed, then we did.
      case lastAck
      /// Waiting 2 MSL.
      case timeWait
    }

    /// The current state.
    public private(set) var mode = Mode.closed

    /// Data sent before the connection was established, in order: the
    /// connection's send buffer, empty in every other state.
    public private(set) var queue: [String] = []

    /// Creates a closed connection.
    public init() {}

    /// The public id of the current state.
    public var state: State { mode.id }

    /// Hands the event to the enum, with the queue it may fill or empty.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) throws(Rejection) -> Outcome<State> {
      try mode.handle(event, queue: &queue, into: &sink)
    }
  }
}

extension TCPConnection.Enum.Mode {
  /// The public id of this state.
  public var id: TCPConnection.State {
    switch self {
    case .closed: .closed
    case .listen: .listen
    case .synSent: .synSent
    case .synReceived: .synReceived
    case .established: .established
    case .finWait1: .finWait1
    case .finWait2: .finWait2
    case .closeWait: .closeWait
    case .closing: .closing
    case .lastAck: .lastAck
    case .timeWait: .timeWait
    }
  }

  /// Handles one event, queueing data in `queue` until the connection is
  /// established: one `switch` over `(self, event)`.
  ///
  /// - Throws: `Rejection` for a user call that does not fit the state; the
  ///   state and the queue are then unchanged.
  public mutating func handle(
    _ event: TCPConnection.Event, queue: inout [String],
    into sink: inout some OutputSink<TCPConnection.Output>
  ) throws(Rejection) -> Outcome<TCPConnection.State> {
    switch (self, event) {
    case (.closed, .passiveOpen):
      return transition(to: .listen, effect: .createTCB, queue: &queue, into: &sink)
    case (.closed, .activeOpen):
      return transition(
        to: .synSent, effect: .createTCB, .sendSyn, queue: &queue, into: &sink)
    case (.closed, .send), (.closed, .close):
      throw TCPConnection.connectionDoesNotExist

    case (.listen, .close), (.synSent, .close):
      queue.removeAll(keepingCapacity: true)
      return transition(to: .closed, effect: .deleteTCB, queue: &queue, into: &sink)
    case (.listen, .receiveSyn):
      return transition(to: .synReceived, effect: .sendSynAck, queue: &queue, into: &sink)
    case (.listen, .send(let data)):
      queue.append(data)
      return transition(
        to: .synSent, effect: .sendSyn, .queued(data: data), queue: &queue, into: &sink)

    case (.synSent, .receiveSyn):
      return transition(to: .synReceived, effect: .sendAck, queue: &queue, into: &sink)
    case (.synSent, .receiveSynAck):
      return transition(to: .established, effect: .sendAck, queue: &queue, into: &sink)
    case (.synSent, .send(let data)), (.synReceived, .send(let data)):
      queue.append(data)
      sink.emit(.queued(data: data))
      return .fired

    case (.synReceived, .receiveAck):
      return transition(to: .established, queue: &queue, into: &sink)
    case (.synReceived, .close):
      queue.removeAll(keepingCapacity: true)
      return transition(to: .finWait1, effect: .sendFin, queue: &queue, into: &sink)

    case (.established, .close):
      return transition(to: .finWait1, effect: .sendFin, queue: &queue, into: &sink)
    case (.established, .receiveFin):
      return transition(to: .closeWait, effect: .sendAck, queue: &queue, into: &sink)
    case (.established, .send(let data)), (.closeWait, .send(let data)):
      sink.emit(.transmit(data: data))
      return .fired

    case (.closeWait, .close):
      return transition(to: .lastAck, effect: .sendFin, queue: &queue, into: &sink)

    case (.finWait1, .receiveAck):
      return transition(to: .finWait2, queue: &queue, into: &sink)
    case (.finWait1, .receiveFin):
      return transition(to: .closing, effect: .sendAck, queue: &queue, into: &sink)
    case (.finWait2, .receiveFin):
      return transition(to: .timeWait, effect: .sendAck, queue: &queue, into: &sink)
    case (.closing, .receiveAck):
      return transition(to: .timeWait, queue: &queue, into: &sink)
    case (.lastAck, .receiveAck):
      return transition(to: .closed, queue: &queue, into: &sink)
    case (.timeWait, .timeout):
      return transition(to: .closed, effect: .deleteTCB, queue: &queue, into: &sink)

    case (_, .passiveOpen), (_, .activeOpen):
      throw TCPConnection.connectionAlreadyExists
    case (.finWait1, .send), (.finWait2, .send), (.closing, .send), (.lastAck, .send),
      (.timeWait, .send), (.finWait1, .close), (.finWait2, .close), (.closing, .close),
      (.lastAck, .close), (.timeWait, .close):
      throw TCPConnection.connectionClosing
    case (_, .receiveSyn), (_, .receiveSynAck), (_, .receiveAck), (_, .receiveFin), (_, .timeout):
      return .ignored
    }
  }

  /// Leaves this state for `target`: effect (one or two outputs), then
  /// entry (no state of TCP has an exit activity).
  private mutating func transition(
    to target: Self, effect: TCPConnection.Output? = nil, _ then: TCPConnection.Output? = nil,
    queue: inout [String], into sink: inout some OutputSink<TCPConnection.Output>
  ) -> Outcome<TCPConnection.State> {
    if let effect { sink.emit(effect) }
    if let then { sink.emit(then) }
    self = target
    entry(queue: &queue, into: &sink)
    return .fired
  }

  /// The entry activity of this state: `established` transmits the queue in
  /// order, then empties it, keeping its storage for the next connection.
  private func entry(
    queue: inout [String], into sink: inout some OutputSink<TCPConnection.Output>
  ) {
    switch self {
    case .established:
      for data in queue { sink.emit(.transmit(data: data)) }
      queue.removeAll(keepingCapacity: true)
    case .closed, .listen, .synSent, .synReceived, .finWait1, .finWait2, .closeWait, .closing,
      .lastAck, .timeWait:
      break
    }
  }
}
