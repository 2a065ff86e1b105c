import ConformanceSupport
import StateMachines
import Testing

extension DrawingTool: Conformant {
  /// What the table style draws, which the description must be.
  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }

  /// The scenarios of the specification, and the edge cases around them.
  public static let scenarios: [Scenario<DrawingTool>] = [
    // The worked examples of docs/machines/drawing-tool.md.
    Scenario(
      "two lines drawn, animated for two seconds, drawn on",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.touchesMoved(x: 50, y: 50), to: .acceptInput, .pointAdded),
        .ignores(.touchesMoved(x: 100, y: 50)),
        .fires(.touchesBegan(x: 20, y: 80), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.touchesBegan(x: 5, y: 5)),
        .ignores(.wait(seconds: .milliseconds(1500))),
        .fires(.wait(seconds: .milliseconds(500)), to: .acceptInput),
        .fires(.touchesMoved(x: 60, y: 80), to: .acceptInput, .pointAdded),
      ]),
    Scenario(
      "clear and copy pass through their states; animate while animating starts over",
      [
        .ignores(.touchesMoved(x: 10, y: 10)),
        .ignores(.animate),
        .fires(.clear, via: .clear, to: .acceptInput, .linesCleared),
        .fires(.copyLines(n: 3), via: .copy, to: .acceptInput, .linesCopied(n: 3)),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .seconds(2))),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.clear),
        .ignores(.copyLines(n: 1)),
        .ignores(.wait(seconds: .seconds(2))),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "the edges of the pad, and an empty pad",
      [
        .fires(.touchesBegan(x: 0, y: 0), to: .acceptInput, .lineStarted),
        .fires(.touchesBegan(x: 99, y: 99), to: .acceptInput, .lineStarted),
        .ignores(.touchesBegan(x: -1, y: 5)),
        .fires(.clear, via: .clear, to: .acceptInput, .linesCleared),
        .ignores(.animate),
        .ignores(.wait(seconds: .seconds(5))),
        .fires(.copyLines(n: 0), via: .copy, to: .acceptInput, .linesCopied(n: 0)),
        .ignores(.touchesMoved(x: 1, y: 1)),
      ]),

    // Drawing: the pad's far edges are outside it, on both axes.
    Scenario(
      "a touch that begins off the pad, on any side, starts no line",
      [
        .ignores(.touchesBegan(x: 100, y: 50)),
        .ignores(.touchesBegan(x: 50, y: 100)),
        .ignores(.touchesBegan(x: 50, y: -1)),
        .ignores(.touchesBegan(x: -9999, y: 9999)),
        .ignores(.touchesMoved(x: 50, y: 50)),
        .ignores(.animate),
        .fires(.touchesBegan(x: 0, y: 99), to: .acceptInput, .lineStarted),
        .fires(.touchesMoved(x: 50, y: 50), to: .acceptInput, .pointAdded),
      ]),
    Scenario(
      "moves on the pad extend the last line; moves off it are ignored",
      [
        .fires(.touchesBegan(x: 1, y: 1), to: .acceptInput, .lineStarted),
        .fires(.touchesMoved(x: 2, y: 2), to: .acceptInput, .pointAdded),
        .fires(.touchesMoved(x: 99, y: 0), to: .acceptInput, .pointAdded),
        .ignores(.touchesMoved(x: 99, y: 100)),
        .ignores(.touchesMoved(x: -1, y: -1)),
        .fires(.touchesMoved(x: 0, y: 0), to: .acceptInput, .pointAdded),
      ]),

    // Clear and copy: they set the number of lines, which the moves and the
    // animation's length show.
    Scenario(
      "a clear leaves no line to extend and nothing to animate",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.clear, via: .clear, to: .acceptInput, .linesCleared),
        .ignores(.touchesMoved(x: 20, y: 20)),
        .ignores(.animate),
        .fires(.clear, via: .clear, to: .acceptInput, .linesCleared),
      ]),
    Scenario(
      "a copy replaces the lines rather than adding to them: one line animates for one second",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.touchesBegan(x: 20, y: 20), to: .acceptInput, .lineStarted),
        .fires(.touchesBegan(x: 30, y: 30), to: .acceptInput, .lineStarted),
        .fires(.copyLines(n: 1), via: .copy, to: .acceptInput, .linesCopied(n: 1)),
        .fires(.animate, to: .animate, .animationStarted),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "copied lines can be extended and animated; lines drawn after a copy add to them",
      [
        .fires(.copyLines(n: 2), via: .copy, to: .acceptInput, .linesCopied(n: 2)),
        .fires(.touchesMoved(x: 5, y: 5), to: .acceptInput, .pointAdded),
        .fires(.touchesBegan(x: 5, y: 5), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(2999))),
        .fires(.wait(seconds: .milliseconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "a copy of no lines empties the pad; a copy of the most there can be",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.copyLines(n: 0), via: .copy, to: .acceptInput, .linesCopied(n: 0)),
        .ignores(.touchesMoved(x: 10, y: 10)),
        .ignores(.animate),
        .fires(.copyLines(n: 1000), via: .copy, to: .acceptInput, .linesCopied(n: 1000)),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .seconds(999))),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
      ]),

    // The animation: its timer, from its entry, for `lines` seconds.
    Scenario(
      "the animation ends exactly at its deadline, not a millisecond before",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.touchesBegan(x: 10, y: 20), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(1999))),
        .ignores(.wait(seconds: .zero)),
        .fires(.wait(seconds: .milliseconds(1)), to: .acceptInput),
        .ignores(.wait(seconds: .seconds(10))),
      ]),
    Scenario(
      "a wait well past the deadline ends the animation, once",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .fires(.wait(seconds: .seconds(3600)), to: .acceptInput),
        .ignores(.wait(seconds: .seconds(3600))),
        .fires(.touchesMoved(x: 10, y: 10), to: .acceptInput, .pointAdded),
      ]),
    Scenario(
      "the timer counts from the animation's start, not from the pad's creation",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .ignores(.wait(seconds: .seconds(5))),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(999))),
        .fires(.wait(seconds: .milliseconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "animate while animating restarts the timer, every time",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.touchesBegan(x: 20, y: 20), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(1500))),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(1500))),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .milliseconds(1999))),
        .fires(.wait(seconds: .milliseconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "while animating, every touch, clear and copy is ignored and changes nothing",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.touchesBegan(x: 20, y: 20)),
        .ignores(.touchesBegan(x: 200, y: 20)),
        .ignores(.touchesMoved(x: 20, y: 20)),
        .ignores(.touchesMoved(x: -20, y: 20)),
        .ignores(.clear),
        .ignores(.copyLines(n: 5)),
        .ignores(.copyLines(n: 0)),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
        .fires(.touchesMoved(x: 20, y: 20), to: .acceptInput, .pointAdded),
        .fires(.animate, to: .animate, .animationStarted),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
      ]),
    Scenario(
      "animation after animation: each lasts as many seconds as there are lines then",
      [
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
        .fires(.copyLines(n: 3), via: .copy, to: .acceptInput, .linesCopied(n: 3)),
        .fires(.animate, to: .animate, .animationStarted),
        .ignores(.wait(seconds: .seconds(1))),
        .ignores(.wait(seconds: .seconds(1))),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
        .fires(.clear, via: .clear, to: .acceptInput, .linesCleared),
        .fires(.touchesBegan(x: 10, y: 10), to: .acceptInput, .lineStarted),
        .fires(.animate, to: .animate, .animationStarted),
        .fires(.wait(seconds: .seconds(1)), to: .acceptInput),
      ]),
  ]
}

