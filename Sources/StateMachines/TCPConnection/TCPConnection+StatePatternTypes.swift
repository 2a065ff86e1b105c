/// A state of a TCP connection as a type: the Gang of Four's `TCPState` with
/// no state values at all, one type per state of RFC 9293 Figure 5.
///
/// Every method has a default below, the answer most states give: a segment
/// or the timer is ignored, an open is refused because the connection already
/// exists, and `send` or `close` is refused because the user has closed. So a
/// state writes only what it does differently. A refused user call throws
/// before the state changes anything. A type holds no data, so the methods
/// that fill, drop or transmit the queue are handed it by the context.
public protocol TCPStateType {
  /// The public id of this state.
  static var id: TCPConnection.State { get }

  /// Decides what a passive open does here.
  static func passiveOpen()
    throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what an active open does here.
  static func activeOpen()
    throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what sending `data` does here; a state may add it to `queue`.
  static func send(
    _ data: String, queue: inout [String]
  ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what closing does here; a state may drop `queue`.
  static func close(
    queue: inout [String]
  ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what an arriving SYN does here.
  static func receiveSyn() -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what an arriving SYN with an ACK does here.
  static func receiveSynAck() -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what an arriving ACK does here.
  static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what an arriving FIN does here.
  static func receiveFin() -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Decides what the expiry of the time-wait timer does here.
  static func timeout() -> Decision<any TCPStateType.Type, TCPConnection.Output>

  /// Runs every time a transition enters this state; it may use `queue`.
  static func entry(queue: inout [String], emit: (TCPConnection.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (TCPConnection.Output) -> Void)
}

extension TCPStateType {
  /// Refused: the connection already exists.
  public static func passiveOpen()
    throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>
  {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Refused: the connection already exists.
  public static func activeOpen()
    throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>
  {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Refused: the connection is closing.
  public static func send(
    _ data: String, queue: inout [String]
  ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    throw TCPConnection.connectionClosing
  }

  /// Refused: the connection is closing.
  public static func close(
    queue: inout [String]
  ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    throw TCPConnection.connectionClosing
  }

  /// Ignored.
  public static func receiveSyn() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    .ignore
  }

  /// Ignored.
  public static func receiveSynAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    .ignore
  }

  /// Ignored.
  public static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    .ignore
  }

  /// Ignored.
  public static func receiveFin() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    .ignore
  }

  /// Ignored.
  public static func timeout() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
    .ignore
  }

  /// Does nothing.
  public static func entry(queue: inout [String], emit: (TCPConnection.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (TCPConnection.Output) -> Void) {}
}

extension TCPConnection {
  /// The TCP connection written with the State pattern, each state a type:
  /// the Gang of Four's own example, in Swift, without state values.
  ///
  /// Notice what changed from `StatePattern`: `Closed.self` instead of
  /// `Closed()`, and the queue. There it lived in the states that can hold
  /// data and vanished with them; a type has no value to keep it in, so here
  /// the context keeps it, as the book's `TCPConnection` keeps its data, and
  /// lends it to the methods that use it. What the struct version got for
  /// free must now be said: each way out of the handshake either transmits
  /// the queue (`Established`'s entry) or drops it (`close`), so it is empty
  /// in every other state and each handshake starts with an empty one.
  public struct StatePatternTypes: TCPConnectionMachine {
    /// The current state.
    public private(set) var current: any TCPStateType.Type = Closed.self

    /// Data sent before the connection was established, in order: the data
    /// of `SynSent` and `SynReceived`, kept here because they are types, not
    /// values. Empty in every other state.
    public private(set) var queue: [String] = []

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
        case .send(let data): try current.send(data, queue: &queue)
        case .close: try current.close(queue: &queue)
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
        next.entry(queue: &queue, emit: emit)
        current = next
      }
      return .fired
    }
  }
}

extension TCPConnection.StatePatternTypes {
  /// No connection: only an open is possible.
  public enum Closed: TCPStateType {
    /// `closed`.
    public static var id: TCPConnection.State { .closed }

    /// Creates the TCB and waits for a peer.
    public static func passiveOpen()
      throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>
    {
      .go(to: Listen.self, effect: [.createTCB])
    }

    /// Creates the TCB and sends a SYN.
    public static func activeOpen()
      throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output>
    {
      .go(to: SynSent.self, effect: [.createTCB, .sendSyn])
    }

    /// Refused: there is no connection to send on.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      throw TCPConnection.connectionDoesNotExist
    }

