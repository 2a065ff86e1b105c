/// A TCP connection as RFC 793 Figure 6 (RFC 9293 Figure 5) draws it, with
/// the data transfer of the Gang of Four's TCPConnection example.
///
/// Eleven states, three kinds of event (the user's calls, segments from the
/// peer, a timer), an entry activity that uses extended state (`established`
/// transmits the data queued before it), internal transitions, and user
/// calls rejected as errors where the connection cannot take them.
public enum TCPConnection: Machine {
  /// The connection's states, named as in the RFC.
  public enum State: String, StateID {
    /// No connection (initial).
    case closed
    /// Waiting for a connection request from any remote TCP.
    case listen
    /// A SYN was sent; waiting for the peer's SYN.
    case synSent
    /// A SYN was received and answered; waiting for its acknowledgment.
    case synReceived
    /// Open: data flows both ways.
    case established
    /// The user closed and a FIN was sent; waiting for its ACK or the peer's FIN.
    case finWait1
    /// Our FIN was acknowledged; waiting for the peer's FIN.
    case finWait2
    /// The peer closed; waiting for the user to close.
    case closeWait
    /// Both sides sent a FIN at once; waiting for the ACK of ours.
    case closing
    /// The peer closed first and so did we; waiting for the ACK of our FIN.
    case lastAck
    /// Both FINs are acknowledged; waiting 2 MSL for stray segments to die out.
    case timeWait
  }

  /// What the connection is told: calls of its user, segments from the
  /// peer, and its timer.
  public enum Event: MachineEvent {
    /// The user waits for a peer to connect.
    case passiveOpen
    /// The user connects to a peer.
    case activeOpen
    /// The user sends `data`.
    case send(data: String)
    /// The user has no more data to send.
    case close
    /// A SYN segment arrived.
    case receiveSyn
    /// A SYN segment with an ACK arrived.
    case receiveSynAck
    /// An ACK segment arrived.
    case receiveAck
    /// A FIN segment arrived.
    case receiveFin
    /// The time-wait timer expired (2 MSL).
    case timeout

    /// The nine events; `send` carries data.
    public static let signatures: [EventSignature<Event>] = [
      .plain("passiveOpen", .passiveOpen),
      .plain("activeOpen", .activeOpen),
      .data("send") { .send(data: $0) },
      .plain("close", .close),
      .plain("receiveSyn", .receiveSyn),
      .plain("receiveSynAck", .receiveSynAck),
      .plain("receiveAck", .receiveAck),
      .plain("receiveFin", .receiveFin),
      .plain("timeout", .timeout),
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case passiveOpen, activeOpen, send, close, receiveSyn, receiveSynAck, receiveAck, receiveFin,
        timeout
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .passiveOpen: .passiveOpen
      case .activeOpen: .activeOpen
      case .send: .send
      case .close: .close
      case .receiveSyn: .receiveSyn
      case .receiveSynAck: .receiveSynAck
      case .receiveAck: .receiveAck
      case .receiveFin: .receiveFin
      case .timeout: .timeout
      }
    }