/// What the scenarios cannot say: the natural API, the pad's count and
/// clock, how events are written, and how the state classes share objects.
@Suite("Drawing tool")
struct DrawingToolTests {
  @Test(
    "the natural API draws, animates, waits, clears and copies",
    arguments: DrawingTool.implementations)
  func naturalAPI(_ style: Implementation) throws {
    var pad = try #require(DrawingTool.make(style, .init()) as? any DrawingToolMachine)
    #expect(pad.touchesMoved(x: 1, y: 1) == [])
    #expect(pad.touchesBegan(x: 1, y: 1) == [.lineStarted])
    #expect(pad.touchesMoved(x: 2, y: 2) == [.pointAdded])
    #expect(pad.touchesBegan(x: 3, y: 3) == [.lineStarted])
    #expect(pad.lines == 2)
    #expect(pad.animate() == [.animationStarted])
    #expect(pad.wait(.milliseconds(1250)) == [])
    #expect(pad.clock.now == .milliseconds(1250))
    #expect(pad.state == .animate)
    #expect(pad.wait(.seconds(1)) == [])
    #expect(pad.state == .acceptInput)
    #expect(pad.clock.now == .milliseconds(2250))
    #expect(pad.copyLines(7) == [.linesCopied(n: 7)])
    #expect(pad.lines == 7)
    #expect(pad.clear() == [.linesCleared])
    #expect(pad.lines == 0)
    #expect(pad.animate() == [])
    #expect(pad.state == .acceptInput)
  }

