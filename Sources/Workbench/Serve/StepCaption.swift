import StateMachines

/// What a step did, in words, for the class view's diagram caption: it
/// says "rejected", "ignored" or "nothing came due" when nothing fired,
/// rather than that the event "took" the machine from a state to itself.
enum StepCaption {
  /// `step` in words, as in `coin took it from locked to unlocked`.
  static func text<State, Event: MachineEvent, Output>(
    of step: TraceStep<State, Event, Output>
  ) -> String {
    let event = step.event.name
    if let error = step.error { return "\(event) was rejected in \(step.from): \(error)" }
    guard step.fired else {
      return step.event.timePassing != nil
        ? "\(step.event): nothing came due in \(step.from)"
        : "\(event) was ignored in \(step.from)"
    }
    guard !step.via.isEmpty else { return "\(event) took it from \(step.from) to \(step.to)" }
    let via = step.via.map { "\($0)" }.joined(separator: ", ")
    return "\(step.event) took it from \(step.from) through \(via) to \(step.to)"
  }
}
