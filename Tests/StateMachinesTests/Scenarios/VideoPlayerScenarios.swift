import ConformanceSupport
import StateMachines
import Testing

extension VideoPlayer: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<VideoPlayer>] = [
    // The worked examples of the specification (docs/machines/video-player.md).
    Scenario(
      "play, pause and play on from the same place; stop rewinds",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.seconds(12)), to: .playing, .position(.seconds(12))),
        .fires(.pause, to: .paused, .position(.seconds(12)), .showPlayButton, .showControls),
        .ignores(.wait(.seconds(5))),
        .fires(.play, to: .playing, .position(.seconds(12)), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(500)), to: .playing, .position(.milliseconds(12_500))),
        .fires(.stop, to: .paused, .position(.zero), .showPlayButton, .showControls),
      ]),
    Scenario(
      "what is ignored, and stop while paused",
      [
        .ignores(.pause),
        .ignores(.stop),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .ignores(.play),
        .fires(.wait(.seconds(3)), to: .playing, .position(.seconds(3))),
        .fires(.pause, to: .paused, .position(.seconds(3)), .showPlayButton, .showControls),
        .ignores(.pause),
        .fires(.stop, to: .paused, .position(.zero)),
        .ignores(.stop),
      ]),
    Scenario(
      "time while paused does not count; fractions of a second do",
      [
        .ignores(.wait(.seconds(7))),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(1250)), to: .playing, .position(.milliseconds(1250))),
        .fires(.wait(.zero), to: .playing, .position(.milliseconds(1250))),
        .fires(
          .pause, to: .paused, .position(.milliseconds(1250)), .showPlayButton, .showControls),
        .fires(
          .play, to: .playing, .position(.milliseconds(1250)), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(750)), to: .playing, .position(.seconds(2))),
        .fires(.stop, to: .paused, .position(.zero), .showPlayButton, .showControls),
      ]),

    // Each row of the transition table, and the ignored pairs around it.
    Scenario(
      "stop at once after play: paused at 0 again, by a transition that runs entry",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.stop, to: .paused, .position(.zero), .showPlayButton, .showControls),
        .ignores(.stop),
        .ignores(.pause),
      ]),
    Scenario(
      "pause at once after play: paused at 0, where stop has nothing to rewind",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.pause, to: .paused, .position(.zero), .showPlayButton, .showControls),
        .ignores(.stop),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
      ]),
    Scenario(
      "stop while paused past 0 rewinds without entry, and play starts over from 0",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(1)), to: .playing, .position(.milliseconds(1))),
        .fires(.pause, to: .paused, .position(.milliseconds(1)), .showPlayButton, .showControls),
        .fires(.stop, to: .paused, .position(.zero)),
        .ignores(.wait(.seconds(10))),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.seconds(2)), to: .playing, .position(.seconds(2))),
      ]),
    Scenario(
      "stop while playing rewinds from wherever playback is",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.seconds(90)), to: .playing, .position(.seconds(90))),
        .fires(.stop, to: .paused, .position(.zero), .showPlayButton, .showControls),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(250)), to: .playing, .position(.milliseconds(250))),
      ]),
    Scenario(
      "the position adds up over many plays, whatever the pauses last",
      [
        .ignores(.wait(.seconds(1))),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(100)), to: .playing, .position(.milliseconds(100))),
        .fires(.pause, to: .paused, .position(.milliseconds(100)), .showPlayButton, .showControls),
        .ignores(.wait(.seconds(3600))),
        .fires(
          .play, to: .playing, .position(.milliseconds(100)), .showPauseButton, .hideControls),
        .fires(.wait(.milliseconds(20)), to: .playing, .position(.milliseconds(120))),
        .fires(.pause, to: .paused, .position(.milliseconds(120)), .showPlayButton, .showControls),
        .ignores(.wait(.milliseconds(3))),
        .ignores(.pause),
        .fires(
          .play, to: .playing, .position(.milliseconds(120)), .showPauseButton, .hideControls),
        .ignores(.play),
        .fires(.wait(.milliseconds(3)), to: .playing, .position(.milliseconds(123))),
        .fires(.pause, to: .paused, .position(.milliseconds(123)), .showPlayButton, .showControls),
      ]),
    Scenario(
      "there is no end of the video: the longest waits add up",
      [
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.seconds(3600)), to: .playing, .position(.seconds(3600))),
        .fires(.wait(.seconds(3600)), to: .playing, .position(.seconds(7200))),
        .fires(.wait(.milliseconds(1)), to: .playing, .position(.milliseconds(7_200_001))),
        .fires(
          .pause, to: .paused, .position(.milliseconds(7_200_001)), .showPlayButton,
          .showControls),
      ]),
    Scenario(
      "a wait of nothing while playing still reports the position",
      [
        .ignores(.wait(.zero)),
        .fires(.play, to: .playing, .position(.zero), .showPauseButton, .hideControls),
        .fires(.wait(.zero), to: .playing, .position(.zero)),
        .fires(.wait(.zero), to: .playing, .position(.zero)),
      ]),
  ]
}