  @Test(
    "ignored events leave the lines alone, and only waits move the clock",
    arguments: DrawingTool.implementations)
  func ignoredEventsChangeNothing(_ style: Implementation) throws {
    var pad = try #require(DrawingTool.make(style, .init()) as? any DrawingToolMachine)
    pad.copyLines(2)
    pad.animate()
    pad.touchesBegan(x: 1, y: 1)
    pad.clear()
    pad.copyLines(9)
    #expect(pad.lines == 2)
    #expect(pad.clock.now == .zero)
    pad.wait(.milliseconds(500))
    #expect(pad.clock.now == .milliseconds(500))
    pad.touchesBegan(x: 100, y: 1)
    #expect(pad.lines == 2)
    pad.wait(.seconds(2))
    #expect(pad.clock.now == .milliseconds(2500))
    #expect(pad.state == .acceptInput)
  }

  @Test(
    "the pad contains a point as a rectangle does: its far edges are outside",
    arguments: [
      (0, 0, true), (99, 99, true), (0, 99, true), (99, 0, true), (50, 50, true),
      (100, 50, false), (50, 100, false), (-1, 5, false), (5, -1, false),
      (100, 100, false), (-9999, 9999, false), (Int.min, Int.max, false),
    ])
  func padEdges(x: Int, y: Int, on: Bool) {
    #expect(DrawingTool.isOnPad(x: x, y: y) == on)
  }

  @Test("an animation lasts one second per line")
  func animationLength() {
    #expect(DrawingTool.animationLength(lines: 1) == .seconds(1))
    #expect(DrawingTool.animationLength(lines: 3) == .milliseconds(3000))
    #expect(DrawingTool.animationLength(lines: 1000) == .seconds(1000))
  }

  @Test(
    "the shared state classes make the four objects once and find each by its class",
    arguments: [false, true])
  func sharedStateObjects(sharing: Bool) {
    var pad = DrawingTool.StateClasses(sharingStateObjects: sharing)
    let first = pad.current
    pad.copyLines(2)
    let afterCopy = pad.current
    pad.animate()
    let animating = pad.current
    pad.animate()
    let restarted = pad.current
    pad.wait(.seconds(2))
    #expect((pad.current === first) == sharing)
    #expect((afterCopy === first) == sharing)
    #expect((restarted === animating) == sharing)
    #expect(pad.state == .acceptInput)
  }

  @Test("a shared Animate object starts its timer afresh on every entry")
  func sharedAnimateRestarts() throws {
    var pad = DrawingTool.StateClasses(sharingStateObjects: true)
    pad.copyLines(1)
    pad.animate()
    pad.wait(.seconds(5))
    #expect(pad.state == .acceptInput)
    pad.animate()
    let animate = try #require(pad.current as? DrawingTool.StateClasses.Animate)
    #expect(animate.started == .seconds(5))
    #expect(pad.wait(.milliseconds(999)) == [])
    #expect(pad.state == .animate)
    pad.wait(.milliseconds(1))
    #expect(pad.state == .acceptInput)
  }