    /// The data, for `send`.
    public var argument: String? {
      switch self {
      case .send(let data): data
      case .passiveOpen, .activeOpen, .close, .receiveSyn, .receiveSynAck, .receiveAck,
        .receiveFin, .timeout:
        nil
      }
    }
  }

  /// What the connection does: its control block, the segments it sends, and
  /// the data it queues or transmits.
  public enum Output: MachineOutput {
    /// Create the transmission control block.
    case createTCB
    /// Delete the transmission control block.
    case deleteTCB
    /// Send a SYN segment.
    case sendSyn
    /// Send a SYN segment with an ACK.
    case sendSynAck
    /// Send an ACK segment.
    case sendAck
    /// Send a FIN segment.
    case sendFin
    /// Keep `data` until the connection is established.
    case queued(data: String)
    /// Send `data` to the peer.
    case transmit(data: String)

    /// The public id, as in `transmit`.
    public var name: String {
      switch self {
      case .createTCB: "createTCB"
      case .deleteTCB: "deleteTCB"
      case .sendSyn: "sendSyn"
      case .sendSynAck: "sendSynAck"
      case .sendAck: "sendAck"
      case .sendFin: "sendFin"
      case .queued: "queued"
      case .transmit: "transmit"
      }
    }

    /// The data, for `queued` and `transmit`.
    public var data: String? {
      switch self {
      case .queued(let data), .transmit(let data): data
      case .createTCB, .deleteTCB, .sendSyn, .sendSynAck, .sendAck, .sendFin: nil
      }
    }
  }

  /// `send` or `close` before any open (RFC 9293 section 3.10).
  public static let connectionDoesNotExist = Rejection("connection does not exist")

  /// An open anywhere but in `closed`.
  public static let connectionAlreadyExists = Rejection("connection already exists")

  /// `send` or `close` after the user has closed the connection.
  public static let connectionClosing = Rejection("connection closing")

  /// `tcp-connection`.
  public static let id = "tcp-connection"

  /// One sentence on the TCP connection.
  public static let summary =
    "The TCP connection of RFC 793: eleven states, segments, a timer and queued data."

  /// The TCP connection as a diagram: the transitions of RFC 9293 Figure 5
  /// plus the data transfer, drawn from the rows and activities the `table`
  /// style runs on.
  public static let description = MachineDescription<State>(
    initial: .closed, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// One line per style: how each builds a closed connection as
  /// `implementation` writes it; the configuration has nothing for it.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
    .tableMatrix: { _ in TableMatrix() },
  ]

  /// Every event; `send` with a short payload.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [
      .passiveOpen, .activeOpen, .send(data: "hello"), .close, .receiveSyn, .receiveSynAck,
      .receiveAck, .receiveFin, .timeout,
    ]
  }

  /// The ways to open and close a connection, and data sent too early.
  public static let workedExamples = [
    WorkedExample<Self>(
      "active open and close",
      [
        .activeOpen, .receiveSynAck, .send(data: "hello"), .close, .receiveAck, .receiveFin,
        .timeout,
      ]),
    WorkedExample<Self>(
      "passive open and close",
      [
        .passiveOpen, .receiveSyn, .receiveAck, .receiveFin, .send(data: "bye"), .close,
        .receiveAck,
      ]),
    WorkedExample<Self>(
      "simultaneous open: both sides send a SYN",
      [.activeOpen, .receiveSyn, .receiveAck]),
    WorkedExample<Self>(
      "simultaneous close: the FINs cross",
      [.activeOpen, .receiveSynAck, .close, .receiveFin, .receiveAck, .timeout]),
    WorkedExample<Self>(
      "data queued before establishment is transmitted on it",
      [.activeOpen, .send(data: "hello"), .send(data: "world"), .receiveSynAck]),
    WorkedExample<Self>(
      "a passive open turned active by a send",
      [.passiveOpen, .send(data: "hello"), .receiveSynAck]),
  ]
}

/// A TCP connection in any style: what all its implementations share.
public protocol TCPConnectionMachine: StateMachine
where
  State == TCPConnection.State, Event == TCPConnection.Event,
  Output == TCPConnection.Output, Failure == Rejection
{}

extension TCPConnectionMachine {
  /// Waits for a peer to connect and returns the outputs.
  ///
  /// - Throws: `Rejection` unless the connection is closed.
  @discardableResult
  public mutating func passiveOpen() throws(Rejection) -> [Output] {
    try outputs(of: .passiveOpen)
  }

  /// Connects to a peer and returns the outputs.
  ///
  /// - Throws: `Rejection` unless the connection is closed.
  @discardableResult
  public mutating func activeOpen() throws(Rejection) -> [Output] {
    try outputs(of: .activeOpen)
  }

  /// Sends `data`, or queues it until the connection is established, and
  /// returns the outputs.
  ///
  /// - Throws: `Rejection` when there is no connection or it is closing.
  @discardableResult
  public mutating func send(_ data: String) throws(Rejection) -> [Output] {
    try outputs(of: .send(data: data))
  }

  /// Closes the connection and returns the outputs.
  ///
  /// - Throws: `Rejection` when there is no connection or it is closing.
  @discardableResult
  public mutating func close() throws(Rejection) -> [Output] {
    try outputs(of: .close)
  }

  /// Delivers a SYN segment and returns the outputs.
  @discardableResult
  public mutating func receiveSyn() -> [Output] { outputs(ofAccepted: .receiveSyn) }

  /// Delivers a SYN segment with an ACK and returns the outputs.
  @discardableResult
  public mutating func receiveSynAck() -> [Output] { outputs(ofAccepted: .receiveSynAck) }

  /// Delivers an ACK segment and returns the outputs.
  @discardableResult
  public mutating func receiveAck() -> [Output] { outputs(ofAccepted: .receiveAck) }

  /// Delivers a FIN segment and returns the outputs.
  @discardableResult
  public mutating func receiveFin() -> [Output] { outputs(ofAccepted: .receiveFin) }

  /// Lets the time-wait timer expire and returns the outputs.
  @discardableResult
  public mutating func timeout() -> [Output] { outputs(ofAccepted: .timeout) }
}
