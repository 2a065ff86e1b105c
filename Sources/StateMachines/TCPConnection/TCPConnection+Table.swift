extension TCPConnection {
  /// The TCP connection written as a transition table: rows of data that one
  /// engine runs.
  ///
  /// Notice that the table holds more than transitions: the user calls that
  /// RFC 9293 section 3.10 refuses are rows too, rows that reject, and
  /// `established`'s entry activity is data that transmits the queue. The
  /// rows that queue, transmit or drop data name their work in labels such
  /// as `queued(data)`, which are what the diagram prints. Everything not in
  /// the table is ignored.
  public struct Table: TCPConnectionMachine {
    /// What the machine keeps beside its state.
    public struct Data: Hashable, Sendable {
      /// Data sent before the connection was established, in order.
      public var queue: [String] = []
    }

    /// A row of the table.
    public typealias Row = TransitionTable<State, Event, Output, Data>.Row

    /// The TCP connection's table: RFC 9293 Figure 5, the data transfer, and
    /// the user calls it refuses.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: transitions + refusals,
      entry: [
        .established: .does("transmit(queued)") { data, emit in
          for queued in data.queue { emit(.transmit(data: queued)) }
          data.queue.removeAll()
        }
      ])

    /// The transitions, in the order of the specification (docs/machines).
    private static let transitions: [Row] = [
      .init(.closed, on: .passiveOpen, effect: [.createTCB], to: .listen),
      .init(.closed, on: .activeOpen, effect: [.createTCB, .sendSyn], to: .synSent),
      .init(.listen, on: .close, effect: [.deleteTCB], to: .closed),
      .init(.listen, on: .receiveSyn, effect: [.sendSynAck], to: .synReceived),
      .init(
        .listen, on: .send, effect: ["sendSyn", "queued(data)"], to: .synSent,
        perform: { data, event, emit in
          emit(.sendSyn)
          queue(&data, event, emit)
        }),
      .init(
        .synSent, on: .close, effect: ["deleteTCB"], to: .closed,
        perform: { data, _, emit in
          data.queue.removeAll()
          emit(.deleteTCB)
        }),
      .init(.synSent, on: .receiveSyn, effect: [.sendAck], to: .synReceived),
      .init(.synSent, on: .receiveSynAck, effect: [.sendAck], to: .established),
      .init(.synSent, on: .send, effect: ["queued(data)"], perform: queue),
      .init(.synReceived, on: .send, effect: ["queued(data)"], perform: queue),
      .init(.synReceived, on: .receiveAck, to: .established),
      .init(
        .synReceived, on: .close, effect: ["sendFin"], to: .finWait1,
        perform: { data, _, emit in
          data.queue.removeAll()
          emit(.sendFin)
        }),
      .init(.established, on: .close, effect: [.sendFin], to: .finWait1),
      .init(.established, on: .receiveFin, effect: [.sendAck], to: .closeWait),
      .init(.established, on: .send, effect: ["transmit(data)"], perform: transmit),
      .init(.closeWait, on: .close, effect: [.sendFin], to: .lastAck),
      .init(.closeWait, on: .send, effect: ["transmit(data)"], perform: transmit),
      .init(.finWait1, on: .receiveAck, to: .finWait2),
      .init(.finWait1, on: .receiveFin, effect: [.sendAck], to: .closing),
      .init(.finWait2, on: .receiveFin, effect: [.sendAck], to: .timeWait),
      .init(.closing, on: .receiveAck, to: .timeWait),
      .init(.lastAck, on: .receiveAck, to: .closed),
      .init(.timeWait, on: .timeout, effect: [.deleteTCB], to: .closed),
    ]

    /// The user calls that do not fit the state (RFC 9293 section 3.10).
    private static let refusals: [Row] =
      reject([.send, .close], in: [.closed], connectionDoesNotExist)
      + reject(
        [.passiveOpen, .activeOpen], in: State.allCases.filter { $0 != .closed },
        connectionAlreadyExists)
      + reject(
        [.send, .close], in: [.finWait1, .finWait2, .closing, .lastAck, .timeWait],
        connectionClosing)

    /// One rejecting row for each of `events` in each of `states`.
    private static func reject(
      _ events: [Event.Kind], in states: [State], _ rejection: Rejection
    ) -> [Row] {
      states.flatMap { state in events.map { .reject(state, on: $0, rejection.message) } }
    }

    /// The effect `queued(data)`: keeps the data `send` carries until the
    /// connection is established.
    private static func queue(_ data: inout Data, _ event: Event, _ emit: (Output) -> Void) {
      let sent = event.argument ?? ""
      data.queue.append(sent)
      emit(.queued(data: sent))
    }

    /// The effect `transmit(data)`: sends the data `send` carries at once.
    private static func transmit(_ data: inout Data, _ event: Event, _ emit: (Output) -> Void) {
      emit(.transmit(data: event.argument ?? ""))
    }

    /// The current state.
    public private(set) var state: State = .closed

    /// The queue.
    public private(set) var data = Data()

    /// Creates a closed connection.
    public init() {}

    /// Looks the event up in the table and carries out the row found.
    ///
    /// - Throws: `Rejection` when the row found refuses the event; nothing
    ///   has changed and nothing was emitted.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      try Self.table.fire(event, state: &state, data: &data, emit: emit)
    }
  }
}
