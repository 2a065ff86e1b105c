/// A state of a TCP connection in the State pattern: the Gang of Four's
/// `TCPState`, one type per state of RFC 9293 Figure 5.
///
/// It is composed of smaller protocols: the events it may handle and the
/// activity it may have, each with a default, so a state writes only what it
/// does differently.
public protocol TCPConnectionState: TCPConnectionEvents, TCPConnectionActivities {
  /// The public id of this state.
  var id: TCPConnection.State { get }
}

/// The events a TCP state may handle.
///
/// As in the Gang of Four's abstract `TCPState`, the defaults are what most
/// states do: a segment or the timer is ignored, and an open is refused
/// because the connection already exists. `send` and `close` have no
/// default: every state decides them, itself or as a `ClosingConnection`.
/// Where the book passes the `TCPConnection` to each operation, a state here
/// is lent only the connection's data it works on: the queue.
public protocol TCPConnectionEvents {
  /// What a TCP state returns to its context.
  typealias Transition = StateMachines.Transition<any TCPConnectionState, TCPConnection.Output>

  /// Decides what a passive open does here.
  func passiveOpen() throws(Rejection) -> Transition

  /// Decides what an active open does here.
  func activeOpen() throws(Rejection) -> Transition

  /// Decides what sending `data` does here; a state may queue it.
  func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition

  /// Decides what closing does here; a state may drop the queue.
  func close(queue: inout [String]) throws(Rejection) -> Transition

  /// Decides what an arriving SYN does here.
  func receiveSyn() -> Transition

  /// Decides what an arriving SYN with an ACK does here.
  func receiveSynAck() -> Transition

  /// Decides what an arriving ACK does here.
  func receiveAck() -> Transition

  /// Decides what an arriving FIN does here.
  func receiveFin() -> Transition

  /// Decides what the expiry of the time-wait timer does here.
  func timeout() -> Transition
}

extension TCPConnectionEvents {
  /// Refused: the connection already exists.
  public func passiveOpen() throws(Rejection) -> Transition {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Refused: the connection already exists.
  public func activeOpen() throws(Rejection) -> Transition {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Ignored.
  public func receiveSyn() -> Transition { .ignore }

  /// Ignored.
  public func receiveSynAck() -> Transition { .ignore }

  /// Ignored.
  public func receiveAck() -> Transition { .ignore }

  /// Ignored.
  public func receiveFin() -> Transition { .ignore }

  /// Ignored.
  public func timeout() -> Transition { .ignore }
}

/// The entry activity of a TCP state, which may use the connection's queue.
///
/// The core's `StateActivities` cannot express it, because its activities see
/// only the sink, and `established`'s entry must empty the queue it transmits.
/// No TCP state has an exit activity.
public protocol TCPConnectionActivities {
  /// Runs every time the state is entered by a transition.
  func entry(queue: inout [String], into sink: inout some OutputSink<TCPConnection.Output>)
}

extension TCPConnectionActivities {
  /// Does nothing.
  public func entry(
    queue: inout [String], into sink: inout some OutputSink<TCPConnection.Output>
  ) {}
}

/// A state after the user's `close`: there is nothing left to send or close.
public protocol ClosingConnection: TCPConnectionState {}

extension ClosingConnection {
  /// Refused: the connection is closing.
  public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
    throw TCPConnection.connectionClosing
  }

  /// Refused: the connection is closing.
  public func close(queue: inout [String]) throws(Rejection) -> Transition {
    throw TCPConnection.connectionClosing
  }
}

extension TCPConnection {
  /// The TCP connection written with the State pattern: the Gang of Four's
  /// own example, in Swift.
  ///
  /// Notice how close it stays to the book: the context delegates every
  /// request to its current state, and each state knows only its own part
  /// of the RFC. Three things are modern. A state returns the transition to
  /// take and the context carries it out in one place, instead of each state
  /// calling `ChangeState`. The states are structs without stored properties,
  /// free to create and stored inline in `current`, so they need no shared
  /// `Instance()`. And the connection's data, the queue of data sent before
  /// establishment, stays in the context and is lent `inout` to the states
  /// that fill, drop or transmit it, so its storage is reused from one
  /// connection to the next.
  public struct StatePattern: TCPConnectionMachine {
    /// What a TCP state returns to its context.
    public typealias Transition = TCPConnectionEvents.Transition

