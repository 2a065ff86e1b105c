extension TCPConnection {
  /// The TCP connection written as nested switches.
  ///
  /// The state is a plain tag and the queue of data sent too early a separate
  /// property. Notice the size: nine events times eleven states is 99 cells,
  /// each a `case` you can point at, and most of them say "ignored" or
  /// "rejected". Notice too that `established`'s entry activity, transmitting
  /// the queue, is written twice, once per way in, and that every way out of
  /// the handshake must remember to drop the queue.
  public struct NestedSwitch: TCPConnectionMachine {
    /// The current state.
    public private(set) var state: State = .closed

    /// Data sent before the connection was established, in order; empty in
    /// every other state.
    public private(set) var queue: [String] = []

    /// Creates a closed connection.
    public init() {}

    /// Handles one event: a `switch` on the event, then one on the state.
    ///
    /// - Throws: `Rejection` for a user call that does not fit the state;
    ///   nothing has changed and nothing was emitted.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch event {
      case .passiveOpen:
        switch state {
        case .closed:
          emit(.createTCB)
          state = .listen
          return .fired
        case .listen, .synSent, .synReceived, .established, .finWait1, .finWait2, .closeWait,
          .closing, .lastAck, .timeWait:
          throw TCPConnection.connectionAlreadyExists
        }

      case .activeOpen:
        switch state {
        case .closed:
          emit(.createTCB)
          emit(.sendSyn)
          state = .synSent
          return .fired
        case .listen, .synSent, .synReceived, .established, .finWait1, .finWait2, .closeWait,
          .closing, .lastAck, .timeWait:
          throw TCPConnection.connectionAlreadyExists
        }

      case .send(let data):
        switch state {
        case .closed:
          throw TCPConnection.connectionDoesNotExist
        case .listen:
          queue.append(data)
          emit(.sendSyn)
          emit(.queued(data: data))
          state = .synSent
          return .fired
        case .synSent, .synReceived:
          queue.append(data)
          emit(.queued(data: data))
          return .fired
        case .established, .closeWait:
          emit(.transmit(data: data))
          return .fired
        case .finWait1, .finWait2, .closing, .lastAck, .timeWait:
          throw TCPConnection.connectionClosing
        }

      case .close:
        switch state {
        case .closed:
          throw TCPConnection.connectionDoesNotExist
        case .listen, .synSent:
          queue.removeAll()
          emit(.deleteTCB)
          state = .closed
          return .fired
        case .synReceived:
          queue.removeAll()
          emit(.sendFin)
          state = .finWait1
          return .fired
        case .established:
          emit(.sendFin)
          state = .finWait1
          return .fired
        case .closeWait:
          emit(.sendFin)
          state = .lastAck
          return .fired
        case .finWait1, .finWait2, .closing, .lastAck, .timeWait:
          throw TCPConnection.connectionClosing
        }

      case .receiveSyn:
        switch state {
        case .listen:
          emit(.sendSynAck)
          state = .synReceived
          return .fired
        case .synSent:
          emit(.sendAck)
          state = .synReceived
          return .fired
        case .closed, .synReceived, .established, .finWait1, .finWait2, .closeWait, .closing,
          .lastAck, .timeWait:
          return .ignored
        }

      case .receiveSynAck:
        switch state {
        case .synSent:
          emit(.sendAck)
          state = .established
          for data in queue { emit(.transmit(data: data)) }
          queue.removeAll()
          return .fired
        case .closed, .listen, .synReceived, .established, .finWait1, .finWait2, .closeWait,
          .closing, .lastAck, .timeWait:
          return .ignored
        }

      case .receiveAck:
        switch state {
        case .synReceived:
          state = .established
          for data in queue { emit(.transmit(data: data)) }
          queue.removeAll()
          return .fired
        case .finWait1:
          state = .finWait2
          return .fired
        case .closing:
          state = .timeWait
          return .fired
        case .lastAck:
          state = .closed
          return .fired
        case .closed, .listen, .synSent, .established, .finWait2, .closeWait, .timeWait:
          return .ignored
        }

      case .receiveFin:
        switch state {
        case .established:
          emit(.sendAck)
          state = .closeWait
          return .fired
        case .finWait1:
          emit(.sendAck)
          state = .closing
          return .fired
        case .finWait2:
          emit(.sendAck)
          state = .timeWait
          return .fired
        case .closed, .listen, .synSent, .synReceived, .closeWait, .closing, .lastAck, .timeWait:
          return .ignored
        }

      case .timeout:
        switch state {
        case .timeWait:
          emit(.deleteTCB)
          state = .closed
          return .fired
        case .closed, .listen, .synSent, .synReceived, .established, .finWait1, .finWait2,
          .closeWait, .closing, .lastAck:
          return .ignored
        }
      }
    }
  }
}
