/// A state of the drawing pad as the sources write it: a base class with a
/// method for every action that does nothing, and one subclass per state
/// that overrides only the actions it handles.
///
/// The pad's lines and clock stay in the pad, as the sources keep the lines
/// in their view, and are lent to the methods that read or change them. No
/// state of the pad does anything when it is left, so there is no exit
/// activity to override.
public class DrawingStateObject {
  /// Creates the state object; the context does this on each transition,
  /// or once for each class when it shares them.
  public required init() {}

  /// The public id of this state.
  public var id: DrawingTool.State { fatalError("every subclass names its state") }

  /// Decides what a touch that begins at (x, y) does here; a state may
  /// count the line it starts in `lines`.
  public func touchesBegan(
    x: Int, y: Int, lines: inout Int
  ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> { .ignore }

  /// Decides what a move to (x, y) does here, with `lines` on the pad.
  public func touchesMoved(
    x: Int, y: Int, lines: Int
  ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> { .ignore }

  /// Decides what `animate` does here, with `lines` on the pad.
  public func animate(lines: Int) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
    .ignore
  }

  /// Decides what `clear` does here.
  public func clear() -> Decision<DrawingStateObject.Type, DrawingTool.Output> { .ignore }

  /// Decides what copying the `n` lines of another pad does here.
  public func copyLines(n: Int) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
    .ignore
  }

  /// Decides what the clock reading `now`, after a wait, does here, with
  /// `lines` on the pad: the timed transition, once its time has come.
  public func wait(
    until now: Duration, lines: Int
  ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> { .ignore }

  /// The completion transition: where a transient state goes by itself as
  /// soon as it is entered.
  public func completion() -> Decision<DrawingStateObject.Type, DrawingTool.Output> { .ignore }

  /// Runs every time a transition enters this state, which `action` led to,
  /// with the clock reading `now`; it may change `lines`.
  ///
  /// The action is handed on as the sources hand the same call to the state
  /// they move to (`copyLines(from:)` goes from `AcceptInputState` on to
  /// `CopyState`, which does the copying).
  public func entry(
    after action: DrawingTool.Event, lines: inout Int, now: Duration,
    emit: (DrawingTool.Output) -> Void
  ) {}
}

extension DrawingTool {
  /// The drawing tool written with the sources' state classes: the context
  /// forwards each action to the current state object, and the states decide
  /// everything.
  ///
  /// Notice how little each class says: `AcceptInput` overrides every action
  /// but `wait`, `Animate` only `animate` and `wait`, and `Clear` and `Copy`
  /// nothing but their entry and their completion; every other action
  /// falls to the base class and is ignored, so "every touch is ignored
  /// while animating" is written nowhere. `AcceptInput` answers `animate`,
  /// `clear` and `copyLines` by moving to the state of that name, and that
  /// state does the work as it is entered: `Clear` and `Copy` then hand
  /// straight back, `Animate` waits for its last stroke. Each state names its
  /// successor by class (`Copy.self`); the context never chooses one.
  ///
  /// The context makes a new object per transition, as the book prints it,
  /// or, created with `sharingStateObjects`, the sources' way: the four
  /// objects are made once and each successor is looked up by its class.
  /// Two of them then hold data across visits. `Animate` keeps when it
  /// started and `Copy` its `n`; both are set on entry (`n` from the
  /// `copyLines` handed on in the entry call), before anything reads them,
  /// so a shared object never shows the last visit's data. That is safe
  /// because a step runs to completion, one at a time: `Copy` is entered,
  /// does its work and is left within the one `copyLines` step, and the
  /// objects belong to this context alone.
  public final class StateClasses: DrawingToolMachine {
    /// The current state object.
    public private(set) var current: DrawingStateObject

    /// The number of lines on the pad.
    public private(set) var lines = 0

    /// The pad's clock, moved by `wait`.
    public private(set) var clock = VirtualClock()

    /// One object of each state class, made up front, when the context
    /// shares them; empty when it makes a new object per transition.
    private let sharedStateObjects: [DrawingStateObject]

    /// Creates an empty pad, accepting input.
    public init(sharingStateObjects: Bool = false) {
      let shared = sharingStateObjects ? [AcceptInput(), Animate(), Clear(), Copy()] : []
      sharedStateObjects = shared
      current = shared.first { $0 is AcceptInput } ?? AcceptInput()
    }

    /// The public id of the current state.
    public var state: State { current.id }

    /// Forwards the action to the current state object and carries out its
    /// decision, then the completion of each transient state it arrives in.
    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
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
    private func wait(_ seconds: Duration) -> Decision<DrawingStateObject.Type, Output> {
      clock.advance(by: seconds)
      return current.wait(until: clock.now, lines: lines)
    }

