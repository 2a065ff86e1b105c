import StateMachines

/// A run of events with the step each one must produce, written from
/// the specification (docs/machines) and checked against every style.
public struct Scenario<M: Machine>: Sendable {
  /// What the scenario shows.
  public var name: String
  /// How the machine is created.
  public var configuration: M.Configuration
  /// The events and what each must do.
  public var steps: [Expectation<M>]

  /// Creates a scenario.
  public init(
    _ name: String, configuration: M.Configuration = M.Configuration(),
    _ steps: [Expectation<M>]
  ) {
    self.name = name
    self.configuration = configuration
    self.steps = steps
  }
}

/// An event and the step it must produce.
public struct Expectation<M: Machine>: Sendable {
  /// How the step must end.
  public enum Result: Hashable, Sendable {
    /// A transition fires and the machine ends in `state`, having passed
    /// through the states `via`, in order, on the way.
    case fired(to: M.State, via: [M.State])
    /// Nothing changes (though a guard may emit outputs).
    case ignored
    /// Bad input: an error, no change, no outputs.
    case rejected
  }

  /// The event handled.
  public var event: M.Event
  /// How the step must end.
  public var result: Result
  /// The outputs it must emit, in order.
  public var outputs: [M.Output]

  /// The event fires a transition to `state`, emitting `outputs` in order.
  public static func fires(_ event: M.Event, to state: M.State, _ outputs: M.Output...) -> Self {
    Self(event: event, result: .fired(to: state, via: []), outputs: outputs)
  }

  /// The event fires, passes through the transient `via`, and ends in `state`.
  public static func fires(
    _ event: M.Event, via transient: M.State, to state: M.State, _ outputs: M.Output...
  ) -> Self {
    Self(event: event, result: .fired(to: state, via: [transient]), outputs: outputs)
  }

  /// The event fires, passes through the states `via` in order, and ends in
  /// `state`.
  public static func fires(
    _ event: M.Event, via states: [M.State], to state: M.State, _ outputs: M.Output...
  ) -> Self {
    Self(event: event, result: .fired(to: state, via: states), outputs: outputs)
  }

  /// The event fires, passes through the states `via` in order, and ends in
  /// `state`, emitting `outputs`: for a list too long to write out.
  public static func fires(
    _ event: M.Event, via states: [M.State], to state: M.State, outputs: [M.Output]
  ) -> Self {
    Self(event: event, result: .fired(to: state, via: states), outputs: outputs)
  }

  /// The event is ignored; a guard may still emit `outputs`.
  public static func ignores(_ event: M.Event, _ outputs: M.Output...) -> Self {
    Self(event: event, result: .ignored, outputs: outputs)
  }

  /// The event is rejected as bad input.
  public static func rejects(_ event: M.Event) -> Self {
    Self(event: event, result: .rejected, outputs: [])
  }
}

extension Scenario {
  /// Runs the scenario in `style` and returns one message per difference from
  /// the expectations, plus every step the machine took.
  public func run(in style: Implementation) -> (
    failures: [String], trace: [TraceStep<M.State, M.Event, M.Output>]
  ) {
    var machine: any StateMachine<M.State, M.Event, M.Output>
    do {
      machine = try M.make(style, configuration)
    } catch {
      return (["\(M.id) could not be created: \(error)"], [])
    }
    var failures: [String] = []
    var trace: [TraceStep<M.State, M.Event, M.Output>] = []
    for (number, expected) in zip(1..., steps) {
      let step = machine.step(expected.event)
      trace.append(step)
      let problems = expected.differences(from: step)
      failures += problems.map { "step \(number) (\(expected.event)): \($0)" }
    }
    return (failures, trace)
  }
}

extension Expectation {
  /// What is wrong with `step`, in words.
  public func differences(from step: TraceStep<M.State, M.Event, M.Output>) -> [String] {
    var problems: [String] = []
    if step.outputs != outputs {
      problems.append("expected outputs \(outputs), got \(step.outputs)")
    }
    switch result {
    case .fired(let state, let via):
      if !step.fired { problems.append("expected a transition to fire, but it did not") }
      if step.to != state { problems.append("expected to end in \(state), got \(step.to)") }
      if step.via != via {
        problems.append(
          "expected to pass through \(via), got \(step.via)"
        )
      }
      if let error = step.error { problems.append("unexpected rejection: \(error)") }
    case .ignored:
      if step.fired { problems.append("expected the event to be ignored, but a transition fired") }
      if step.to != step.from {
        problems.append("ignored, yet moved from \(step.from) to \(step.to)")
      }
      if let error = step.error { problems.append("unexpected rejection: \(error)") }
    case .rejected:
      if step.error == nil { problems.append("expected a rejection, got none") }
      if step.fired { problems.append("a rejected event must not fire") }
      if step.to != step.from {
        problems.append("rejected, yet moved from \(step.from) to \(step.to)")
      }
    }
    return problems
  }
}