/// What the conformance suite cannot see: the queries, the natural API, and
/// how `wait` is written.
@Suite("Video player")
struct VideoPlayerTests {
  /// A new player as `style` writes it, through the protocol they share.
  private func player(_ style: Implementation) throws -> any VideoPlayerMachine {
    try #require(VideoPlayer.make(style, .init()) as? any VideoPlayerMachine)
  }

  @Test(
    "a new player is paused at 0, offering play, the controls showing",
    arguments: VideoPlayer.implementations)
  func newPlayer(_ style: Implementation) throws {
    let player = try player(style)
    #expect(player.state == .paused)
    #expect(!player.isPlaying)
    #expect(player.position == .zero)
    #expect(player.buttonImage == .play)
    #expect(!player.controlsHidden)
  }

  @Test("the natural API and the three queries", arguments: VideoPlayer.implementations)
  func naturalAPI(_ style: Implementation) throws {
    var player = try player(style)
    #expect(player.play() == [.position(.zero), .showPauseButton, .hideControls])
    #expect(player.isPlaying)
    #expect(player.buttonImage == .pause)
    #expect(player.controlsHidden)
    #expect(player.wait(.milliseconds(2500)) == [.position(.milliseconds(2500))])
    #expect(player.position == .milliseconds(2500))
    #expect(player.play() == [])
    #expect(player.pause() == [.position(.milliseconds(2500)), .showPlayButton, .showControls])
    #expect(player.buttonImage == .play)
    #expect(!player.controlsHidden)
    #expect(player.wait(.seconds(60)) == [])
    #expect(player.position == .milliseconds(2500))
    #expect(player.pause() == [])
    #expect(player.stop() == [.position(.zero)])
    #expect(player.position == .zero)
    #expect(player.stop() == [])
    #expect(player.state == .paused)
  }

  @Test(
    "while playing, the position is read off the clock, not stored",
    arguments: VideoPlayer.implementations)
  func positionWhilePlaying(_ style: Implementation) throws {
    var player = try player(style)
    player.wait(.seconds(100))
    player.play()
    for second in 1...5 {
      player.wait(.seconds(1))
      #expect(player.position == .seconds(second))
    }
    player.pause()
    player.wait(.seconds(7))
    player.play()
    player.wait(.milliseconds(1))
    #expect(player.position == .milliseconds(5001))
  }

  @Test("the queries emit nothing and change nothing", arguments: VideoPlayer.implementations)
  func queriesChangeNothing(_ style: Implementation) throws {
    var player = try player(style)
    player.play()
    player.wait(.seconds(4))
    for _ in 0..<3 {
      _ = (player.position, player.buttonImage, player.controlsHidden, player.isPlaying)
    }
    #expect(player.state == .playing)
    #expect(player.pause() == [.position(.seconds(4)), .showPlayButton, .showControls])
  }

  @Test(
    "after every step of seeded random runs, the queries agree with the trace",
    arguments: VideoPlayer.implementations)
  func queriesFollowTheTrace(_ style: Implementation) throws {
    var random = SeededGenerator(seed: 0x71DE0)
    let alphabet = VideoPlayer.sampleEvents(for: .init()) + [.wait(.milliseconds(1))]
    for _ in 0..<200 {
      var player = try player(style)
      var reported = Duration.zero
      for _ in 0..<40 {
        guard let event = alphabet.randomElement(using: &random) else { continue }
        let step = player.step(event)
        for case .position(let position) in step.outputs { reported = position }
        #expect(player.position == reported, "after \(step)")
        #expect(player.buttonImage == (step.to == .playing ? .pause : .play))
        #expect(player.controlsHidden == (step.to == .playing))
        #expect(step.outputs.filter { $0.name == "position" }.count == (step.fired ? 1 : 0))
      }
    }
  }

