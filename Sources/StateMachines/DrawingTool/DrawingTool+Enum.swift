extension DrawingTool {
  /// The drawing tool written as an enum whose cases carry their data.
  ///
  /// Notice that `animate` carries the time it started, so an animation
  /// without a start cannot be written, and `copy` carries its `n`, as the
  /// specification draws `copy(n)`. Every case also carries the clock: the
  /// enum is the whole machine, so what the machine knows must travel with
  /// each state. The transient `clear` and `copy` are cases too, but only
  /// for the length of one step: `handBack` leaves them at once, so no event
  /// ever finds the pad there.
  public enum Enum: DrawingToolMachine {
    /// Drawing, with `lines` on the pad.
    case acceptInput(lines: Int, clock: VirtualClock)
    /// Redrawing `lines` lines since `started`.
    case animate(lines: Int, started: Duration, clock: VirtualClock)
    /// Transient: wiping the pad.
    case clear(clock: VirtualClock)
    /// Transient: taking the `n` lines of another pad.
    case copy(n: Int, clock: VirtualClock)

    /// Creates an empty pad.
    public init() { self = .acceptInput(lines: 0, clock: VirtualClock()) }

    /// The public id of the current state.
    public var state: State {
      switch self {
      case .acceptInput: .acceptInput
      case .animate: .animate
      case .clear: .clear
      case .copy: .copy
      }
    }

    /// The number of lines on the pad: none while it is being wiped, and
    /// the copied ones while they are copied.
    public var lines: Int {
      switch self {
      case .acceptInput(let lines, _), .animate(let lines, _, _), .copy(let lines, _): lines
      case .clear: 0
      }
    }

    /// The pad's clock.
    public var clock: VirtualClock {
      switch self {
      case .acceptInput(_, let clock), .animate(_, _, let clock), .clear(let clock),
        .copy(_, let clock):
        clock
      }
    }

    /// Handles one event: one `switch` over `(self, event)`.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      switch (self, event) {
      case (.acceptInput(let lines, let clock), .touchesBegan(let x, let y)):
        guard DrawingTool.isOnPad(x: x, y: y) else { return .ignored }
        emit(.lineStarted)
        self = .acceptInput(lines: lines + 1, clock: clock)
      case (.acceptInput(let lines, _), .touchesMoved(let x, let y)):
        guard DrawingTool.isOnPad(x: x, y: y) && lines > 0 else { return .ignored }
        emit(.pointAdded)
      case (.acceptInput(let lines, let clock), .animate):
        guard lines > 0 else { return .ignored }
        emit(.animationStarted)
        self = .animate(lines: lines, started: clock.now, clock: clock)
      case (.acceptInput(_, let clock), .clear):
        self = .clear(clock: clock)
        return handBack(emit: emit)
      case (.acceptInput(_, let clock), .copyLines(let n)):
        self = .copy(n: n, clock: clock)
        return handBack(emit: emit)
      case (.acceptInput(let lines, var clock), .wait(let seconds)):
        clock.advance(by: seconds)
        self = .acceptInput(lines: lines, clock: clock)
        return .ignored

      case (.animate(let lines, _, let clock), .animate):
        emit(.animationStarted)
        self = .animate(lines: lines, started: clock.now, clock: clock)
      case (.animate(let lines, let started, var clock), .wait(let seconds)):
        clock.advance(by: seconds)
        // `acceptInput` has no timer, so entering it at the deadline or at
        // the end of the wait is the same.
        guard started + DrawingTool.animationLength(lines: lines) <= clock.now else {
          self = .animate(lines: lines, started: started, clock: clock)
          return .ignored
        }
        self = .acceptInput(lines: lines, clock: clock)
      case (.animate, .touchesBegan), (.animate, .touchesMoved), (.animate, .clear),
        (.animate, .copyLines):
        return .ignored

      case (.clear, _), (.copy, _):
        return .ignored  // Never found here: they hand back at once.
      }
      return .fired
    }

    /// The transient states' entry activity and completion transition: the
    /// work is done, then the pad accepts input again.
    ///
    /// - Returns: the step, through the transient state.
    private mutating func handBack(emit: (Output) -> Void) -> Outcome<State> {
      let transient = state
      switch self {
      case .clear(let clock):
        emit(.linesCleared)
        self = .acceptInput(lines: 0, clock: clock)
      case .copy(let n, let clock):
        emit(.linesCopied(n: n))
        self = .acceptInput(lines: n, clock: clock)
      case .acceptInput, .animate:
        break
      }
      return .fired(via: transient)
    }
  }
}
