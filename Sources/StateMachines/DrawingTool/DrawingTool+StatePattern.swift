/// A state of the drawing tool in the State pattern: it decides what each
/// action does, and its context carries the decision out.
///
/// Every action is ignored, no state completes by itself, and entry does
/// nothing unless a state says otherwise (the extension below), so a state
/// writes only what it does. No state of the pad does anything when it is
/// left, so there is no exit activity.
public protocol DrawingState {
  /// The public id of this state.
  var id: DrawingTool.State { get }

  /// The number of lines on the pad while it is in this state.
  var lines: Int { get }

  /// Decides what a touch that begins at (x, y) does here; a state may
  /// count the line it starts.
  mutating func touchesBegan(x: Int, y: Int) -> Decision<any DrawingState, DrawingTool.Output>

  /// Decides what a move to (x, y) does here.
  func touchesMoved(x: Int, y: Int) -> Decision<any DrawingState, DrawingTool.Output>

  /// Decides what `animate` does here, with the clock reading `now`.
  func animate(now: Duration) -> Decision<any DrawingState, DrawingTool.Output>

  /// Decides what `clear` does here.
  func clear() -> Decision<any DrawingState, DrawingTool.Output>

  /// Decides what copying the `n` lines of another pad does here.
  func copyLines(n: Int) -> Decision<any DrawingState, DrawingTool.Output>

  /// Decides what the clock reading `now`, after a wait, does here: the
  /// timed transition, once its time has come.
  func wait(until now: Duration) -> Decision<any DrawingState, DrawingTool.Output>

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered.
  func completion() -> Decision<any DrawingState, DrawingTool.Output>

  /// Runs every time a transition enters this state.
  func entry(emit: (DrawingTool.Output) -> Void)
}

extension DrawingState {
  /// Ignored.
  public func touchesBegan(x: Int, y: Int) -> Decision<any DrawingState, DrawingTool.Output> {
    .ignore
  }

  /// Ignored.
  public func touchesMoved(x: Int, y: Int) -> Decision<any DrawingState, DrawingTool.Output> {
    .ignore
  }

  /// Ignored.
  public func animate(now: Duration) -> Decision<any DrawingState, DrawingTool.Output> { .ignore }

  /// Ignored.
  public func clear() -> Decision<any DrawingState, DrawingTool.Output> { .ignore }

  /// Ignored.
  public func copyLines(n: Int) -> Decision<any DrawingState, DrawingTool.Output> { .ignore }

  /// Ignored: the state has no timer.
  public func wait(until now: Duration) -> Decision<any DrawingState, DrawingTool.Output> {
    .ignore
  }

  /// None: the state waits for an action.
  public func completion() -> Decision<any DrawingState, DrawingTool.Output> { .ignore }

  /// Does nothing.
  public func entry(emit: (DrawingTool.Output) -> Void) {}
}

extension DrawingTool {
  /// The drawing tool written with the State pattern: a context and one type
  /// per state.
  ///
  /// Notice that each state carries its data, as the enum's cases do:
  /// `AcceptInput` and `Animate` their lines, `Animate` the time it started
  /// (built into it by the transition that enters it, so the timer restarts
  /// with every entry), `Copy` its `n`. A transition builds its target with
  /// the data it will have, so `Clear` hands back an empty pad and `Copy` one
  /// with `n` lines. Only the clock is the context's: it is no state's data.
  /// `Clear` and `Copy` are ordinary states: entry does the work and
  /// `completion()` hands back, and the context takes that completion at
  /// once, so no event ever finds them.
  public struct StatePattern: DrawingToolMachine {
    /// The current state object.
    public private(set) var current: any DrawingState = AcceptInput(lines: 0)

    /// The pad's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// Creates an empty pad.
    public init() {}

    /// The public id of the current state.
    public var state: State { current.id }

    /// The number of lines on the pad.
    public var lines: Int { current.lines }

    /// Asks the current state what the action does and carries it out, then
    /// takes the completion of each transient state it arrives in.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      let decision =
        switch event {
        case .touchesBegan(let x, let y): current.touchesBegan(x: x, y: y)
        case .touchesMoved(let x, let y): current.touchesMoved(x: x, y: y)
        case .animate: current.animate(now: clock.now)
        case .clear: current.clear()
        case .copyLines(let n): current.copyLines(n: n)
        case .wait(let seconds): wait(seconds)
        }
      guard carryOut(decision, emit: emit) else { return .ignored }
      var outcome = Outcome<State>.fired
      var completion = current.completion()
      while case .go = completion {
        outcome.pass(through: current.id)
        carryOut(completion, emit: emit)
        completion = current.completion()
      }
      return outcome
    }

