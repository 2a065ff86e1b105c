extension TCPConnection {
  /// The TCP connection written as an enum whose cases carry their data.
  ///
  /// Notice where the queue lives: only `synSent` and `synReceived` carry
  /// one, because only there can data wait for the connection. The handshake
  /// hands it from case to case, hands it to `established`, whose entry
  /// activity transmits it, and a `close` drops it simply by moving to a case
  /// that has no room for it. The one `switch` over `(self, event)` reads
  /// like the RFC's table, row by row, and the compiler checks that no pair
  /// is forgotten.
  public enum Enum: TCPConnectionMachine {
    /// No connection.
    case closed
    /// Waiting for a connection request.
    case listen
    /// A SYN was sent; `queue` holds the data sent since, in order.
    case synSent(queue: [String])
    /// A SYN was received and answered; `queue` holds the data sent so far.
    case synReceived(queue: [String])
    /// Open: data flows both ways.
    case established
    /// The user closed; our FIN is on its way.
    case finWait1
    /// Our FIN was acknowledged.
    case finWait2
    /// The peer closed; the user may still send.
    case closeWait
    /// The FINs crossed.
    case closing
    /// The peer closed, then we did.
    case lastAck
    /// Waiting 2 MSL.
    case timeWait

    /// Creates a closed connection.
    public init() { self = .closed }

    /// The public id of the current state.
    public var state: State {
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

    /// Handles one event: one `switch` over `(self, event)`.
    ///
    /// - Throws: `Rejection` for a user call that does not fit the state;
    ///   nothing has changed and nothing was emitted.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      switch (self, event) {
      case (.closed, .passiveOpen):
        transition(to: .listen, effect: [.createTCB], emit: emit)
      case (.closed, .activeOpen):
        transition(to: .synSent(queue: []), effect: [.createTCB, .sendSyn], emit: emit)
      case (.closed, .send), (.closed, .close):
        throw TCPConnection.connectionDoesNotExist

      case (.listen, .close), (.synSent, .close):
        transition(to: .closed, effect: [.deleteTCB], emit: emit)
      case (.listen, .receiveSyn):
        transition(to: .synReceived(queue: []), effect: [.sendSynAck], emit: emit)
      case (.listen, .send(let data)):
        transition(
          to: .synSent(queue: [data]), effect: [.sendSyn, .queued(data: data)], emit: emit)

      case (.synSent(let queue), .receiveSyn):
        transition(to: .synReceived(queue: queue), effect: [.sendAck], emit: emit)
      case (.synSent(let queue), .receiveSynAck):
        transition(to: .established, effect: [.sendAck], handing: queue, emit: emit)
      case (.synSent(var queue), .send(let data)):
        emit(.queued(data: data))
        // Take the queue out of `self` before appending to it: while `self`
        // still holds it, its storage has two owners, and copy-on-write would
        // copy every element queued so far for each send (quadratic in all).
        // `closed` holds the place for that moment, as swift-nio's state
        // machines hold it with a `modifying` case.
        self = .closed
        queue.append(data)
        self = .synSent(queue: queue)

      case (.synReceived(var queue), .send(let data)):
        emit(.queued(data: data))
        self = .closed  // the queue out of `self`, as above: appended in place
        queue.append(data)
        self = .synReceived(queue: queue)
      case (.synReceived(let queue), .receiveAck):
        transition(to: .established, handing: queue, emit: emit)
      case (.synReceived, .close):
        transition(to: .finWait1, effect: [.sendFin], emit: emit)

      case (.established, .close):
        transition(to: .finWait1, effect: [.sendFin], emit: emit)
      case (.established, .receiveFin):
        transition(to: .closeWait, effect: [.sendAck], emit: emit)
      case (.established, .send(let data)), (.closeWait, .send(let data)):
        emit(.transmit(data: data))

      case (.closeWait, .close):
        transition(to: .lastAck, effect: [.sendFin], emit: emit)

      case (.finWait1, .receiveAck):
        transition(to: .finWait2, emit: emit)
      case (.finWait1, .receiveFin):
        transition(to: .closing, effect: [.sendAck], emit: emit)
      case (.finWait2, .receiveFin):
        transition(to: .timeWait, effect: [.sendAck], emit: emit)
      case (.closing, .receiveAck):
        transition(to: .timeWait, emit: emit)
      case (.lastAck, .receiveAck):
        transition(to: .closed, emit: emit)
      case (.timeWait, .timeout):
        transition(to: .closed, effect: [.deleteTCB], emit: emit)

      case (_, .passiveOpen), (_, .activeOpen):
        throw TCPConnection.connectionAlreadyExists
      case (.finWait1, .send), (.finWait2, .send), (.closing, .send), (.lastAck, .send),
        (.timeWait, .send), (.finWait1, .close), (.finWait2, .close), (.closing, .close),
        (.lastAck, .close), (.timeWait, .close):
        throw TCPConnection.connectionClosing
      case (_, .receiveSyn), (_, .receiveSynAck), (_, .receiveAck), (_, .receiveFin),
        (_, .timeout):
        return .ignored
      }
      return .fired
    }

    /// Leaves this state for `next`: the effect, then the entry activity of
    /// `next`, handed `queue`, the data the state left had queued.
    private mutating func transition(
      to next: Self, effect: [Output] = [], handing queue: [String] = [],
      emit: (Output) -> Void
    ) {
      effect.forEach(emit)
      self = next
      entry(handing: queue, emit: emit)
    }

    /// The entry activity of this state: `established` transmits the data
    /// handed over, in order. No state of TCP has an exit activity.
    private func entry(handing queue: [String], emit: (Output) -> Void) {
      switch self {
      case .established:
        for data in queue { emit(.transmit(data: data)) }
      case .closed, .listen, .synSent, .synReceived, .finWait1, .finWait2, .closeWait, .closing,
        .lastAck, .timeWait:
        break
      }
    }
  }
}
