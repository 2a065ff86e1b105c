extension DrawingTool {
  /// The drawing tool written as nested switches.
  ///
  /// The state is a plain tag; the lines, the clock and the time the
  /// animation started are separate properties beside it. Notice `clear`
  /// and `copyLines`: one `case` sets the tag to the transient state, does
  /// its entry work and sets the tag back, so the state lives for a few lines
  /// and the step reports it as `via`. Notice too that `wait` is an event
  /// like any other: it moves the clock, and only `animate` looks at it.
  public struct NestedSwitch: DrawingToolMachine {
    /// The current state.
    public private(set) var state: State = .acceptInput

    /// The number of lines on the pad.
    public private(set) var lines = 0

    /// The pad's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When `animate` was last entered: where its timer counts from.
    private var animationStarted: Duration = .zero

    /// Creates an empty pad.
    public init() {}

    /// Handles one event: a `switch` on the event, then one on the state.
    ///
    /// `clear` and `copy` never meet an event: they hand back at once.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch event {
      case .touchesBegan(let x, let y):
        switch state {
        case .acceptInput where DrawingTool.isOnPad(x: x, y: y):
          emit(.lineStarted)
          lines += 1
          return .fired
        case .acceptInput, .animate, .clear, .copy:
          return .ignored
        }

      case .touchesMoved(let x, let y):
        switch state {
        case .acceptInput where DrawingTool.isOnPad(x: x, y: y) && lines > 0:
          emit(.pointAdded)
          return .fired
        case .acceptInput, .animate, .clear, .copy:
          return .ignored
        }

      case .animate:
        switch state {
        case .acceptInput where lines > 0, .animate:
          state = .animate
          emit(.animationStarted)
          animationStarted = clock.now
          return .fired
        case .acceptInput, .clear, .copy:
          return .ignored
        }

      case .clear:
        switch state {
        case .acceptInput:
          state = .clear
          emit(.linesCleared)
          lines = 0
          state = .acceptInput
          return .fired(via: .clear)
        case .animate, .clear, .copy:
          return .ignored
        }

      case .copyLines(let n):
        switch state {
        case .acceptInput:
          state = .copy
          emit(.linesCopied(n: n))
          lines = n
          state = .acceptInput
          return .fired(via: .copy)
        case .animate, .clear, .copy:
          return .ignored
        }

      case .wait(let seconds):
        clock.advance(by: seconds)
        switch state {
        // `acceptInput` has no timer, so entering it at the deadline or at
        // the end of the wait is the same.
        case .animate
        where animationStarted + DrawingTool.animationLength(lines: lines) <= clock.now:
          state = .acceptInput
          return .fired
        case .acceptInput, .animate, .clear, .copy:
          return .ignored
        }
      }
    }
  }
}
