/// The play/pause control of a video player: the sources' example of states
/// that carry data.
///
/// Two states, each with its own data: `paused(at)` keeps the playback
/// position, `playing(start)` keeps the clock reading at which the video
/// would have been at position 0, so that the position while playing is
/// derived from the clock (now - start) and never stored. The sources write
/// it twice, as a protocol with a struct per state and as an enum whose cases
/// carry their data; here it is written in every style. It is also the one
/// machine whose `wait` fires without a deadline: while playing, a `wait`
/// reports the position it has moved to.
public enum VideoPlayer: Machine {
  /// The player's states; the data each carries shows in the outputs, not
  /// in the id.
  public enum State: String, StateID {
    /// Paused at a position (initial, at 0).
    case paused
    /// Playing from a start time on the clock.
    case playing
  }

  /// What the viewer does, and the time that passes.
  public enum Event: MachineEvent {
    /// The viewer presses play.
    case play
    /// The viewer presses pause.
    case pause
    /// The viewer presses stop.
    case stop
    /// `seconds` pass on the player's clock.
    case wait(Duration)

    /// The four events; `wait` carries its seconds.
    public static let signatures: [EventSignature<Event>] = [
      .plain("play", .play),
      .plain("pause", .pause),
      .plain("stop", .stop),
      .seconds("wait") { .wait($0) },
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case play, pause, stop, wait
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .play: .play
      case .pause: .pause
      case .stop: .stop
      case .wait: .wait
      }
    }

    /// The seconds, for `wait`.
    public var argument: String? {
      switch self {
      case .wait(let seconds): seconds.secondsText
      case .play, .pause, .stop: nil
      }
    }

    /// The seconds a `wait` lets pass; no time passes for the others.
    public var timePassing: Duration? {
      switch self {
      case .wait(let seconds): seconds
      case .play, .pause, .stop: nil
      }
    }
  }

  /// What the player does to its screen: the one action button, the
  /// controls, and where playback is.
  public enum Output: MachineOutput {
    /// Show the pause image on the action button: it now offers pause.
    case showPauseButton
    /// Show the play image on the action button: it now offers play.
    case showPlayButton
    /// Hide the controls.
    case hideControls
    /// Show the controls.
    case showControls
    /// The playback position after the step.
    case position(Duration)

    /// The public id, as in `position`.
    public var name: String {
      switch self {
      case .showPauseButton: "showPauseButton"
      case .showPlayButton: "showPlayButton"
      case .hideControls: "hideControls"
      case .showControls: "showControls"
      case .position: "position"
      }
    }

    /// The position in seconds in its shortest form (`12`, `12.5`), for
    /// `position`.
    public var data: String? {
      switch self {
      case .position(let position): position.secondsText
      case .showPauseButton, .showPlayButton, .hideControls, .showControls: nil
      }
    }
  }

  /// The image on the player's one action button: what pressing it does.
  public enum ButtonImage: String, Hashable, Sendable, CaseIterable {
    /// The play image, shown while paused.
    case play
    /// The pause image, shown while playing.
    case pause
  }

  /// `video-player`.
  public static let id = "video-player"

  /// One sentence on the video player.
  public static let summary =
    "A video player's play/pause control: states that carry data, a position read from the clock."

  /// The video player as a diagram: the rows and activities the `table`
  /// style runs on, with what each transition does to the states' data.
  public static let description = MachineDescription<State>(
    initial: .paused, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// One line per style: how each builds a player paused at 0 as
  /// `implementation` writes it; the configuration has nothing for it.
  public static let implementations: Implementations<Self> = [
    .style(.nestedSwitch): { _ in NestedSwitch() },
    .style(.enum): { _ in Enum() },
    .statePatternTypes: { _ in StatePatternTypes() },
    .style(.statePattern): { _ in StatePattern() },
    .style(.stateClasses): { _ in StateClasses() },
    .sharedStateClasses: { _ in StateClasses(sharingStateObjects: true) },
    .style(.table): { _ in Table() },
  ]

  /// Every event, with a `wait` of nothing and one of a second and a half:
  /// enough to pause somewhere past 0 and try `stop` there.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [.play, .pause, .stop, .wait(.zero), .wait(.milliseconds(1500))]
  }

  /// Playing, pausing and rewinding; what is ignored; time while paused.
  public static let workedExamples = [
    WorkedExample<Self>(
      "play, pause and play on from the same place; stop rewinds",
      [
        .play, .wait(.seconds(12)), .pause, .wait(.seconds(5)), .play, .wait(.milliseconds(500)),
        .stop,
      ]),
    WorkedExample<Self>(
      "what is ignored, and stop while paused",
      [.pause, .stop, .play, .play, .wait(.seconds(3)), .pause, .pause, .stop, .stop]),
    WorkedExample<Self>(
      "time while paused does not count; fractions of a second do",
      [
        .wait(.seconds(7)), .play, .wait(.milliseconds(1250)), .wait(.zero), .pause, .play,
        .wait(.milliseconds(750)), .stop,
      ]),
  ]
}

/// A video player in any style: what all its implementations share.
///
/// Besides handling events, every style answers the sources' questions as
/// queries, which emit nothing and change nothing.
public protocol VideoPlayerMachine: StateMachine
where
  State == VideoPlayer.State, Event == VideoPlayer.Event,
  Output == VideoPlayer.Output, Failure == Never
{
  /// Where playback is: the position paused at, or, while playing, the
  /// clock now minus the start.
  var position: Duration { get }

  /// The image on the action button: `pause` while playing, `play` while
  /// paused.
  var buttonImage: VideoPlayer.ButtonImage { get }

  /// Whether the controls are hidden: they are while playing.
  var controlsHidden: Bool { get }
}

extension VideoPlayerMachine {
  /// Whether the video is playing.
  public var isPlaying: Bool { state == .playing }

  /// Presses play and returns the outputs.
  @discardableResult
  public mutating func play() -> [Output] { outputs(of: .play) }

  /// Presses pause and returns the outputs.
  @discardableResult
  public mutating func pause() -> [Output] { outputs(of: .pause) }

  /// Presses stop and returns the outputs.
  @discardableResult
  public mutating func stop() -> [Output] { outputs(of: .stop) }

  /// Lets `duration` pass on the player's clock and returns the outputs.
  @discardableResult
  public mutating func wait(_ duration: Duration) -> [Output] { outputs(of: .wait(duration)) }
}
