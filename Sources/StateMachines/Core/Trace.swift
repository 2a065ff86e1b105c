/// One step of a run: an event, the states around it, and what happened.
public struct TraceStep<
  State: Hashable & Sendable, Event: Hashable & Sendable, Output: Hashable & Sendable
>:
  Hashable, Sendable
{
  /// The event handled.
  public var event: Event

  /// The state before the event.
  public var from: State

  /// The state after the event.
  public var to: State

  /// Whether a transition fired (false when ignored or rejected).
  public var fired: Bool

  /// The states passed through on the way, in order; usually none.
  public var via: [State]

  /// The outputs, in order.
  public var outputs: [Output]

  /// Why the event was rejected as bad input, if it was.
  public var error: String?

  /// Creates a step.
  public init(
    event: Event, from: State, to: State, fired: Bool, via: [State] = [],
    outputs: [Output], error: String? = nil
  ) {
    self.event = event
    self.from = from
    self.to = to
    self.fired = fired
    self.via = via
    self.outputs = outputs
    self.error = error
  }
}

extension StateMachine {
  /// The trace step type of this machine.
  public typealias Step = TraceStep<State, Event, Output>

  /// Handles `event` and records what happened.
  ///
  /// Recording allocates an array of outputs: use it to watch a machine, and
  /// `handle(_:emit:)` where speed matters.
  public mutating func step(_ event: Event) -> Step {
    let from = state
    var outputs: [Output] = []
    do {
      let outcome = try handle(event) { outputs.append($0) }
      return Step(
        event: event, from: from, to: state, fired: outcome.fired, via: outcome.via,
        outputs: outputs)
    } catch {
      return Step(
        event: event, from: from, to: state, fired: false, outputs: outputs,
        error: String(describing: error))
    }
  }

  /// Handles every event in turn and records the trace.
  public mutating func run(_ events: some Sequence<Event>) -> [Step] {
    events.map { step($0) }
  }
}
