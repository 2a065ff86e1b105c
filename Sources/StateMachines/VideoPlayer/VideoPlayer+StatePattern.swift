/// A state of the video player in the State pattern: the sources' player
/// state protocol. It answers the player's questions, decides what each
/// event does, and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it
/// does. The states that need the time are handed the clock's reading,
/// `now`: a state keeps when it started, never a clock of its own.
public protocol VideoPlayerState {
  /// The public id of this state.
  var id: VideoPlayer.State { get }

  /// Where playback is when the clock reads `now`.
  func position(now: Duration) -> Duration

  /// The image the action button shows in this state.
  var buttonImage: VideoPlayer.ButtonImage { get }

  /// Whether the controls are hidden in this state.
  var controlsHidden: Bool { get }

  /// Decides what play does when the clock reads `now`.
  func play(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output>

  /// Decides what pause does when the clock reads `now`.
  func pause(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output>

  /// Decides what stop does here; a state may change its own data.
  mutating func stop() -> Decision<any VideoPlayerState, VideoPlayer.Output>

  /// Decides what a `wait` does, once the clock has moved on to `now`.
  func wait(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (VideoPlayer.Output) -> Void)

  /// Runs every time a transition leaves this state.
  func exit(emit: (VideoPlayer.Output) -> Void)
}

extension VideoPlayerState {
  /// Ignored.
  public func play(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
    .ignore
  }

  /// Ignored.
  public func pause(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
    .ignore
  }

  /// Ignored.
  public func stop() -> Decision<any VideoPlayerState, VideoPlayer.Output> { .ignore }

  /// Ignored: time passes, and nothing shows it.
  public func wait(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
    .ignore
  }

  /// Does nothing.
  public func entry(emit: (VideoPlayer.Output) -> Void) {}

  /// Does nothing.
  public func exit(emit: (VideoPlayer.Output) -> Void) {}
}

extension VideoPlayer {
  /// The video player written with the State pattern: a context and one
  /// struct per state, the sources' first version.
  ///
  /// Notice `Paused(at:)` and `Playing(start:)`: as in the enum, each state
  /// carries exactly its own data, and a transition builds its target with
  /// it (`Playing(start: now - at)`). What the enum writes as one `switch`
  /// is spread here over two types, each answering every question about
  /// itself: its position, its button image, whether the controls hide.
  /// The context keeps only the current state and the clock, which it
  /// moves before asking the state about a `wait`.
  public struct StatePattern: VideoPlayerMachine {
    /// The current state object.
    public private(set) var current: any VideoPlayerState = Paused(at: .zero)

    /// The player's clock, moved by `wait`.
    private var clock = VirtualClock()

    /// Creates a player paused at 0.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Where playback is, as the current state reads it off the clock.
    public var position: Duration { current.position(now: clock.now) }

    /// The current state's button image.
    public var buttonImage: ButtonImage { current.buttonImage }

    /// Whether the current state hides the controls.
    public var controlsHidden: Bool { current.controlsHidden }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision: Decision<any VideoPlayerState, Output>
      switch event {
      case .play:
        decision = current.play(now: clock.now)
      case .pause:
        decision = current.pause(now: clock.now)
      case .stop:
        decision = current.stop()
      case .wait(let seconds):
        clock.advance(by: seconds)
        decision = current.wait(now: clock.now)
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

extension VideoPlayer.StatePattern {
  /// Paused at a position, the controls showing.
  public struct Paused: VideoPlayerState {
    /// The playback position: the state's own data.
    public var at: Duration

    /// `paused`.
    public var id: VideoPlayer.State { .paused }

    /// Where it was paused: the clock does not move it.
    public func position(now: Duration) -> Duration { at }

    /// The play image: the button offers play.
    public var buttonImage: VideoPlayer.ButtonImage { .play }

    /// The controls show.
    public var controlsHidden: Bool { false }

    /// Plays on from `at`: the start is the clock reading at which the
    /// video would have been at 0.
    public func play(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
      .go(to: Playing(start: now - at), effect: [.position(at)])
    }

    /// Rewinds to 0 and stays: an internal transition, so the button and
    /// the controls are left as they are. At 0 there is nothing to rewind.
    public mutating func stop() -> Decision<any VideoPlayerState, VideoPlayer.Output> {
      guard at > .zero else { return .ignore }
      at = .zero
      return .stay(effect: [.position(at)])
    }

    /// Offers play and shows the controls.
    public func entry(emit: (VideoPlayer.Output) -> Void) {
      emit(.showPlayButton)
      emit(.showControls)
    }
  }

  /// Playing, the controls hidden: the position is read off the clock.
  public struct Playing: VideoPlayerState {
    /// The clock reading at which the video would have been at position 0:
    /// the state's own data.
    public let start: Duration

    /// `playing`.
    public var id: VideoPlayer.State { .playing }

    /// The time played since the start: derived, never stored.
    public func position(now: Duration) -> Duration { now - start }

    /// The pause image: the button offers pause.
    public var buttonImage: VideoPlayer.ButtonImage { .pause }

    /// The controls hide.
    public var controlsHidden: Bool { true }

    /// Pauses where playback is now.
    public func pause(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
      let position = now - start
      return .go(to: Paused(at: position), effect: [.position(position)])
    }

    /// Stops: paused, rewound to 0.
    public func stop() -> Decision<any VideoPlayerState, VideoPlayer.Output> {
      .go(to: Paused(at: .zero), effect: [.position(.zero)])
    }

    /// Reports where playback has got to: an internal transition.
    public func wait(now: Duration) -> Decision<any VideoPlayerState, VideoPlayer.Output> {
      .stay(effect: [.position(now - start)])
    }

    /// Offers pause and hides the controls.
    public func entry(emit: (VideoPlayer.Output) -> Void) {
      emit(.showPauseButton)
      emit(.hideControls)
    }
  }
}