  @Test("a shared Copy object takes its n from each copyLines in turn")
  func sharedCopyTakesEachN() {
    var pad = DrawingTool.StateClasses(sharingStateObjects: true)
    #expect(pad.copyLines(3) == [.linesCopied(n: 3)])
    #expect(pad.copyLines(1) == [.linesCopied(n: 1)])
    #expect(pad.lines == 1)
  }
}

/// How the drawing tool's events are written on the command line.
@Suite("Drawing tool events")
struct DrawingToolEventTests {
  @Test(
    "well-formed events read as written and are written back the same",
    arguments: [
      ("touchesBegan:10,20", DrawingTool.Event.touchesBegan(x: 10, y: 20)),
      ("touchesMoved:-1,5", .touchesMoved(x: -1, y: 5)),
      ("touchesBegan:-9999,9999", .touchesBegan(x: -9999, y: 9999)),
      ("touchesMoved:0,0", .touchesMoved(x: 0, y: 0)),
      ("animate", .animate),
      ("clear", .clear),
      ("copyLines:0", .copyLines(n: 0)),
      ("copyLines:1000", .copyLines(n: 1000)),
      ("wait:1.5", .wait(seconds: .milliseconds(1500))),
      ("wait:0.001", .wait(seconds: .milliseconds(1))),
      ("wait:3600", .wait(seconds: .seconds(3600))),
    ])
  func wellFormed(text: String, event: DrawingTool.Event) throws {
    #expect(try DrawingTool.Event.parse(text) == event)
    #expect(event.description == text)
  }

  @Test(
    "malformed or out-of-range arguments are usage errors",
    arguments: [
      "touchesBegan", "touchesBegan:", "touchesBegan:10", "touchesBegan:10,", "touchesBegan:,10",
      "touchesBegan:10,20,30", "touchesBegan:10;20", "touchesBegan:a,b", "touchesBegan:1.5,2",
      "touchesBegan:10000,0", "touchesMoved:0,-10000", "touchesMoved:+1,2", "touchesMoved:1, 2",
      "touchesMoved", "copyLines", "copyLines:", "copyLines:-1", "copyLines:1001", "copyLines:+3",
      "copyLines:3.0", "copyLines:three", "animate:1", "clear:all", "wait", "wait:-1", "wait:1e3",
      "wait:.5", "wait:1.", "wait:0.0001", "wait:3600.5", "wait:abc", "touchesEnded:1,1", "Clear",
    ])
  func malformed(text: String) {
    #expect(throws: EventSyntaxError.self) { try DrawingTool.Event.parse(text) }
  }

  @Test("messages name the rule that was broken")
  func messages() {
    #expect(
      throws: EventSyntaxError(
        "'100,-10000' is not a valid point for 'touchesBegan': expected X,Y, two whole numbers "
          + "from -9999 to 9999, as in 10,20")
    ) { try DrawingTool.Event.parse("touchesBegan:100,-10000") }
    #expect(
      throws: EventSyntaxError(
        "'1001' is not a valid number for 'copyLines': expected a whole number from 0 to 1000, as in 3"
      )
    ) { try DrawingTool.Event.parse("copyLines:1001") }
    #expect(throws: EventSyntaxError("event 'animate' takes no argument, but was given '2'")) {
      try DrawingTool.Event.parse("animate:2")
    }
  }

  @Test("the events show their usage")
  func usage() {
    #expect(
      DrawingTool.Event.signatures.map(\.usage) == [
        "touchesBegan:X,Y", "touchesMoved:X,Y", "animate", "clear", "copyLines:N",
        "wait:SECONDS",
      ])
  }

  @Test("only wait lets time pass")
  func timePassing() {
    #expect(DrawingTool.Event.wait(seconds: .seconds(2)).timePassing == .seconds(2))
    #expect(DrawingTool.Event.animate.timePassing == nil)
    #expect(DrawingTool.Event.copyLines(n: 2).timePassing == nil)
  }

  @Test("linesCopied writes its count as data")
  func outputData() {
    #expect(DrawingTool.Output.linesCopied(n: 3).description == "linesCopied:3")
    #expect(DrawingTool.Output.lineStarted.description == "lineStarted")
  }
}
