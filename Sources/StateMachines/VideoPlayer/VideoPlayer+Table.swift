extension VideoPlayer {
  /// The video player written as a transition table: rows of data that one
  /// engine runs.
  ///
  /// Notice the `wait` row of `playing`: an internal row like any other,
  /// which the engine looks up once it has moved the clock, since no timed
  /// row of this table comes due. The table's data is the nested switch's
  /// extended state plus when the current state was entered, which the
  /// engine keeps for timed rows this machine does not have. The rows that
  /// set `at` or `start` say so in their labels, which are what the diagram
  /// prints: a diagram state has no data, so its arrows show where the data
  /// goes.
  public struct Table: VideoPlayerMachine {
    /// What the machine keeps beside its state: its clock, and the data of
    /// both states.
    public struct Data: TimedData, Hashable, Sendable {
      /// The player's clock, moved by `wait`.
      public var clock = VirtualClock()
      /// When the current state was entered, kept by the engine.
      public var entered: Duration = .zero
      /// The playback position while paused.
      public var at: Duration = .zero
      /// The clock reading at which the video would have been at position
      /// 0, while playing.
      public var start: Duration = .zero
    }

    /// The video player's table: the transitions of the specification, in
    /// its order, and the two entry activities.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .init(
          .paused, on: .play, effect: ["position(at)", "start = now - at"], to: .playing,
          perform: { data, _, emit in
            emit(.position(data.at))
            data.start = data.clock.now - data.at
          }),
        .init(
          .paused, on: .stop, guard: "at > 0", { data, _, _ in data.at > .zero },
          effect: ["position(0)", "at = 0"],
          perform: { data, _, emit in
            data.at = .zero
            emit(.position(data.at))
          }),
        .init(
          .playing, on: .pause, effect: ["position(now - start)", "at = now - start"],
          to: .paused,
          perform: { data, _, emit in
            data.at = data.clock.now - data.start
            emit(.position(data.at))
          }),
        .init(
          .playing, on: .stop, effect: ["position(0)", "at = 0"], to: .paused,
          perform: { data, _, emit in
            data.at = .zero
            emit(.position(data.at))
          }),
        .init(
          .playing, on: .wait, effect: ["position(now - start)"],
          perform: { data, _, emit in emit(.position(data.clock.now - data.start)) }),
      ],
      entry: [
        .paused: .emits(.showPlayButton, .showControls),
        .playing: .emits(.showPauseButton, .hideControls),
      ])

    /// The current state.
    public private(set) var state: State = .paused

    /// The clock and the states' data.
    public private(set) var data = Data()

    /// Creates a player paused at 0.
    public init() {}

    /// The position paused at, or the clock now minus the start.
    public var position: Duration {
      switch state {
      case .paused: data.at
      case .playing: data.clock.now - data.start
      }
    }

    /// `pause` while playing, `play` while paused.
    public var buttonImage: ButtonImage {
      switch state {
      case .paused: .play
      case .playing: .pause
      }
    }

    /// Hidden while playing.
    public var controlsHidden: Bool {
      switch state {
      case .paused: false
      case .playing: true
      }
    }

    /// Looks the event up in the table, moving the clock first for a
    /// `wait`, and carries out the row found.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      // No row of this table rejects an event, so firing never throws.
      (try? Self.table.fire(event, state: &state, data: &data, emit: emit)) ?? .ignored
    }
  }
}
