/// A state of a TCP connection as the Gang of Four print it: the book's own
/// `TCPState`, a class whose methods give the answer most states give, and
/// one subclass per state that overrides what that state does.
///
/// A segment or the timer is ignored, an open is refused because the
/// connection already exists, and `send` or `close` is refused because the
/// user has closed. The connection's data stays in the connection, as in the
/// book: the methods that work on the queue are handed it.
public class TCPStateObject {
  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: TCPConnection.State { fatalError("every subclass names its state") }

  /// Decides what a passive open does here.
  public func passiveOpen()
    throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output>
  {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Decides what an active open does here.
  public func activeOpen()
    throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output>
  {
    throw TCPConnection.connectionAlreadyExists
  }

  /// Decides what sending `data` does here; a state may add it to `queue`.
  public func send(
    _ data: String, queue: inout [String]
  ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
    throw TCPConnection.connectionClosing
  }

  /// Decides what closing does here; a state may drop `queue`.
  public func close(
    queue: inout [String]
  ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
    throw TCPConnection.connectionClosing
  }

  /// Decides what an arriving SYN does here.
  public func receiveSyn() -> Decision<TCPStateObject.Type, TCPConnection.Output> { .ignore }

  /// Decides what an arriving SYN with an ACK does here.
  public func receiveSynAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> { .ignore }

  /// Decides what an arriving ACK does here.
  public func receiveAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> { .ignore }

  /// Decides what an arriving FIN does here.
  public func receiveFin() -> Decision<TCPStateObject.Type, TCPConnection.Output> { .ignore }

  /// Decides what the expiry of the time-wait timer does here.
  public func timeout() -> Decision<TCPStateObject.Type, TCPConnection.Output> { .ignore }

  /// Runs every time a transition enters this state; it may use `queue`.
  public func entry(queue: inout [String], emit: (TCPConnection.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (TCPConnection.Output) -> Void) {}
}

extension TCPConnection {
  /// The TCP connection written with the book's state classes: the context
  /// holds the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class (`Established.self`)
  /// and the context makes the object: a new one per transition, as the book
  /// prints it, or, created with `sharingStateObjects`, one object per class
  /// made once and reused. Sharing is safe because no state object holds
  /// data: the queue of data sent too early belongs to the connection, as the
  /// book keeps its data in `TCPConnection`, and is lent to the methods that
  /// fill, drop or transmit it.
  public final class StateClasses: TCPConnectionMachine {
    /// The current state object.
    public private(set) var current: TCPStateObject = Closed()

    /// Data sent before the connection was established, in order; empty in
    /// every other state.
    public private(set) var queue: [String] = []

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [TCPStateObject]

    /// Creates a closed connection.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects =
        sharingStateObjects
        ? [
          Closed(), Listen(), SynSent(), SynReceived(), Established(), FinWait1(), FinWait2(),
          CloseWait(), Closing(), LastAck(), TimeWait(),
        ] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Delegates the event to the current state object, then carries out
    /// its decision: exit, effect, entry, in that order.
    ///
    /// - Throws: `Rejection` when the state refuses a user call; nothing has
    ///   changed and nothing was emitted.
    public func handle(_ event: Event, emit: (Output) -> Void) throws(Rejection) -> Outcome<State> {
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
        current = stateObject(next)
        current.entry(queue: &queue, emit: emit)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: TCPStateObject.Type) -> TCPStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension TCPConnection.StateClasses {
  /// No connection: only an open is possible.
  public final class Closed: TCPStateObject {
    /// `closed`.
    public override var id: TCPConnection.State { .closed }

    /// Creates the TCB and waits for a peer.
    public override func passiveOpen()
      throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output>
    {
      .go(to: Listen.self, effect: [.createTCB])
    }

    /// Creates the TCB and sends a SYN.
    public override func activeOpen()
      throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output>
    {
      .go(to: SynSent.self, effect: [.createTCB, .sendSyn])
    }

    /// Refused: there is no connection to send on.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      throw TCPConnection.connectionDoesNotExist
    }

    /// Refused: there is no connection to close.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      throw TCPConnection.connectionDoesNotExist
    }
  }

  /// Waiting for a connection request from any remote TCP.
  public final class Listen: TCPStateObject {
    /// `listen`.
    public override var id: TCPConnection.State { .listen }

    /// Sending turns the passive open active: a SYN goes out, the data waits.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      queue.append(data)
      return .go(to: SynSent.self, effect: [.sendSyn, .queued(data: data)])
    }

    /// Stops listening and deletes the TCB.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Closed.self, effect: [.deleteTCB])
    }

    /// A peer asks to connect: answer its SYN.
    public override func receiveSyn() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: SynReceived.self, effect: [.sendSynAck])
    }
  }

  /// A SYN was sent; waiting for the peer's.
  public final class SynSent: TCPStateObject {
    /// `synSent`.
    public override var id: TCPConnection.State { .synSent }

    /// Too early to transmit: the data waits in the queue.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Gives up before the connection exists, dropping the queue.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      queue.removeAll()
      return .go(to: Closed.self, effect: [.deleteTCB])
    }

    /// The peer opened at the same time: acknowledge its SYN.
    public override func receiveSyn() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: SynReceived.self, effect: [.sendAck])
    }

    /// The peer accepted: acknowledge, and the connection is open.
    public override func receiveSynAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Established.self, effect: [.sendAck])
    }
  }

  /// A SYN was received and answered; waiting for its acknowledgment.
  public final class SynReceived: TCPStateObject {
    /// `synReceived`.
    public override var id: TCPConnection.State { .synReceived }

    /// Too early to transmit: the data waits in the queue.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      queue.append(data)
      return .stay(effect: [.queued(data: data)])
    }

    /// Closes before the connection is established, dropping the queue.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      queue.removeAll()
      return .go(to: FinWait1.self, effect: [.sendFin])
    }

    /// The handshake is complete.
    public override func receiveAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Established.self)
    }
  }

  /// Open: data flows both ways.
  public final class Established: TCPStateObject {
    /// `established`.
    public override var id: TCPConnection.State { .established }

    /// Transmits the data queued before the connection was open, in order,
    /// then empties the queue.
    public override func entry(queue: inout [String], emit: (TCPConnection.Output) -> Void) {
      for data in queue { emit(.transmit(data: data)) }
      queue.removeAll()
    }

    /// Transmits at once.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes first: send a FIN.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: FinWait1.self, effect: [.sendFin])
    }

    /// The peer closes first: acknowledge its FIN.
    public override func receiveFin() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: CloseWait.self, effect: [.sendAck])
    }
  }

  /// The user closed and a FIN was sent.
  public final class FinWait1: TCPStateObject {
    /// `finWait1`.
    public override var id: TCPConnection.State { .finWait1 }

    /// Our FIN was acknowledged.
    public override func receiveAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: FinWait2.self)
    }

    /// The FINs crossed: acknowledge the peer's.
    public override func receiveFin() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Closing.self, effect: [.sendAck])
    }
  }

  /// Our FIN was acknowledged; waiting for the peer's.
  public final class FinWait2: TCPStateObject {
    /// `finWait2`.
    public override var id: TCPConnection.State { .finWait2 }

    /// The peer closes too: acknowledge, then wait.
    public override func receiveFin() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: TimeWait.self, effect: [.sendAck])
    }
  }

  /// The peer closed; the user may still send.
  public final class CloseWait: TCPStateObject {
    /// `closeWait`.
    public override var id: TCPConnection.State { .closeWait }

    /// Transmits at once: only the peer has stopped sending.
    public override func send(
      _ data: String, queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .stay(effect: [.transmit(data: data)])
    }

    /// The user closes too: send a FIN.
    public override func close(
      queue: inout [String]
    ) throws(Rejection) -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: LastAck.self, effect: [.sendFin])
    }
  }

  /// Both sides sent a FIN at once; waiting for the ACK of ours.
  public final class Closing: TCPStateObject {
    /// `closing`.
    public override var id: TCPConnection.State { .closing }

    /// Our FIN was acknowledged.
    public override func receiveAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: TimeWait.self)
    }
  }

  /// The peer closed first and so did we; waiting for the ACK of our FIN.
  public final class LastAck: TCPStateObject {
    /// `lastAck`.
    public override var id: TCPConnection.State { .lastAck }

    /// Our FIN was acknowledged: the connection is gone.
    public override func receiveAck() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Closed.self)
    }
  }

  /// Waiting 2 MSL for stray segments to die out.
  public final class TimeWait: TCPStateObject {
    /// `timeWait`.
    public override var id: TCPConnection.State { .timeWait }

    /// The wait is over: delete the TCB.
    public override func timeout() -> Decision<TCPStateObject.Type, TCPConnection.Output> {
      .go(to: Closed.self, effect: [.deleteTCB])
    }
  }
}
