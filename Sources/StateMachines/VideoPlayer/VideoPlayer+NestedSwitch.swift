extension VideoPlayer {
  /// The video player written as nested switches.
  ///
  /// The state is a plain tag, so the data of both states lives beside it
  /// in separate properties: `at` means something only while paused and
  /// `start` only while playing. Notice that every transition must set the
  /// one its target reads (`play` sets `start`, `pause` and `stop` set
  /// `at`), and that nothing but discipline stops a later edit from reading
  /// the other one. The clock moves at the top of `wait`, before the switch
  /// on the state, because it moves whatever the state.
  public struct NestedSwitch: VideoPlayerMachine {
    /// The current state.
    public private(set) var state: State = .paused

    /// The playback position while paused; left over from the last pause
    /// while playing.
    private var at: Duration = .zero

    /// The clock reading at which the video would have been at position 0,
    /// while playing; left over from the last play while paused.
    private var start: Duration = .zero

    /// The player's clock, moved by `wait`.
    private var clock = VirtualClock()

    /// Creates a player paused at 0.
    public init() {}

    /// The position paused at, or the clock now minus the start.
    public var position: Duration {
      switch state {
      case .paused: at
      case .playing: clock.now - start
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

    /// Handles one event: a `switch` on the event, then one on the state.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .play:
        switch state {
        case .paused:
          emit(.position(at))
          start = clock.now - at
          state = .playing
          emit(.showPauseButton)
          emit(.hideControls)
          return .fired
        case .playing:
          return .ignored
        }

      case .pause:
        switch state {
        case .paused:
          return .ignored
        case .playing:
          at = clock.now - start
          emit(.position(at))
          state = .paused
          emit(.showPlayButton)
          emit(.showControls)
          return .fired
        }

      case .stop:
        switch state {
        case .paused:
          guard at > .zero else { return .ignored }
          at = .zero
          emit(.position(at))
          return .fired
        case .playing:
          at = .zero
          emit(.position(at))
          state = .paused
          emit(.showPlayButton)
          emit(.showControls)
          return .fired
        }

      case .wait(let seconds):
        clock.advance(by: seconds)
        switch state {
        case .paused:
          return .ignored
        case .playing:
          emit(.position(clock.now - start))
          return .fired
        }
      }
    }
  }
}
