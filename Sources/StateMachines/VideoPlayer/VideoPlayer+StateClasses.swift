/// A state of the video player as the Gang of Four print it: a class whose
/// methods ignore every event and whose activities do nothing, and one
/// subclass per state that overrides what that state does.
///
/// Each state object keeps its own data, as the sources' structs do: it
/// takes it up on entry, from the position the transition hands on.
public class VideoPlayerStateObject {
  /// Where a transition leads: the next state's class, and the playback
  /// position it starts from.
  public typealias Successor = (state: VideoPlayerStateObject.Type, at: Duration)

  /// Creates the state object; the context does this on each transition.
  public required init() {}

  /// The public id of this state.
  public var id: VideoPlayer.State { fatalError("every subclass names its state") }

  /// Where playback is when the clock reads `now`; at 0 unless a subclass
  /// says otherwise.
  public func position(now: Duration) -> Duration { .zero }

  /// The image the action button shows; play unless a subclass says
  /// otherwise.
  public var buttonImage: VideoPlayer.ButtonImage { .play }

  /// Whether the controls are hidden; shown unless a subclass says
  /// otherwise.
  public var controlsHidden: Bool { false }

  /// Decides what play does when the clock reads `now`.
  public func play(now: Duration) -> Decision<Successor, VideoPlayer.Output> { .ignore }

  /// Decides what pause does when the clock reads `now`.
  public func pause(now: Duration) -> Decision<Successor, VideoPlayer.Output> { .ignore }

  /// Decides what stop does here; a state may change its own data.
  public func stop() -> Decision<Successor, VideoPlayer.Output> { .ignore }

  /// Decides what a `wait` does, once the clock has moved on to `now`;
  /// ignored unless a subclass says otherwise.
  public func wait(now: Duration) -> Decision<Successor, VideoPlayer.Output> { .ignore }

  /// Runs every time a transition enters this state at the playback
  /// position `position` when the clock reads `now`: the state takes up its
  /// data from them.
  public func entry(at position: Duration, now: Duration, emit: (VideoPlayer.Output) -> Void) {}

  /// Runs every time a transition leaves this state.
  public func exit(emit: (VideoPlayer.Output) -> Void) {}
}

extension VideoPlayer {
  /// The video player written with the book's state classes: the context
  /// holds the current state object and delegates each event to it.
  ///
  /// Notice that a state names its successor by class, together with the
  /// position playback goes on from (`(Playing.self, at: at)`), and that
  /// the context makes the object and hands it that position on entry:
  /// `Paused` keeps it as `at`, `Playing` turns it into `start = now - at`.
  /// The data stays in the state objects, where the sources put it, rather
  /// than moving into the context as in `StatePatternTypes`. As the book
  /// prints it the context makes a new object per transition; created with
  /// `sharingStateObjects`, it makes one object per class up front and
  /// reuses it. Sharing works because entry sets an object's data before
  /// anything reads it, so what a shared object kept from its last visit is
  /// never seen (the security system's `Armed` resets its counter the same
  /// way). That rests on every way into a state going through its entry,
  /// which the context sees to in one place; the initial `Paused()` starts
  /// at 0 without one, since creating the player runs no entry activity.
  public final class StateClasses: VideoPlayerMachine {
    /// The current state object.
    public private(set) var current: VideoPlayerStateObject = Paused()

    /// The player's clock, moved by `wait`.
    private var clock = VirtualClock()

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [VideoPlayerStateObject]

    /// Creates a player paused at 0.
    public init(sharingStateObjects: Bool = false) {
      sharedStateObjects = sharingStateObjects ? [Paused(), Playing()] : []
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Where playback is, as the current state object reads it off the
    /// clock.
    public var position: Duration { current.position(now: clock.now) }

    /// The current state object's button image.
    public var buttonImage: ButtonImage { current.buttonImage }

    /// Whether the current state object hides the controls.
    public var controlsHidden: Bool { current.controlsHidden }

    /// Delegates the event to the current state object, then carries out
    /// its decision: exit, effect, entry, in that order.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision: Decision<VideoPlayerStateObject.Successor, Output>
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
        current = stateObject(next.state)
        current.entry(at: next.at, now: clock.now, emit: emit)
      }
      return .fired
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: VideoPlayerStateObject.Type) -> VideoPlayerStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension VideoPlayer.StateClasses {
  /// Paused at a position, the controls showing.
  public final class Paused: VideoPlayerStateObject {
    /// The playback position: the object's own data, set on entry.
    public private(set) var at: Duration = .zero

    /// `paused`.
    public override var id: VideoPlayer.State { .paused }

    /// Where it was paused: the clock does not move it.
    public override func position(now: Duration) -> Duration { at }

    /// The play image: the button offers play.
    public override var buttonImage: VideoPlayer.ButtonImage { .play }

    /// The controls show.
    public override var controlsHidden: Bool { false }

    /// Plays on from `at`.
    public override func play(
      now: Duration
    ) -> Decision<VideoPlayerStateObject.Successor, VideoPlayer.Output> {
      .go(to: (Playing.self, at: at), effect: [.position(at)])
    }

    /// Rewinds to 0 and stays: an internal transition, so the button and
    /// the controls are left as they are. At 0 there is nothing to rewind.
    public override func stop() -> Decision<VideoPlayerStateObject.Successor, VideoPlayer.Output> {
      guard at > .zero else { return .ignore }
      at = .zero
      return .stay(effect: [.position(at)])
    }

    /// Keeps the position it was entered at, offers play and shows the
    /// controls.
    public override func entry(
      at position: Duration, now: Duration, emit: (VideoPlayer.Output) -> Void
    ) {
      at = position
      emit(.showPlayButton)
      emit(.showControls)
    }
  }

  /// Playing, the controls hidden: the position is read off the clock.
  public final class Playing: VideoPlayerStateObject {
    /// The clock reading at which the video would have been at position 0:
    /// the object's own data, set on entry.
    public private(set) var start: Duration = .zero

    /// `playing`.
    public override var id: VideoPlayer.State { .playing }

    /// The time played since the start: derived, never stored.
    public override func position(now: Duration) -> Duration { now - start }

    /// The pause image: the button offers pause.
    public override var buttonImage: VideoPlayer.ButtonImage { .pause }

    /// The controls hide.
    public override var controlsHidden: Bool { true }

    /// Pauses where playback is now.
    public override func pause(
      now: Duration
    ) -> Decision<VideoPlayerStateObject.Successor, VideoPlayer.Output> {
      let position = now - start
      return .go(to: (Paused.self, at: position), effect: [.position(position)])
    }

    /// Stops: paused, rewound to 0.
    public override func stop() -> Decision<VideoPlayerStateObject.Successor, VideoPlayer.Output> {
      .go(to: (Paused.self, at: .zero), effect: [.position(.zero)])
    }

    /// Reports where playback has got to: an internal transition.
    public override func wait(
      now: Duration
    ) -> Decision<VideoPlayerStateObject.Successor, VideoPlayer.Output> {
      .stay(effect: [.position(now - start)])
    }

    /// Sets the start so that playback goes on from `position` now, offers
    /// pause and hides the controls.
    public override func entry(
      at position: Duration, now: Duration, emit: (VideoPlayer.Output) -> Void
    ) {
      start = now - position
      emit(.showPauseButton)
      emit(.hideControls)
    }
  }
}
