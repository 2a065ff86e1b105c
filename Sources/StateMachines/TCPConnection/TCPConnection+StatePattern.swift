/// A state of a TCP connection in the State pattern: the Gang of Four's
/// `TCPState`, one type per state of RFC 9293 Figure 5.
///
/// Every method has a default below, the answer most states give: a segment
/// or the timer is ignored, an open is refused because the connection already
/// exists, and `send` or `close` is refused because the user has closed. So a
/// state writes only what it does differently. A refused user call throws
/// before the state changes anything.
public protocol TCPState {
  /// The public id of this state.
  var id: TCPConnection.State { get }

  /// Decides what a passive open does here.
  func passiveOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what an active open does here.
  func activeOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what sending `data` does here; a state may queue it.
  mutating func send(_ data: String)
    throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what closing does here.
  func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what an arriving SYN does here.
  func receiveSyn() -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what an arriving SYN with an ACK does here.
  func receiveSynAck() -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what an arriving ACK does here.
  func receiveAck() -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what an arriving FIN does here.
  func receiveFin() -> Decision<any TCPState, TCPConnection.Output>

  /// Decides what the expiry of the time-wait timer does here.
  func timeout() -> Decision<any TCPState, TCPConnection.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (TCPConnection.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (TCPConnection.Output) -> Void)
}

extension TCPState {
  /// Refused: the connection already exists.
  public func passiveOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Refused: the connection already exists.
  public func activeOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Refused: the connection is closing.
  public func send(_ data: String)
    throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
  {
    throw TCPConnection.connectionClosing
  }

  /// Refused: the connection is closing.
  public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
    throw TCPConnection.connectionClosing
  }

  /// Ignored.
  public func receiveSyn() -> Decision<any TCPState, TCPConnection.Output> { .ignore }

  /// Ignored.
  public func receiveSynAck() -> Decision<any TCPState, TCPConnection.Output> { .ignore }

  /// Ignored.
  public func receiveAck() -> Decision<any TCPState, TCPConnection.Output> { .ignore }

  /// Ignored.
  public func receiveFin() -> Decision<any TCPState, TCPConnection.Output> { .ignore }

  /// Ignored.
  public func timeout() -> Decision<any TCPState, TCPConnection.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (TCPConnection.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (TCPConnection.Output) -> Void) {}
}

extension TCPConnection {
  /// The TCP connection written with the State pattern: the Gang of Four's
  /// own example, in Swift.
  ///
  /// Notice that the context only delegates, and each state knows only its
  /// own part of the RFC. Notice too where the queue lives: in the states
  /// that can hold data. `SynSent` and `SynReceived` carry it, the handshake
  /// passes it on, `Established(transmitting:)` is handed it and transmits it
  /// on entry, and a `close` drops it by moving to a state that has none. So
  /// the queue exists only while data can wait, like the security system's
  /// attempt counter in `Armed`, and the context stays free of TCP's data.
  public struct StatePattern: TCPConnectionMachine {
    /// The current state object.
    public private(set) var current: any TCPState = Closed()

    /// Creates a closed connection.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    ///
    /// - Throws: `Rejection` when the state refuses a user call; nothing has
    ///   changed and nothing was emitted.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let decision =
        switch event {
        case .passiveOpen: try current.passiveOpen()
        case .activeOpen: try current.activeOpen()
        case .send(let data): try current.send(data)
        case .close: try current.close()
        case .receiveSyn: current.receiveSyn()
        case .receiveSynAck: current.receiveSynAck()
        case .receiveAck: current.receiveAck()
        case .receiveFin: current.receiveFin()
        case .timeout: current.timeout()
        }
      switch decision {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        current.exit(emit: emit)
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return .fired
    }
  }
}

extension TCPConnection.StatePattern {
  /// No connection: only an open is possible.
  public struct Closed: TCPState {
    /// `closed`.
    public var id: TCPConnection.State { .closed }