    /// Refused: there is no connection to close.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      throw TCPConnection.connectionDoesNotExist
    }
  }

  /// Waiting for a connection request from any remote TCP.
  public enum Listen: TCPStateType {
    /// `listen`.
    public static var id: TCPConnection.State { .listen }

    /// Sending turns the passive open active: a SYN goes out, the data waits.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      queue.append(data)
      return .go(to: SynSent.self, effect: [.sendSyn, .queued(data: data)])
    }

    /// Stops listening and deletes the TCB.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Closed.self, effect: [.deleteTCB])
    }

    /// A peer asks to connect: answer its SYN.
    public static func receiveSyn() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: SynReceived.self, effect: [.sendSynAck])
    }
  }

  /// A SYN was sent; waiting for the peer's.
  public enum SynSent: TCPStateType {
    /// `synSent`.
    public static var id: TCPConnection.State { .synSent }

    /// Too early to transmit: the data waits in the queue.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Gives up before the connection exists, dropping the queue: in
    /// `StatePattern` it went with this state, here the context would keep it.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      queue.removeAll()
      return .go(to: Closed.self, effect: [.deleteTCB])
    }

    /// The peer opened at the same time: acknowledge its SYN, keep the queue.
    public static func receiveSyn() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: SynReceived.self, effect: [.sendAck])
    }

    /// The peer accepted: acknowledge, and the connection is open.
    public static func receiveSynAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Established.self, effect: [.sendAck])
    }
  }

  /// A SYN was received and answered; waiting for its acknowledgment.
  public enum SynReceived: TCPStateType {
    /// `synReceived`.
    public static var id: TCPConnection.State { .synReceived }

    /// Too early to transmit: the data waits in the queue.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Closes before the connection is established, dropping the queue: in
    /// `StatePattern` it went with this state, here the context would keep it.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      queue.removeAll()
      return .go(to: FinWait1.self, effect: [.sendFin])
    }

    /// The handshake is complete: the connection is open.
    public static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Established.self)
    }
  }

  /// Open: data flows both ways.
  public enum Established: TCPStateType {
    /// `established`.
    public static var id: TCPConnection.State { .established }

    /// Transmits the data queued before the connection was open, in order,
    /// then empties the queue: `StatePattern` handed it to
    /// `Established(transmitting:)`, which dropped it on leaving; the context
    /// would keep it for the next connection.
    public static func entry(queue: inout [String], emit: (TCPConnection.Output) -> Void) {
      for data in queue { emit(.transmit(data: data)) }
      queue.removeAll()
    }

    /// Transmits at once.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes first: send a FIN.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: FinWait1.self, effect: [.sendFin])
    }

    /// The peer closes first: acknowledge its FIN.
    public static func receiveFin() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: CloseWait.self, effect: [.sendAck])
    }
  }

  /// The user closed and a FIN was sent.
  public enum FinWait1: TCPStateType {
    /// `finWait1`.
    public static var id: TCPConnection.State { .finWait1 }

    /// Our FIN was acknowledged.
    public static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: FinWait2.self)
    }

    /// The FINs crossed: acknowledge the peer's.
    public static func receiveFin() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Closing.self, effect: [.sendAck])
    }
  }

  /// Our FIN was acknowledged; waiting for the peer's.
  public enum FinWait2: TCPStateType {
    /// `finWait2`.
    public static var id: TCPConnection.State { .finWait2 }

    /// The peer closes too: acknowledge, then wait.
    public static func receiveFin() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: TimeWait.self, effect: [.sendAck])
    }
  }

  /// The peer closed; the user may still send.
  public enum CloseWait: TCPStateType {
    /// `closeWait`.
    public static var id: TCPConnection.State { .closeWait }

    /// Transmits at once: only the peer has stopped sending.
    public static func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes too: send a FIN.
    public static func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: LastAck.self, effect: [.sendFin])
    }
  }

  /// Both sides sent a FIN at once; waiting for the ACK of ours.
  public enum Closing: TCPStateType {
    /// `closing`.
    public static var id: TCPConnection.State { .closing }

    /// Our FIN was acknowledged.
    public static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: TimeWait.self)
    }
  }

  /// The peer closed first and so did we; waiting for the ACK of our FIN.
  public enum LastAck: TCPStateType {
    /// `lastAck`.
    public static var id: TCPConnection.State { .lastAck }

    /// Our FIN was acknowledged: the connection is gone.
    public static func receiveAck() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Closed.self)
    }
  }

  /// Waiting 2 MSL for stray segments to die out.
  public enum TimeWait: TCPStateType {
    /// `timeWait`.
    public static var id: TCPConnection.State { .timeWait }

    /// The wait is over: delete the TCB.
    public static func timeout() -> Decision<any TCPStateType.Type, TCPConnection.Output> {
      .go(to: Closed.self, effect: [.deleteTCB])
    }
  }
}
