import StateMachines

extension SecuritySystem {
  /// The security system written as a transition table: rows of data that
  /// one engine runs.
  ///
  /// Notice the row for `armed` on `disarm`: its guard is the code check,
  /// which emits its verdict as it is evaluated, whether the row is taken or
  /// not. The rows and activities are also what the diagram is drawn from.
  public struct Table: SecuritySystemMachine {
    /// What the machine keeps beside its state.
    public struct Data: Hashable, Sendable {
      /// The secret code.
      public let code: String
    }

    /// The security system's table.
    public static let table = TransitionTable<State, Event, Output, Data>(
      rows: [
        .init(.disarmed, on: .arm, to: .armed),
        .init(.armed, on: .disarm, guard: "code valid", codeIsValid, to: .disarmed),
        .init(.armed, on: .breach, to: .alarm),
        .init(.armed, on: .panic, to: .alarm),
        .init(.alarm, on: .reset, guard: "code valid", codeIsValid, to: .disarmed),
      ],
      entry: [
        .disarmed: .emits(.systemDisarmed),
        .armed: .emits(.systemArmed),
        .alarm: .emits(.alarmSounded),
      ],
      exit: [
        .alarm: .emits(.alarmStopped)
      ])

    /// The guard of `disarm` and `reset`: checks the code the event carries.
    private static func codeIsValid(_ data: Data, _ event: Event, _ emit: (Output) -> Void) -> Bool
    {
      SecuritySystem.checkCode(event.argument ?? "", secret: data.code, emit: emit)
    }

    /// The current state.
    public private(set) var state: State = .disarmed

    /// The secret code.
    public private(set) var data: Data

    /// Creates a disarmed system that opens with `code`.
    public init(code: String) {
      data = Data(code: code)
    }

    /// Looks the event up in the table and carries out the row found.
    public mutating func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {
      // No row of this table rejects an event, so firing never throws.
      (try? Self.table.fire(event, state: &state, data: &data, emit: emit)) ?? .ignored
    }
  }
}
