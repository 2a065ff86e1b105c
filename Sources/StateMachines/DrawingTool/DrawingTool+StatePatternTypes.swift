/// A state of the drawing tool as a type: the State pattern with no state
/// values at all. Each state is a type whose static methods decide, and its
/// context carries the decision out.
///
/// Every action is ignored, no state completes by itself, and entry does
/// nothing unless a state says otherwise (the extension below), so a state
/// writes only what it does. A type holds no data, so the methods that read
/// or change the lines are handed them by the context, and entry is handed
/// the action that led into the state, as the sources hand the same call on
/// to the state they move to: that is how `Copy` learns its `n`.
public protocol DrawingStateType {
  /// The public id of this state.
  static var id: DrawingTool.State { get }

  /// Decides what a touch that begins at (x, y) does here; a state may
  /// count the line it starts in `lines`.
  static func touchesBegan(
    x: Int, y: Int, lines: inout Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Decides what a move to (x, y) does here, with `lines` on the pad.
  static func touchesMoved(
    x: Int, y: Int, lines: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Decides what `animate` does here, with `lines` on the pad.
  static func animate(lines: Int) -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Decides what `clear` does here.
  static func clear() -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Decides what copying the `n` lines of another pad does here.
  static func copyLines(n: Int) -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Decides what the clock reading `now`, after a wait, does here, for a
  /// state `entered` at that reading with `lines` on the pad: the timed
  /// transition, once its time has come.
  static func wait(
    until now: Duration, entered: Duration, lines: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered.
  static func completion() -> Decision<any DrawingStateType.Type, DrawingTool.Output>

  /// Runs every time a transition enters this state, which `action` led
  /// to; it may change `lines`.
  static func entry(
    after action: DrawingTool.Event, lines: inout Int, emit: (DrawingTool.Output) -> Void)
}

extension DrawingStateType {
  /// Ignored.
  public static func touchesBegan(
    x: Int, y: Int, lines: inout Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> { .ignore }

  /// Ignored.
  public static func touchesMoved(
    x: Int, y: Int, lines: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> { .ignore }

  /// Ignored.
  public static func animate(
    lines: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> { .ignore }

  /// Ignored.
  public static func clear() -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
    .ignore
  }

  /// Ignored.
  public static func copyLines(
    n: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> { .ignore }

  /// Ignored: the state has no timer.
  public static func wait(
    until now: Duration, entered: Duration, lines: Int
  ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> { .ignore }

  /// None: the state waits for an action.
  public static func completion() -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
    .ignore
  }

  /// Does nothing.
  public static func entry(
    after action: DrawingTool.Event, lines: inout Int, emit: (DrawingTool.Output) -> Void
  ) {}
}

extension DrawingTool {
  /// The drawing tool written with the State pattern, each state a type.
  ///
  /// Notice what changed from `StatePattern`: `Animate.self` instead of
  /// `Animate(lines: lines, started: now)`. A type has no value to carry
  /// data in, so the lines move into the context, as the sources keep them
  /// in the view, and so does the time the current state was entered, which
  /// the context notes on every entry and hands to `wait`: the timer
  /// restarts with every entry, the self-transition's too. `Copy`'s `n`
  /// has nowhere to live either: entry is handed the action that led to the
  /// state and reads it there. `Clear` and `Copy` are still ordinary states:
  /// entry does the work, `completion` hands back, and the context takes
  /// that completion at once, so no event ever finds them.
  public struct StatePatternTypes: DrawingToolMachine {
    /// The current state.
    public private(set) var current: any DrawingStateType.Type = AcceptInput.self

    /// The number of lines on the pad: the data `StatePattern`'s states
    /// carried, kept here because the states are types.
    public private(set) var lines = 0

    /// The pad's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// When the current state was entered: where its timer counts from.
    private var entered: Duration = .zero

    /// Creates an empty pad.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// Asks the current state what the action does and carries it out, then
    /// takes the completion of each transient state it arrives in.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .touchesBegan(let x, let y): current.touchesBegan(x: x, y: y, lines: &lines)
        case .touchesMoved(let x, let y): current.touchesMoved(x: x, y: y, lines: lines)
        case .animate: current.animate(lines: lines)
        case .clear: current.clear()
        case .copyLines(let n): current.copyLines(n: n)
        case .wait(let seconds): wait(seconds)
        }
      guard carryOut(decision, after: event, emit: emit) else { return .ignored }
      var outcome = Outcome<State>.fired
      var completion = current.completion()
      while case .go = completion {
        outcome.pass(through: current.id)
        carryOut(completion, after: event, emit: emit)
        completion = current.completion()
      }
      return outcome
    }

    /// Lets `seconds` pass, then asks the current state whether its time
    /// has come.
    private mutating func wait(_ seconds: Duration) -> Decision<any DrawingStateType.Type, Output> {
      clock.advance(by: seconds)
      return current.wait(until: clock.now, entered: entered, lines: lines)
    }

    /// Carries out a decision that `action` led to: effect, then entry (no
    /// state has an exit activity), noting when the state was entered.
    ///
    /// - Returns: whether a transition fired.
    @discardableResult
    private mutating func carryOut(
      _ decision: Decision<any DrawingStateType.Type, Output>, after action: Event,
      emit: (Output) -> Void
    ) -> Bool {
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        next.entry(after: action, lines: &lines, emit: emit)
        current = next
        entered = clock.now
      }
      return true
    }
  }
}

extension DrawingTool.StatePatternTypes {
  /// Drawing: touches on the pad start and extend lines; `animate`, `clear`
  /// and `copyLines` go to the state of that name.
  public enum AcceptInput: DrawingStateType {
    /// `acceptInput`.
    public static var id: DrawingTool.State { .acceptInput }

    /// A touch on the pad starts a line: an internal transition.
    public static func touchesBegan(
      x: Int, y: Int, lines: inout Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) else { return .ignore }
      lines += 1
      return .stay(effect: [.lineStarted])
    }

    /// A move on the pad extends the last line, if there is one.
    public static func touchesMoved(
      x: Int, y: Int, lines: Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) && lines > 0 else { return .ignore }
      return .stay(effect: [.pointAdded])
    }

    /// Animates the lines, if there are any.
    public static func animate(
      lines: Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      lines > 0 ? .go(to: Animate.self) : .ignore
    }

    /// Wipes the pad.
    public static func clear() -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      .go(to: Clear.self)
    }

    /// Takes the lines of another pad.
    public static func copyLines(
      n: Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      .go(to: Copy.self)
    }
  }

