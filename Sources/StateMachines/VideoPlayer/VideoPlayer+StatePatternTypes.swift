/// A state of the video player as a type: the State pattern with no state
/// values at all. Each state is a type whose static methods answer the
/// player's questions and decide, and its context carries the decision out.
///
/// Every event is ignored and every activity does nothing unless a state
/// says otherwise (the extension below), so a state writes only what it
/// does. A type holds no data, so the position paused at (`at`) and the
/// start time (`start`) are kept by the context and handed to the methods
/// that read or set them, with the clock's reading, `now`.
public protocol VideoPlayerStateType {
  /// The public id of this state.
  static var id: VideoPlayer.State { get }

  /// Where playback is, from the context's `at` and `start` and the clock's
  /// reading `now`.
  static func position(at: Duration, start: Duration, now: Duration) -> Duration

  /// The image the action button shows in this state.
  static var buttonImage: VideoPlayer.ButtonImage { get }

  /// Whether the controls are hidden in this state.
  static var controlsHidden: Bool { get }

  /// Decides what play does when the clock reads `now`, from the position
  /// `at`; a state may set the `start` of playback.
  static func play(
    now: Duration, at: Duration, start: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output>

  /// Decides what pause does when the clock reads `now`, playing since
  /// `start`; a state may set the position `at`.
  static func pause(
    now: Duration, start: Duration, at: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output>

  /// Decides what stop does here; a state may set the position `at`.
  static func stop(
    at: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output>

  /// Decides what a `wait` does, once the clock has moved on to `now`,
  /// playing since `start`.
  static func wait(
    now: Duration, start: Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output>

  /// Runs every time a transition enters this state.
  static func entry(emit: (VideoPlayer.Output) -> Void)

  /// Runs every time a transition leaves this state.
  static func exit(emit: (VideoPlayer.Output) -> Void)
}

extension VideoPlayerStateType {
  /// Ignored.
  public static func play(
    now: Duration, at: Duration, start: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> { .ignore }

  /// Ignored.
  public static func pause(
    now: Duration, start: Duration, at: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> { .ignore }

  /// Ignored.
  public static func stop(
    at: inout Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> { .ignore }

  /// Ignored: time passes, and nothing shows it.
  public static func wait(
    now: Duration, start: Duration
  ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> { .ignore }

  /// Does nothing.
  public static func entry(emit: (VideoPlayer.Output) -> Void) {}

  /// Does nothing.
  public static func exit(emit: (VideoPlayer.Output) -> Void) {}
}

extension VideoPlayer {
  /// The video player written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Playing.self` instead of
  /// `Playing(start: now - at)`. There each state carried its own data and
  /// a transition built its target with it; a type has no value to carry
  /// data in, so `at` and `start` move into the context, as in the nested
  /// switch, and are lent to the states that read or set them. The price:
  /// `at` means something only while paused and `start` only while playing,
  /// and nothing but discipline keeps a state from reading the other one.
  /// This is the machine on which the sources choose data-carrying states;
  /// here it shows what giving them up costs.
  public struct StatePatternTypes: VideoPlayerMachine {
    /// The current state.
    public private(set) var current: any VideoPlayerStateType.Type = Paused.self

    /// The playback position while paused: `Paused`'s data in
    /// `StatePattern`, kept here because the states are types.
    private var at: Duration = .zero

    /// The clock reading at which the video would have been at position 0,
    /// while playing: `Playing`'s data in `StatePattern`.
    private var start: Duration = .zero

    /// The player's clock, moved by `wait`.
    private var clock = VirtualClock()

    /// Creates a player paused at 0.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Where playback is, as the current state reads it.
    public var position: Duration { current.position(at: at, start: start, now: clock.now) }

    /// The current state's button image.
    public var buttonImage: ButtonImage { current.buttonImage }

    /// Whether the current state hides the controls.
    public var controlsHidden: Bool { current.controlsHidden }

    /// Asks the current state what the event does, then carries it out:
    /// exit, effect, entry, in that order.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision: Decision<any VideoPlayerStateType.Type, Output>
      switch event {
      case .play:
        decision = current.play(now: clock.now, at: at, start: &start)
      case .pause:
        decision = current.pause(now: clock.now, start: start, at: &at)
      case .stop:
        decision = current.stop(at: &at)
      case .wait(let seconds):
        clock.advance(by: seconds)
        decision = current.wait(now: clock.now, start: start)
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

extension VideoPlayer.StatePatternTypes {
  /// Paused at the context's `at`, the controls showing.
  public enum Paused: VideoPlayerStateType {
    /// `paused`.
    public static var id: VideoPlayer.State { .paused }

    /// Where it was paused: the clock does not move it.
    public static func position(at: Duration, start: Duration, now: Duration) -> Duration { at }

    /// The play image: the button offers play.
    public static var buttonImage: VideoPlayer.ButtonImage { .play }

    /// The controls show.
    public static var controlsHidden: Bool { false }

    /// Plays on from `at`: the start is the clock reading at which the
    /// video would have been at 0.
    public static func play(
      now: Duration, at: Duration, start: inout Duration
    ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> {
      start = now - at
      return .go(to: Playing.self, effect: [.position(at)])
    }

    /// Rewinds to 0 and stays: an internal transition, so the button and
    /// the controls are left as they are. At 0 there is nothing to rewind.
    public static func stop(
      at: inout Duration
    ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> {
      guard at > .zero else { return .ignore }
      at = .zero
      return .stay(effect: [.position(at)])
    }

    /// Offers play and shows the controls.
    public static func entry(emit: (VideoPlayer.Output) -> Void) {
      emit(.showPlayButton)
      emit(.showControls)
    }
  }

  /// Playing since the context's `start`, the controls hidden.
  public enum Playing: VideoPlayerStateType {
    /// `playing`.
    public static var id: VideoPlayer.State { .playing }

    /// The time played since the start: derived, never stored.
    public static func position(at: Duration, start: Duration, now: Duration) -> Duration {
      now - start
    }

    /// The pause image: the button offers pause.
    public static var buttonImage: VideoPlayer.ButtonImage { .pause }

    /// The controls hide.
    public static var controlsHidden: Bool { true }

    /// Pauses where playback is now.
    public static func pause(
      now: Duration, start: Duration, at: inout Duration
    ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> {
      at = now - start
      return .go(to: Paused.self, effect: [.position(at)])
    }

    /// Stops: paused, rewound to 0.
    public static func stop(
      at: inout Duration
    ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> {
      at = .zero
      return .go(to: Paused.self, effect: [.position(at)])
    }

    /// Reports where playback has got to: an internal transition.
    public static func wait(
      now: Duration, start: Duration
    ) -> Decision<any VideoPlayerStateType.Type, VideoPlayer.Output> {
      .stay(effect: [.position(now - start)])
    }

    /// Offers pause and hides the controls.
    public static func entry(emit: (VideoPlayer.Output) -> Void) {
      emit(.showPauseButton)
      emit(.hideControls)
    }
  }
}