    /// The current state object.
    public private(set) var current: any TCPConnectionState = Closed()

    /// Data sent before the connection was established, in order; empty in
    /// every other state.
    public private(set) var queue: [String] = []

    /// Creates a closed connection.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the event does, then carries it out.
    public mutating func handle(
      _ event: Event, into sink: inout some OutputSink<Output>
    ) throws(Rejection) -> Outcome<State> {
      let transition =
        switch event {
        case .passiveOpen: try current.passiveOpen()
        case .activeOpen: try current.activeOpen()
        case .send(let data): try current.send(data, queue: &queue)
        case .close: try current.close(queue: &queue)
        case .receiveSyn: current.receiveSyn()
        case .receiveSynAck: current.receiveSynAck()
        case .receiveAck: current.receiveAck()
        case .receiveFin: current.receiveFin()
        case .timeout: current.timeout()
        }
      return carryOut(consume transition, into: &sink)
    }

    /// Runs effect and entry, in that order, and switches state (no TCP state
    /// has an exit activity).
    ///
    /// The transition is `consuming`: it is used once, so the context takes
    /// it over rather than copying it and the state inside it.
    private mutating func carryOut(
      _ transition: consuming Transition, into sink: inout some OutputSink<Output>
    ) -> Outcome<State> {
      switch consume transition {
      case .ignore:
        return .ignored
      case .stay(let effect):
        effect.emit(into: &sink)
        return .fired
      case .go(let target, let effect):
        effect.emit(into: &sink)
        target.entry(queue: &queue, into: &sink)
        current = target
        return .fired
      }
    }
  }
}

extension TCPConnection.StatePattern {
  /// No connection: only an open is possible.
  public struct Closed: TCPConnectionState {
    /// `closed`.
    public var id: TCPConnection.State { .closed }

    /// Creates the TCB and waits for a peer.
    public func passiveOpen() throws(Rejection) -> Transition {
      .go(to: Listen(), effect: Effect(.createTCB))
    }

    /// Creates the TCB and sends a SYN.
    public func activeOpen() throws(Rejection) -> Transition {
      .go(to: SynSent(), effect: Effect(.createTCB, .sendSyn))
    }

    /// Refused: there is no connection to send on.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      throw TCPConnection.connectionDoesNotExist
    }

