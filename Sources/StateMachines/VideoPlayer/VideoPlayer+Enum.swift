extension VideoPlayer {
  /// The video player written as an enum whose cases carry their data: the
  /// sources' second version.
  ///
  /// Notice `paused(at:)` and `playing(start:)`: each state has exactly the
  /// data it needs, so a position can only be read where it means
  /// something, and every transition builds its target with its data
  /// (`.playing(start: now - at)`). While playing there is no position to
  /// keep up to date: it is read off the clock. Every case also carries the
  /// clock: the enum is the whole machine, so what the machine knows must
  /// travel with each state. Entry activities are written once, as a method
  /// of the enum; no state has an exit activity.
  public enum Enum: VideoPlayerMachine {
    /// Paused at the position `at`.
    case paused(at: Duration, clock: VirtualClock)
    /// Playing: `start` is the clock reading at which the video would have
    /// been at position 0.
    case playing(start: Duration, clock: VirtualClock)

    /// Creates a player paused at 0.
    public init() {
      self = .paused(at: .zero, clock: VirtualClock())
    }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .paused: .paused
      case .playing: .playing
      }
    }

    /// The position paused at, or the clock now minus the start.
    public var position: Duration {
      switch self {
      case .paused(let at, _): at
      case .playing(let start, let clock): clock.now - start
      }
    }

    /// `pause` while playing, `play` while paused.
    public var buttonImage: ButtonImage {
      switch self {
      case .paused: .play
      case .playing: .pause
      }
    }

    /// Hidden while playing.
    public var controlsHidden: Bool {
      switch self {
      case .paused: false
      case .playing: true
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.paused(let at, let clock), .play):
        transition(to: .playing(start: clock.now - at, clock: clock), position: at, emit: emit)
      case (.paused(let at, let clock), .stop) where at > .zero:
        emit(.position(.zero))
        self = .paused(at: .zero, clock: clock)
      case (.paused(let at, var clock), .wait(let seconds)):
        clock.advance(by: seconds)
        self = .paused(at: at, clock: clock)
        return .ignored  // The clock moves; the position does not.

      case (.playing(let start, let clock), .pause):
        let position = clock.now - start
        transition(to: .paused(at: position, clock: clock), position: position, emit: emit)
      case (.playing(_, let clock), .stop):
        transition(to: .paused(at: .zero, clock: clock), position: .zero, emit: emit)
      case (.playing(let start, var clock), .wait(let seconds)):
        clock.advance(by: seconds)
        emit(.position(clock.now - start))
        self = .playing(start: start, clock: clock)

      case (.paused, .pause), (.paused, .stop), (.playing, .play):
        return .ignored
      }
      return .fired
    }

    /// Goes to `next`, reporting `position` as the effect, then runs
    /// `next`'s entry activity.
    private mutating func transition(to next: Self, position: Duration, emit: (Output) -> Void) {
      emit(.position(position))
      self = next
      entry(emit: emit)
    }

    /// The entry activity of this state: the button and the controls.
    private func entry(emit: (Output) -> Void) {
      switch self {
      case .paused:
        emit(.showPlayButton)
        emit(.showControls)
      case .playing:
        emit(.showPauseButton)
        emit(.hideControls)
      }
    }
  }
}