  @Test("position prints in seconds, in its shortest form")
  func positionData() {
    let written: [(Duration, String)] = [
      (.zero, "position:0"), (.seconds(12), "position:12"),
      (.milliseconds(12_500), "position:12.5"), (.milliseconds(250), "position:0.25"),
      (.milliseconds(1), "position:0.001"), (.milliseconds(7_200_001), "position:7200.001"),
    ]
    for (position, text) in written {
      #expect(VideoPlayer.Output.position(position).description == text)
    }
    #expect(VideoPlayer.Output.showPauseButton.description == "showPauseButton")
  }

  @Test("wait takes seconds, as the semantics write them")
  func waitParses() throws {
    let valid: [(String, Duration)] = [
      ("wait:2", .seconds(2)), ("wait:0.5", .milliseconds(500)),
      ("wait:1.25", .milliseconds(1250)), ("wait:0.001", .milliseconds(1)), ("wait:0", .zero),
      ("wait:3600", .seconds(3600)), ("wait:007.50", .milliseconds(7500)),
    ]
    for (text, duration) in valid {
      let event = try VideoPlayer.Event.parse(text)
      #expect(event == .wait(duration))
      #expect(event.timePassing == duration)
    }
    #expect(try VideoPlayer.Event.parse("wait:1.250").description == "wait:1.25")
    for text in ["play", "pause", "stop"] {
      let event = try VideoPlayer.Event.parse(text)
      #expect(event.description == text)
      #expect(event.timePassing == nil)
    }
  }

  @Test(
    "every malformed event is a usage error with a clear message",
    arguments: [
      "wait:-1", "wait:1e3", "wait:.5", "wait:1.", "wait:0.0001", "wait:3600.5", "wait:abc",
      "wait:3600.001", "wait:+2", "wait: 1", "wait:1,5", "wait:",
    ])
  func malformedWait(_ text: String) {
    let argument = String(text.dropFirst("wait:".count))
    #expect(
      throws: EventSyntaxError(
        "'\(argument)' is not a valid time in seconds for 'wait': "
          + "expected seconds from 0 to 3600 with at most three decimals, as in 2 or 0.5")
    ) {
      try VideoPlayer.Event.parse(text)
    }
  }

  @Test("a bare wait, an argument to play, and an unknown event are usage errors")
  func otherUsageErrors() {
    #expect(throws: EventSyntaxError("event 'wait' needs a time in seconds: write wait:SECONDS")) {
      try VideoPlayer.Event.parse("wait")
    }
    #expect(throws: EventSyntaxError("event 'play' takes no argument, but was given '5'")) {
      try VideoPlayer.Event.parse("play:5")
    }
    #expect(
      throws: EventSyntaxError(
        "unknown event 'rewind'; valid events: play, pause, stop, wait:SECONDS")
    ) {
      try VideoPlayer.Event.parse("rewind")
    }
  }

  @Test("the shared state objects keep no data from one visit to the next")
  func sharedStateObjects() {
    var player = VideoPlayer.StateClasses(sharingStateObjects: true)
    player.play()
    player.wait(.seconds(30))
    player.pause()
    player.play()
    player.wait(.seconds(1))
    #expect(player.stop() == [.position(.zero), .showPlayButton, .showControls])
    player.wait(.seconds(5))
    #expect(player.play() == [.position(.zero), .showPauseButton, .hideControls])
    player.wait(.seconds(2))
    #expect(player.position == .seconds(2))
    #expect(player.pause() == [.position(.seconds(2)), .showPlayButton, .showControls])
  }

  @Test("the description is the table's, and draws where the data goes")
  func description() {
    let labels = VideoPlayer.description.transitions.map { VideoPlayer.description.label(of: $0) }
    #expect(
      labels == [
        "play / position(at), start = now - at",
        "stop [at > 0] / position(0), at = 0",
        "pause / position(now - start), at = now - start",
        "stop / position(0), at = 0",
        "wait(seconds) / position(now - start)",
      ])
    #expect(
      VideoPlayer.description.transitions.map(\.kind) == [
        .external, .internal, .external, .external, .internal,
      ])
    #expect(VideoPlayer.description.entrances.map(\.state) == [.paused])
    #expect(
      VideoPlayer.description.activities[.paused]?.entry == ["showPlayButton", "showControls"])
    #expect(
      VideoPlayer.description.activities[.playing]?.entry == ["showPauseButton", "hideControls"])
  }
}
