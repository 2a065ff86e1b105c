/// The drawing pad of the Mirror Pad app: lines drawn with a finger, an
/// animation that redraws them, and clear and copy.
///
/// The sources' own State pattern with a base state class: every action is a
/// method that does nothing, each state overrides what it handles, and the
/// states decide every transition. Two transient states (`clear`, `copy`) do
/// their work on entry and hand straight back; the animation ends by a timed
/// transition whose delay is the number of lines, in seconds, and `animate`
/// while animating starts it over.
public enum DrawingTool: Machine {
  /// The pad's states: the sources' state classes.
  public enum State: String, StateID {
    /// Drawing: touches start and extend lines (initial).
    case acceptInput
    /// Redrawing the lines, one second each; nothing is drawn meanwhile.
    case animate
    /// Transient: the lines are wiped, then back to `acceptInput`.
    case clear
    /// Transient: another pad's lines replace these, then back to
    /// `acceptInput`. The state carries `n`, the number of lines copied.
    case copy
  }

  /// What the user does to the pad: the sources' actions, and time passing.
  public enum Event: MachineEvent {
    /// A finger touches the pad at (x, y).
    case touchesBegan(x: Int, y: Int)
    /// The finger moves to (x, y).
    case touchesMoved(x: Int, y: Int)
    /// Redraw the lines, stroke by stroke.
    case animate
    /// Wipe the pad.
    case clear
    /// Take the lines of another pad, which holds `n` of them.
    case copyLines(n: Int)
    /// Let `seconds` pass on the pad's clock.
    case wait(seconds: Duration)

    /// The six events, as the command line writes them: points with
    /// coordinates from -9999 to 9999, a count of lines from 0 to 1000, and
    /// seconds as every `wait` takes them.
    public static let signatures: [EventSignature<Event>] = [
      .point("touchesBegan", in: -9999...9999) { .touchesBegan(x: $0, y: $1) },
      .point("touchesMoved", in: -9999...9999) { .touchesMoved(x: $0, y: $1) },
      .plain("animate", .animate),
      .plain("clear", .clear),
      .number("copyLines", in: 0...1000) { .copyLines(n: $0) },
      .seconds("wait") { .wait(seconds: $0) },
    ]

    /// The events without their data: what the table's rows are written for.
    public enum Kind: String, CaseIterable, Sendable {
      case touchesBegan, touchesMoved, animate, clear, copyLines, wait
    }

    /// The event without its data.
    public var kind: Kind {
      switch self {
      case .touchesBegan: .touchesBegan
      case .touchesMoved: .touchesMoved
      case .animate: .animate
      case .clear: .clear
      case .copyLines: .copyLines
      case .wait: .wait
      }
    }

    /// The point `X,Y`, the count, or the seconds.
    public var argument: String? {
      switch self {
      case .touchesBegan(let x, let y), .touchesMoved(let x, let y): "\(x),\(y)"
      case .copyLines(let n): String(n)
      case .wait(let seconds): seconds.secondsText
      case .animate, .clear: nil
      }
    }

    /// The seconds of a `wait`.
    public var timePassing: Duration? {
      if case .wait(let seconds) = self { seconds } else { nil }
    }
  }

  /// The drawing work the pad does.
  public enum Output: MachineOutput {
    /// A new line starts where the touch began.
    case lineStarted
    /// The point is added to the last line.
    case pointAdded
    /// Every line is wiped.
    case linesCleared
    /// The pad now holds the `n` lines copied from another.
    case linesCopied(n: Int)
    /// Every line's stroke is reset and the lines are drawn again.
    case animationStarted

    /// The public id, as in `linesCopied`.
    public var name: String {
      switch self {
      case .lineStarted: "lineStarted"
      case .pointAdded: "pointAdded"
      case .linesCleared: "linesCleared"
      case .linesCopied: "linesCopied"
      case .animationStarted: "animationStarted"
      }
    }

    /// The count, for `linesCopied`.
    public var data: String? {
      switch self {
      case .linesCopied(let n): String(n)
      case .lineStarted, .pointAdded, .linesCleared, .animationStarted: nil
      }
    }
  }

  /// `drawing-tool`.
  public static let id = "drawing-tool"

  /// One sentence on the drawing tool.
  public static let summary =
    "The Mirror Pad's drawing pad: state classes, transient clear and copy, "
    + "an animation that lasts a second per line."

  /// The drawing tool as a diagram, drawn from the rows and activities the
  /// `table` style runs on: the drawing is internal to `acceptInput`, and
  /// the animation ends `after(lines s)`.
  public static let description = MachineDescription<State>(
    initial: .acceptInput, events: Event.signatures, activities: Table.table.activities,
    transitions: Table.table.transitions)