    /// Carries out a decision that `action` led to: effect, then the change
    /// of state object and its entry (no state has an exit activity).
    ///
    /// - Returns: whether a transition fired.
    @discardableResult
    private func carryOut(
      _ decision: Decision<DrawingStateObject.Type, Output>, after action: Event,
      emit: (Output) -> Void
    ) -> Bool {
      switch decision {
      case .ignore:
        return false
      case .stay(let effect):
        effect.forEach(emit)
      case .go(let next, let effect):
        effect.forEach(emit)
        current = stateObject(next)
        current.entry(after: action, lines: &lines, now: clock.now, emit: emit)
      }
      return true
    }

    /// The shared object of class `type`, or a new one.
    private func stateObject(_ type: DrawingStateObject.Type) -> DrawingStateObject {
      sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()
    }
  }
}

extension DrawingTool.StateClasses {
  /// Drawing: touches on the pad start and extend lines; `animate`, `clear`
  /// and `copyLines` move to the state of that name.
  public final class AcceptInput: DrawingStateObject {
    /// `acceptInput`.
    public override var id: DrawingTool.State { .acceptInput }

    /// A touch on the pad starts a line: an internal transition.
    public override func touchesBegan(
      x: Int, y: Int, lines: inout Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) else { return .ignore }
      lines += 1
      return .stay(effect: [.lineStarted])
    }

    /// A move on the pad extends the last line, if there is one.
    public override func touchesMoved(
      x: Int, y: Int, lines: Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      guard DrawingTool.isOnPad(x: x, y: y) && lines > 0 else { return .ignore }
      return .stay(effect: [.pointAdded])
    }

    /// On to `Animate`, which draws the lines again; with none there is
    /// nothing to draw, and nothing happens.
    public override func animate(
      lines: Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      lines > 0 ? .go(to: Animate.self) : .ignore
    }

    /// On to `Clear`, which wipes the pad.
    public override func clear() -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      .go(to: Clear.self)
    }

    /// On to `Copy`, which takes the other pad's lines.
    public override func copyLines(
      n: Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      .go(to: Copy.self)
    }
  }

  /// Redrawing the lines, one second each: every touch, clear and copy falls
  /// to the base class meanwhile.
  public final class Animate: DrawingStateObject {
    /// When the animation started: the state object's own data, where its
    /// timer counts from.
    public private(set) var started: Duration = .zero

    /// `animate`.
    public override var id: DrawingTool.State { .animate }

    /// Starts the timer afresh, resets every stroke and draws the lines
    /// again.
    public override func entry(
      after action: DrawingTool.Event, lines: inout Int, now: Duration,
      emit: (DrawingTool.Output) -> Void
    ) {
      started = now
      emit(.animationStarted)
    }

    /// Starts over: a self-transition, so entry runs again.
    public override func animate(
      lines: Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      .go(to: Animate.self)
    }

    /// Back to drawing once the last stroke has ended, `lines` seconds after
    /// the start. (`AcceptInput` has no timer, so entering it at the
    /// deadline or at `now` is the same.)
    public override func wait(
      until now: Duration, lines: Int
    ) -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      started + DrawingTool.animationLength(lines: lines) <= now
        ? .go(to: AcceptInput.self) : .ignore
    }
  }

  /// Transient: the pad is wiped, then it accepts input again.
  public final class Clear: DrawingStateObject {
    /// `clear`.
    public override var id: DrawingTool.State { .clear }

    /// Wipes the lines.
    public override func entry(
      after action: DrawingTool.Event, lines: inout Int, now: Duration,
      emit: (DrawingTool.Output) -> Void
    ) {
      emit(.linesCleared)
      lines = 0
    }

    /// Back to drawing.
    public override func completion() -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      .go(to: AcceptInput.self)
    }
  }

  /// Transient: the lines of another pad replace these, then the pad
  /// accepts input again.
  public final class Copy: DrawingStateObject {
    /// The number of lines copied: the state object's own data, `copy(n)`.
    public private(set) var n = 0

    /// `copy`.
    public override var id: DrawingTool.State { .copy }

    /// Takes the other pad's lines: the `n` of the `copyLines` handed on
    /// (no other action leads here).
    public override func entry(
      after action: DrawingTool.Event, lines: inout Int, now: Duration,
      emit: (DrawingTool.Output) -> Void
    ) {
      guard case .copyLines(let n) = action else { return }
      self.n = n
      emit(.linesCopied(n: n))
      lines = n
    }

    /// Back to drawing.
    public override func completion() -> Decision<DrawingStateObject.Type, DrawingTool.Output> {
      .go(to: AcceptInput.self)
    }
  }
}
