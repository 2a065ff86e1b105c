extension TrafficLight {
  /// The traffic light written as a transition table: three timed rows and
  /// three entry activities that one engine runs.
  ///
  /// Notice that time is data too: `after(1s)` is a row like any other, and
  /// the engine keeps the clock and when the current state was entered
  /// (`Data`), firing each row that comes due within a `wait`, in order.
  public struct Table: TrafficLightMachine {
    /// What the light keeps beside its colour: its clock, and when the
    /// colour came on.
    public struct Data: TimedData, Hashable, Sendable {
      /// The light's clock.
      public var clock = VirtualClock()
      /// When the current colour came on.
      public var entered: Duration = .zero
    }

    /// The traffic light's table.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .after(.seconds(1), from: .green, to: .yellow),
        .after(.milliseconds(500), from: .yellow, to: .red),
        .after(.seconds(2), from: .red, to: .green),
      ],
      entry: [
        .green: .emits(.showGreen),
        .yellow: .emits(.showYellow),
        .red: .emits(.showRed),
      ])

    /// The current colour.
    public private(set) var state: State = .green

    /// The clock, and when the colour came on.
    public private(set) var data = Data()

    /// Creates a green light; its clock reads 0.
    public init() {}

    /// The light's clock.
    public var clock: VirtualClock { data.clock }

    /// Looks the event up in the table and carries out the rows that come
    /// due.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      // No row of this table rejects an event, so firing never throws.
      (try? Self.table.fire(event, state: &state, data: &data, emit: emit)) ?? .ignored
    }
  }
}