  /// Redrawing the lines, one second each; every touch, clear and copy is
  /// ignored meanwhile.
  public enum Animate: DrawingStateType {
    /// `animate`.
    public static var id: DrawingTool.State { .animate }

    /// Resets every stroke and draws the lines again.
    public static func entry(
      after action: DrawingTool.Event, lines: inout Int, emit: (DrawingTool.Output) -> Void
    ) {
      emit(.animationStarted)
    }

    /// Starts over: a self-transition, so entry runs again and the timer
    /// restarts.
    public static func animate(
      lines: Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      .go(to: Animate.self)
    }

    /// Back to drawing once the last stroke has ended, `lines` seconds after
    /// the start. (`AcceptInput` has no timer, so entering it at the
    /// deadline or at `now` is the same.)
    public static func wait(
      until now: Duration, entered: Duration, lines: Int
    ) -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      entered + DrawingTool.animationLength(lines: lines) <= now
        ? .go(to: AcceptInput.self) : .ignore
    }
  }

  /// Transient: the pad is wiped, then it accepts input again.
  public enum Clear: DrawingStateType {
    /// `clear`.
    public static var id: DrawingTool.State { .clear }

    /// Wipes the lines.
    public static func entry(
      after action: DrawingTool.Event, lines: inout Int, emit: (DrawingTool.Output) -> Void
    ) {
      emit(.linesCleared)
      lines = 0
    }

    /// Back to drawing.
    public static func completion() -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      .go(to: AcceptInput.self)
    }
  }

  /// Transient: the lines of another pad replace these, then the pad
  /// accepts input again.
  public enum Copy: DrawingStateType {
    /// `copy`.
    public static var id: DrawingTool.State { .copy }

    /// Takes the other pad's lines: the `n` of the `copyLines` that led
    /// here (no other action does).
    public static func entry(
      after action: DrawingTool.Event, lines: inout Int, emit: (DrawingTool.Output) -> Void
    ) {
      guard case .copyLines(let n) = action else { return }
      emit(.linesCopied(n: n))
      lines = n
    }

    /// Back to drawing.
    public static func completion() -> Decision<any DrawingStateType.Type, DrawingTool.Output> {
      .go(to: AcceptInput.self)
    }
  }
}