    /// Lets `seconds` pass, then asks the current state whether its time
    /// has come.
    private mutating func wait(_ seconds: Duration) -> Decision<any DrawingState, Output> {
      clock.advance(by: seconds)
      return current.wait(until: clock.now)
    }

    /// Carries out a decision: effect, then entry (no state has an exit
    /// activity).
    ///
    /// - Returns: whether a transition fired.
    @discardableResult
    private mutating func carryOut(
      _ decision: Decision<any DrawingState, Output>, emit: (Output) -> Void
    ) -> Bool {
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        next.entry(emit: emit)
        current = next
      }
      return true
    }
  }
}

extension DrawingTool.StatePattern {
  /// Drawing: touches on the pad start and extend lines; `animate`, `clear`
  /// and `copyLines` go to the state of that name.
  public struct AcceptInput: DrawingState {
    /// The lines on the pad: the state's own data.
    public var lines: Int

    /// `acceptInput`.
    public var id: DrawingTool.State { .acceptInput }

    /// A touch on the pad starts a line: an internal transition.
    public mutating func touchesBegan(
      x: Int, y: Int
    ) -> Decision<any DrawingState, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) else { return .ignore }
      lines += 1
      return .stay(effect: [.lineStarted])
    }

    /// A move on the pad extends the last line, if there is one.
    public func touchesMoved(x: Int, y: Int) -> Decision<any DrawingState, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) && lines > 0 else { return .ignore }
      return .stay(effect: [.pointAdded])
    }

    /// Animates the lines, if there are any, from `now`.
    public func animate(now: Duration) -> Decision<any DrawingState, DrawingTool.Output> {
      guard lines > 0 else { return .ignore }
      return .go(to: Animate(lines: lines, started: now))
    }

    /// Wipes the pad.
    public func clear() -> Decision<any DrawingState, DrawingTool.Output> {
      .go(to: Clear())
    }

    /// Takes the lines of another pad.
    public func copyLines(n: Int) -> Decision<any DrawingState, DrawingTool.Output> {
      .go(to: Copy(n: n))
    }
  }

  /// Redrawing the lines, one second each; every touch, clear and copy is
  /// ignored meanwhile.
  public struct Animate: DrawingState {
    /// The lines being redrawn: they cannot change while animating.
    public let lines: Int

    /// When the animation started: where the timer counts from.
    public let started: Duration

    /// `animate`.
    public var id: DrawingTool.State { .animate }

    /// Resets every stroke and draws the lines again.
    public func entry(emit: (DrawingTool.Output) -> Void) { emit(.animationStarted) }

    /// Starts over from `now`: a self-transition, so entry runs again.
    public func animate(now: Duration) -> Decision<any DrawingState, DrawingTool.Output> {
      .go(to: Animate(lines: lines, started: now))
    }

    /// Back to drawing once the last stroke has ended, `lines` seconds after
    /// the start. (`AcceptInput` has no timer, so entering it at the
    /// deadline or at `now` is the same.)
    public func wait(until now: Duration) -> Decision<any DrawingState, DrawingTool.Output> {
      guard started + DrawingTool.animationLength(lines: lines) <= now else { return .ignore }
      return .go(to: AcceptInput(lines: lines))
    }
  }

  /// Transient: the pad is wiped, then it accepts input again.
  public struct Clear: DrawingState {
    /// `clear`.
    public var id: DrawingTool.State { .clear }

    /// None: they are being wiped.
    public var lines: Int { 0 }

    /// Wipes the lines.
    public func entry(emit: (DrawingTool.Output) -> Void) { emit(.linesCleared) }

    /// Back to drawing, on an empty pad.
    public func completion() -> Decision<any DrawingState, DrawingTool.Output> {
      .go(to: AcceptInput(lines: 0))
    }
  }

  /// Transient: the lines of another pad replace these, then the pad
  /// accepts input again.
  public struct Copy: DrawingState {
    /// The number of lines copied: the state's own data.
    public let n: Int

    /// `copy`.
    public var id: DrawingTool.State { .copy }

    /// The copied ones.
    public var lines: Int { n }

    /// Takes the other pad's lines.
    public func entry(emit: (DrawingTool.Output) -> Void) { emit(.linesCopied(n: n)) }

    /// Back to drawing, with the `n` lines copied.
    public func completion() -> Decision<any DrawingState, DrawingTool.Output> {
      .go(to: AcceptInput(lines: n))
    }
  }
}