  /// One line per style: how each builds an empty pad in `acceptInput` as
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

  /// Every event: touches on and off the pad, a copy of three lines and one
  /// of none, and waits that end an animation of one line (exactly at its
  /// deadline, or after it) or of three (after two waits), or end none.
  public static func sampleEvents(for configuration: Configuration) -> [Event] {
    [
      .touchesBegan(x: 10, y: 10), .touchesBegan(x: 100, y: 50), .touchesMoved(x: 50, y: 50),
      .touchesMoved(x: -1, y: 5), .animate, .clear, .copyLines(n: 3), .copyLines(n: 0),
      .wait(seconds: .milliseconds(500)), .wait(seconds: .seconds(1)),
      .wait(seconds: .milliseconds(2500)),
    ]
  }

  /// The worked examples of the specification.
  public static let workedExamples = [
    WorkedExample<Self>(
      "two lines drawn, animated for two seconds, drawn on",
      [
        .touchesBegan(x: 10, y: 10), .touchesMoved(x: 50, y: 50), .touchesMoved(x: 100, y: 50),
        .touchesBegan(x: 20, y: 80), .animate, .touchesBegan(x: 5, y: 5),
        .wait(seconds: .milliseconds(1500)), .wait(seconds: .milliseconds(500)),
        .touchesMoved(x: 60, y: 80),
      ]),
    WorkedExample<Self>(
      "clear and copy pass through their states; animate while animating starts over",
      [
        .touchesMoved(x: 10, y: 10), .animate, .clear, .copyLines(n: 3), .animate,
        .wait(seconds: .seconds(2)), .animate, .clear, .copyLines(n: 1),
        .wait(seconds: .seconds(2)), .wait(seconds: .seconds(1)),
      ]),
    WorkedExample<Self>(
      "the edges of the pad, and an empty pad",
      [
        .touchesBegan(x: 0, y: 0), .touchesBegan(x: 99, y: 99), .touchesBegan(x: -1, y: 5),
        .clear, .animate, .wait(seconds: .seconds(5)), .copyLines(n: 0),
        .touchesMoved(x: 1, y: 1),
      ]),
  ]
}

extension DrawingTool {
  /// The pad's width and height, in points.
  public static let padSize = 100

  /// Whether (x, y) is on the pad: 0 <= x < 100 and 0 <= y < 100, as a
  /// rectangle contains a point (its far edges are outside). The guard
  /// [on the pad] of both touches, shared by every style.
  public static func isOnPad(x: Int, y: Int) -> Bool {
    (0..<padSize).contains(x) && (0..<padSize).contains(y)
  }

  /// How long the animation of `lines` lines lasts: one second per line,
  /// each stroke starting when the one before ends. The delay of the timed
  /// transition `after(lines s)`, shared by every style.
  public static func animationLength(lines: Int) -> Duration {
    .seconds(lines)
  }
}

/// A drawing pad in any style: what all its implementations share.
///
/// No event is bad input (an out-of-range argument never gets past the
/// command line), so nothing throws.
public protocol DrawingToolMachine: StateMachine
where
  State == DrawingTool.State, Event == DrawingTool.Event,
  Output == DrawingTool.Output, Failure == Never
{
  /// The number of lines on the pad.
  var lines: Int { get }

  /// The pad's clock: how long since it was created, as the `wait`s say.
  var clock: VirtualClock { get }
}

extension DrawingToolMachine {
  /// Touches the pad at (x, y) and returns the outputs.
  @discardableResult
  public mutating func touchesBegan(x: Int, y: Int) -> [Output] {
    outputs(of: .touchesBegan(x: x, y: y))
  }

  /// Moves the finger to (x, y) and returns the outputs.
  @discardableResult
  public mutating func touchesMoved(x: Int, y: Int) -> [Output] {
    outputs(of: .touchesMoved(x: x, y: y))
  }

  /// Starts the animation (over) and returns the outputs.
  @discardableResult
  public mutating func animate() -> [Output] { outputs(of: .animate) }

  /// Wipes the pad and returns the outputs.
  @discardableResult
  public mutating func clear() -> [Output] { outputs(of: .clear) }

  /// Takes the `n` lines of another pad and returns the outputs.
  @discardableResult
  public mutating func copyLines(_ n: Int) -> [Output] { outputs(of: .copyLines(n: n)) }

  /// Lets `seconds` pass on the pad's clock and returns the outputs.
  @discardableResult
  public mutating func wait(_ seconds: Duration) -> [Output] {
    outputs(of: .wait(seconds: seconds))
  }
}