    /// Refused: there is no connection to close.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      throw TCPConnection.connectionDoesNotExist
    }
  }

  /// Waiting for a connection request from any remote TCP.
  public struct Listen: TCPConnectionState {
    /// `listen`.
    public var id: TCPConnection.State { .listen }

    /// Sending turns the passive open active: a SYN goes out, the data waits.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      queue.append(data)
      return .go(to: SynSent(), effect: Effect(.sendSyn, .queued(data: data)))
    }

    /// Stops listening and deletes the TCB.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      queue.removeAll(keepingCapacity: true)
      return .go(to: Closed(), effect: Effect(.deleteTCB))
    }

    /// A peer asks to connect: answer its SYN.
    public func receiveSyn() -> Transition {
      .go(to: SynReceived(), effect: Effect(.sendSynAck))
    }
  }

  /// A SYN was sent; waiting for the peer's.
  public struct SynSent: TCPConnectionState {
    /// `synSent`.
    public var id: TCPConnection.State { .synSent }

    /// Too early to transmit: the data waits in the queue.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      queue.append(data)
      return .stay(effect: Effect(.queued(data: data)))
    }

    /// Gives up before the connection exists, dropping the queue.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      queue.removeAll(keepingCapacity: true)
      return .go(to: Closed(), effect: Effect(.deleteTCB))
    }

    /// The peer opened at the same time: acknowledge its SYN.
    public func receiveSyn() -> Transition {
      .go(to: SynReceived(), effect: Effect(.sendAck))
    }

    /// The peer accepted: acknowledge, and the connection is open.
    public func receiveSynAck() -> Transition {
      .go(to: Established(), effect: Effect(.sendAck))
    }
  }

  /// A SYN was received and answered; waiting for its acknowledgment.
  public struct SynReceived: TCPConnectionState {
    /// `synReceived`.
    public var id: TCPConnection.State { .synReceived }

    /// Too early to transmit: the data waits in the queue.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      queue.append(data)
      return .stay(effect: Effect(.queued(data: data)))
    }

    /// Closes before the connection is established, dropping the queue.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      queue.removeAll(keepingCapacity: true)
      return .go(to: FinWait1(), effect: Effect(.sendFin))
    }

    /// The handshake is complete.
    public func receiveAck() -> Transition { .go(to: Established()) }
  }

  /// Open: data flows both ways.
  public struct Established: TCPConnectionState {
    /// `established`.
    public var id: TCPConnection.State { .established }

    /// Transmits the data queued before the connection was open, in order,
    /// then empties the queue, keeping its storage for the next connection.
    public func entry(
      queue: inout [String], into sink: inout some OutputSink<TCPConnection.Output>
    ) {
      for data in queue { sink.emit(.transmit(data: data)) }
      queue.removeAll(keepingCapacity: true)
    }

    /// Transmits at once.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      .stay(effect: Effect(.transmit(data: data)))
    }

    /// The user closes first: send a FIN.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      .go(to: FinWait1(), effect: Effect(.sendFin))
    }

    /// The peer closes first: acknowledge its FIN.
    public func receiveFin() -> Transition {
      .go(to: CloseWait(), effect: Effect(.sendAck))
    }
  }

  /// The user closed and a FIN was sent.
  public struct FinWait1: ClosingConnection {
    /// `finWait1`.
    public var id: TCPConnection.State { .finWait1 }

    /// Our FIN was acknowledged.
    public func receiveAck() -> Transition { .go(to: FinWait2()) }

    /// The FINs crossed: acknowledge the peer's.
    public func receiveFin() -> Transition {
      .go(to: Closing(), effect: Effect(.sendAck))
    }
  }

  /// Our FIN was acknowledged; waiting for the peer's.
  public struct FinWait2: ClosingConnection {
    /// `finWait2`.
    public var id: TCPConnection.State { .finWait2 }

    /// The peer closes too: acknowledge, then wait.
    public func receiveFin() -> Transition {
      .go(to: TimeWait(), effect: Effect(.sendAck))
    }
  }

  /// The peer closed; the user may still send.
  public struct CloseWait: TCPConnectionState {
    /// `closeWait`.
    public var id: TCPConnection.State { .closeWait }

    /// Transmits at once: only the peer has stopped sending.
    public func send(_ data: String, queue: inout [String]) throws(Rejection) -> Transition {
      .stay(effect: Effect(.transmit(data: data)))
    }

    /// The user closes too: send a FIN.
    public func close(queue: inout [String]) throws(Rejection) -> Transition {
      .go(to: LastAck(), effect: Effect(.sendFin))
    }
  }

  /// Both sides sent a FIN at once; waiting for the ACK of ours.
  public struct Closing: ClosingConnection {
    /// `closing`.
    public var id: TCPConnection.State { .closing }

    /// Our FIN was acknowledged.
    public func receiveAck() -> Transition { .go(to: TimeWait()) }
  }

  /// The peer closed first and so did we; waiting for the ACK of our FIN.
  public struct LastAck: ClosingConnection {
    /// `lastAck`.
    public var id: TCPConnection.State { .lastAck }

    /// Our FIN was acknowledged: the connection is gone.
    public func receiveAck() -> Transition { .go(to: Closed()) }
  }

  /// Waiting 2 MSL for stray segments to die out.
  public struct TimeWait: ClosingConnection {
    /// `timeWait`.
    public var id: TCPConnection.State { .timeWait }

    /// The wait is over: delete the TCB.
    public func timeout() -> Transition {
      .go(to: Closed(), effect: Effect(.deleteTCB))
    }
  }
}
