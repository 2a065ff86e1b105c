extension TCPConnection {
  /// The TCP connection written as a state-transition matrix, the way
  /// protocol engines write it: eleven rows, nine columns, and in each cell
  /// the next state, the segments to send, the refusal, and the work to do
  /// with the data.
  ///
  /// Notice the last matrix, `work`. Most of what a cell does is a value
  /// stored in it, but the data a `send` carries and the queue it joins are
  /// not known until the event comes, so a cell can only name that work:
  /// queue the data, transmit it, drop the queue, or transmit the queue.
  /// One `switch` on the name does it, the engine's action routine, and it
  /// runs for nine cells of ninety-nine. `established`'s entry activity is
  /// one of them, written into the two cells that enter it (`flush`): a
  /// matrix has cells, not states to hang activities on. Everything not
  /// taken is a cell too, with a refusal or nothing, so the user calls RFC
  /// 9293 section 3.10 refuses sit in the grid beside the transitions.
  public struct TableMatrix: TCPConnectionMachine {
    /// What a cell does with the data, beside the outputs it stores.
    public enum Work: Sendable {
      /// `queued(data)`: keeps the data `send` carries until the connection
      /// is established.
      case queue
      /// `transmit(data)`: sends the data `send` carries at once.
      case transmit
      /// Forgets the queue: the connection closes before it was sent.
      case drop
      /// `established`'s entry activity: transmits the queue, in order.
      case flush
    }

    /// The number of columns: one per kind of event, in the order of `Event`.
    public static let columns = 9

    /// The next state of each cell, row by row: `next[row * columns +
    /// column]`; `nil` where the event is not taken (ignored, or refused).
    public static let next: [State?] = [
      // passiveOpen, activeOpen, send, close, receiveSyn, receiveSynAck,
      // receiveAck, receiveFin, timeout
      .listen, .synSent, nil, nil, nil, nil, nil, nil, nil,  // closed
      nil, nil, .synSent, .closed, .synReceived, nil, nil, nil, nil,  // listen
      nil, nil, .synSent, .closed, .synReceived, .established, nil, nil, nil,  // synSent
      nil, nil, .synReceived, .finWait1, nil, nil, .established, nil, nil,  // synReceived
      nil, nil, .established, .finWait1, nil, nil, nil, .closeWait, nil,  // established
      nil, nil, nil, nil, nil, nil, .finWait2, .closing, nil,  // finWait1
      nil, nil, nil, nil, nil, nil, nil, .timeWait, nil,  // finWait2
      nil, nil, .closeWait, .lastAck, nil, nil, nil, nil, nil,  // closeWait
      nil, nil, nil, nil, nil, nil, .timeWait, nil, nil,  // closing
      nil, nil, nil, nil, nil, nil, .closed, nil, nil,  // lastAck
      nil, nil, nil, nil, nil, nil, nil, nil, .closed,  // timeWait
    ]

    /// The outputs each cell stores, in the same order: those without data,
    /// each list kept inline by `Effects`, so that reading a cell retains no
    /// array.
    public static let outputs: [Effects<Output>] = [
      [.createTCB], [.createTCB, .sendSyn], [], [], [], [], [], [], [],  // closed
      [], [], [.sendSyn], [.deleteTCB], [.sendSynAck], [], [], [], [],  // listen
      [], [], [], [.deleteTCB], [.sendAck], [.sendAck], [], [], [],  // synSent
      [], [], [], [.sendFin], [], [], [], [], [],  // synReceived
      [], [], [], [.sendFin], [], [], [], [.sendAck], [],  // established
      [], [], [], [], [], [], [], [.sendAck], [],  // finWait1
      [], [], [], [], [], [], [], [.sendAck], [],  // finWait2
      [], [], [], [.sendFin], [], [], [], [], [],  // closeWait
      [], [], [], [], [], [], [], [], [],  // closing
      [], [], [], [], [], [], [], [], [],  // lastAck
      [], [], [], [], [], [], [], [], [.deleteTCB],  // timeWait
    ]

    /// The work with the data each cell does after its outputs, in the same
    /// order; `nil` for none.
    public static let work: [Work?] = [
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // closed
      nil, nil, .queue, nil, nil, nil, nil, nil, nil,  // listen
      nil, nil, .queue, .drop, nil, .flush, nil, nil, nil,  // synSent
      nil, nil, .queue, .drop, nil, nil, .flush, nil, nil,  // synReceived
      nil, nil, .transmit, nil, nil, nil, nil, nil, nil,  // established
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // finWait1
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // finWait2
      nil, nil, .transmit, nil, nil, nil, nil, nil, nil,  // closeWait
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // closing
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // lastAck
      nil, nil, nil, nil, nil, nil, nil, nil, nil,  // timeWait
    ]

    /// The refusal of each cell that refuses its event, in the same order:
    /// the user calls that do not fit the state (RFC 9293 section 3.10).
    public static let refusals: [Rejection?] = {
      let (absent, exists, closing) = (
        connectionDoesNotExist, connectionAlreadyExists, connectionClosing
      )
      return [
        nil, nil, absent, absent, nil, nil, nil, nil, nil,  // closed
        exists, exists, nil, nil, nil, nil, nil, nil, nil,  // listen
        exists, exists, nil, nil, nil, nil, nil, nil, nil,  // synSent
        exists, exists, nil, nil, nil, nil, nil, nil, nil,  // synReceived
        exists, exists, nil, nil, nil, nil, nil, nil, nil,  // established
        exists, exists, closing, closing, nil, nil, nil, nil, nil,  // finWait1
        exists, exists, closing, closing, nil, nil, nil, nil, nil,  // finWait2
        exists, exists, nil, nil, nil, nil, nil, nil, nil,  // closeWait
        exists, exists, closing, closing, nil, nil, nil, nil, nil,  // closing
        exists, exists, closing, closing, nil, nil, nil, nil, nil,  // lastAck
        exists, exists, closing, closing, nil, nil, nil, nil, nil,  // timeWait
      ]
    }()

    /// The current state.
    public private(set) var state: State = .closed

    /// The data sent before the connection was established, in order.
    public private(set) var queue: [String] = []

    /// Creates a closed connection.
    public init() {}

    /// A state's row: its place in the declaration of `State`. The compiler
    /// stores a case as that place, so this `switch` compiles to no branch.
    public static func row(of state: State) -> Int {
      switch state {
      case .closed: 0
      case .listen: 1
      case .synSent: 2
      case .synReceived: 3
      case .established: 4
      case .finWait1: 5
      case .finWait2: 6
      case .closeWait: 7
      case .closing: 8
      case .lastAck: 9
      case .timeWait: 10
      }
    }

    /// An event's column: its place in the declaration of `Event`. `send`
    /// carries data, so the compiler reads the place from a small table
    /// rather than from the case itself, still with no chain of branches.
    public static func column(of event: Event) -> Int {
      switch event {
      case .passiveOpen: 0
      case .activeOpen: 1
      case .send: 2
      case .close: 3
      case .receiveSyn: 4
      case .receiveSynAck: 5
      case .receiveAck: 6
      case .receiveFin: 7
      case .timeout: 8
      }
    }

    /// Looks the cell up and carries it out: its refusal, or nothing for an
    /// ignore, or its outputs, its work with the data, and then its state.
    ///
    /// - Throws: `Rejection` for a user call that does not fit the state;
    ///   nothing has changed and nothing was emitted.
    public mutating func handle(
      _ event: Event, emit: (Output) -> Void
    ) throws(Rejection) -> Outcome<State> {
      let cell = Self.row(of: state) * Self.columns + Self.column(of: event)
      guard let next = Self.next[cell] else {
        if let refusal = Self.refusals[cell] { throw refusal }
        return .ignored
      }
      Self.outputs[cell].forEach(emit)
      if let work = Self.work[cell] { perform(work, event, emit: emit) }
      state = next
      return .fired
    }

    /// Does the work a cell names, with the data `event` carries.
    private mutating func perform(_ work: Work, _ event: Event, emit: (Output) -> Void) {
      switch work {
      case .queue:
        let data = event.argument ?? ""
        queue.append(data)
        emit(.queued(data: data))
      case .transmit:
        emit(.transmit(data: event.argument ?? ""))
      case .drop:
        queue.removeAll()
      case .flush:
        for data in queue { emit(.transmit(data: data)) }
        queue.removeAll()
      }
    }
  }
}