    /// Creates the TCB and waits for a peer.
    public func passiveOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Listen(), effect: [.createTCB])
    }

    /// Creates the TCB and sends a SYN.
    public func activeOpen() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: SynSent(), effect: [.createTCB, .sendSyn])
    }

    /// Refused: there is no connection to send on.
    public func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      throw TCPConnection.connectionDoesNotExist
    }

    /// Refused: there is no connection to close.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      throw TCPConnection.connectionDoesNotExist
    }
  }

  /// Waiting for a connection request from any remote TCP.
  public struct Listen: TCPState {
    /// `listen`.
    public var id: TCPConnection.State { .listen }

    /// Sending turns the passive open active: a SYN goes out, the data waits.
    public func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      .go(to: SynSent(queue: [data]), effect: [.sendSyn, .queued(data: data)])
    }

    /// Stops listening and deletes the TCB.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Closed(), effect: [.deleteTCB])
    }

    /// A peer asks to connect: answer its SYN.
    public func receiveSyn() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: SynReceived(), effect: [.sendSynAck])
    }
  }

  /// A SYN was sent; waiting for the peer's.
  public struct SynSent: TCPState {
    /// The data sent since the SYN, in order: the state's own data.
    public private(set) var queue: [String] = []

    /// `synSent`.
    public var id: TCPConnection.State { .synSent }

    /// Too early to transmit: the data waits in the queue.
    public mutating func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Gives up before the connection exists; the queue goes with this state.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Closed(), effect: [.deleteTCB])
    }

    /// The peer opened at the same time: acknowledge its SYN, keep the queue.
    public func receiveSyn() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: SynReceived(queue: queue), effect: [.sendAck])
    }

    /// The peer accepted: acknowledge, and the connection is open.
    public func receiveSynAck() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Established(transmitting: queue), effect: [.sendAck])
    }
  }

  /// A SYN was received and answered; waiting for its acknowledgment.
  public struct SynReceived: TCPState {
    /// The data sent so far, in order: the state's own data.
    public private(set) var queue: [String] = []

    /// `synReceived`.
    public var id: TCPConnection.State { .synReceived }

    /// Too early to transmit: the data waits in the queue.
    public mutating func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Closes before the connection is established; the queue goes with
    /// this state.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: FinWait1(), effect: [.sendFin])
    }

    /// The handshake is complete: the connection is open.
    public func receiveAck() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Established(transmitting: queue))
    }
  }

  /// Open: data flows both ways.
  public struct Established: TCPState {
    /// The data queued before the connection was open, transmitted on entry.
    public let transmitting: [String]

    /// Opens the connection with the data queued before it, if any.
    public init(transmitting queued: [String] = []) {
      self.transmitting = queued
    }

    /// `established`.
    public var id: TCPConnection.State { .established }

    /// Transmits the data queued before the connection was open, in order.
    public func entry(emit: (TCPConnection.Output) -> Void) {
      for data in transmitting { emit(.transmit(data: data)) }
    }

    /// Transmits at once.
    public func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes first: send a FIN.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: FinWait1(), effect: [.sendFin])
    }

    /// The peer closes first: acknowledge its FIN.
    public func receiveFin() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: CloseWait(), effect: [.sendAck])
    }
  }

  /// The user closed and a FIN was sent.
  public struct FinWait1: TCPState {
    /// `finWait1`.
    public var id: TCPConnection.State { .finWait1 }

    /// Our FIN was acknowledged.
    public func receiveAck() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: FinWait2())
    }

    /// The FINs crossed: acknowledge the peer's.
    public func receiveFin() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Closing(), effect: [.sendAck])
    }
  }

  /// Our FIN was acknowledged; waiting for the peer's.
  public struct FinWait2: TCPState {
    /// `finWait2`.
    public var id: TCPConnection.State { .finWait2 }

    /// The peer closes too: acknowledge, then wait.
    public func receiveFin() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: TimeWait(), effect: [.sendAck])
    }
  }

  /// The peer closed; the user may still send.
  public struct CloseWait: TCPState {
    /// `closeWait`.
    public var id: TCPConnection.State { .closeWait }

    /// Transmits at once: only the peer has stopped sending.
    public func send(_ data: String)
      throws(Rejection) -> Decision<any TCPState, TCPConnection.Output>
    {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes too: send a FIN.
    public func close() throws(Rejection) -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: LastAck(), effect: [.sendFin])
    }
  }

  /// Both sides sent a FIN at once; waiting for the ACK of ours.
  public struct Closing: TCPState {
    /// `closing`.
    public var id: TCPConnection.State { .closing }

    /// Our FIN was acknowledged.
    public func receiveAck() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: TimeWait())
    }
  }

  /// The peer closed first and so did we; waiting for the ACK of our FIN.
  public struct LastAck: TCPState {
    /// `lastAck`.
    public var id: TCPConnection.State { .lastAck }

    /// Our FIN was acknowledged: the connection is gone.
    public func receiveAck() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Closed())
    }
  }

  /// Waiting 2 MSL for stray segments to die out.
  public struct TimeWait: TCPState {
    /// `timeWait`.
    public var id: TCPConnection.State { .timeWait }

    /// The wait is over: delete the TCB.
    public func timeout() -> Decision<any TCPState, TCPConnection.Output> {
      .go(to: Closed(), effect: [.deleteTCB])
    }
  }
}
