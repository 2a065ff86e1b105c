extension DrawingTool {
  /// The drawing tool written as a transition table: rows of data that one
  /// engine runs.
  ///
  /// Notice the three kinds of row that fire by themselves: the completion
  /// rows out of `clear` and `copy`, which the engine takes as soon as it
  /// enters them, after their entry activities have done the work; and the
  /// timed row `after(lines s)`, whose delay is computed from the data when
  /// a `wait` arrives. The engine keeps the clock and restarts the timer on
  /// every entry (`TimedData`), the self-transition's too. A table's state
  /// is an id, so `copy(n)`'s `n` lives in the data: the `copyLines` row
  /// notes it and `copy`'s entry uses it.
  public struct Table: DrawingToolMachine {
    /// What the machine keeps beside its state.
    public struct Data: TimedData, Hashable, Sendable {
      /// The number of lines on the pad.
      public var lines = 0
      /// The `n` of the `copy` state: the lines being copied.
      public var copying = 0
      /// The pad's clock, moved by `wait`.
      public var clock = VirtualClock()
      /// When the current state was entered: where its timer counts from.
      public var entered: Duration = .zero
    }

    /// The drawing tool's table: the rows of the specification, in its order.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .init(
          .acceptInput, on: .touchesBegan, guard: "on the pad", { _, event, _ in onPad(event) },
          effect: ["lineStarted", "lines += 1"],
          perform: { data, _, emit in
            emit(.lineStarted)
            data.lines += 1
          }),
        .internal(
          .acceptInput, on: .touchesMoved, guard: "on the pad and lines > 0",
          { data, event, _ in onPad(event) && data.lines > 0 }, effect: [.pointAdded]),
        .init(
          .acceptInput, on: .animate, guard: "lines > 0", { data, _, _ in data.lines > 0 },
          to: .animate),
        .init(.acceptInput, on: .clear, to: .clear),
        .init(
          .acceptInput, on: .copyLines, effect: [], to: .copy,
          perform: { data, event, _ in
            if case .copyLines(let n) = event { data.copying = n }
          }),
        .after(
          "lines s", { data in DrawingTool.animationLength(lines: data.lines) }, from: .animate,
          to: .acceptInput),
        .init(.animate, on: .animate, to: .animate),
        .init(.clear, on: nil, effect: [], to: .acceptInput, perform: { _, _, _ in }),
        .init(.copy, on: nil, effect: [], to: .acceptInput, perform: { _, _, _ in }),
      ],
      entry: [
        .animate: .emits(.animationStarted),
        .clear: .does("linesCleared", "lines = 0") { data, emit in
          emit(.linesCleared)
          data.lines = 0
        },
        .copy: .does("linesCopied(n)", "lines = n") { data, emit in
          emit(.linesCopied(n: data.copying))
          data.lines = data.copying
        },
      ])

    /// The guard [on the pad] of both touches.
    private static func onPad(_ event: Event) -> Bool {
      switch event {
      case .touchesBegan(let x, let y), .touchesMoved(let x, let y):
        DrawingTool.isOnPad(x: x, y: y)
      case .animate, .clear, .copyLines, .wait:
        false
      }
    }

    /// The current state.
    public private(set) var state: State = .acceptInput

    /// The lines, the copy's `n`, the clock and the timer.
    public private(set) var data = Data()

    /// Creates an empty pad.
    public init() {}

    /// The number of lines on the pad.
    public var lines: Int { data.lines }

    /// The pad's clock.
    public var clock: VirtualClock { data.clock }

    /// Looks the event up in the table and carries out the row found; a
    /// `wait` first fires the timed row if its time has come.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      // No row of this table rejects an event, so firing never throws.
      (try? Self.table.fire(event, state: &state, data: &data, emit: emit)) ?? .ignored
    }
  }
}
