import StateMachines

/// What a step did and what it started from: all the code marks read of
/// the run.
struct StepFacts: Sendable, Hashable {
  /// The machine before the step.
  var before: ValueSnapshot
  /// The event.
  var event: ValueSnapshot
  /// The state ids the step was in before it left each: where it started,
  /// then every state it passed through.
  var states: [String]
  /// Where it ended.
  var to: String
  /// The names of the outputs it emitted.
  var outputs: [String]
  /// Whether a transition fired.
  var fired: Bool
  /// Whether the event was refused.
  var rejected: Bool

  /// The facts of `step`, taken by a machine that was `before`.
  init<State, Event, Output>(
    _ step: TraceStep<State, Event, Output>, before: ValueSnapshot
  ) {
    self.before = before
    event = ValueSnapshot(step.event)
    states = ([step.from] + step.via).map { "\($0)" }
    to = "\(step.to)"
    outputs = step.outputs.map { output in
      ValueSnapshot(output).caseName ?? "\(output)"
    }
    fired = step.fired
    rejected = step.error != nil
  }
}

extension ValueSnapshot {
  /// The case's name, for an enum's value.
  var caseName: String? {
    guard case .enumCase(let name, _, _) = self else { return nil }
    return name
  }
}
