import StateMachines

/// A run of events with the step each one must produce, written from a
/// change request of MACHINES.md and checked against every style of one
/// revision. (The same shape as the conformance suite's scenarios, which
/// live in another test target.)
struct Scenario<M: Machine>: Sendable {
  /// What the scenario shows.
  var name: String
  /// How the machine is created.
  var configuration: Configuration
  /// The events and what each must do.
  var steps: [Expectation<M>]

  init(_ name: String, configuration: Configuration = Configuration(), _ steps: [Expectation<M>]) {
    self.name = name
    self.configuration = configuration
    self.steps = steps
  }
}

/// An event and the step it must produce.
struct Expectation<M: Machine>: Sendable {
  var event: M.Event
  /// The state the machine must end in if a transition fires, `nil` if the
  /// event must be ignored.
  var target: M.State?
  var outputs: [M.Output]

  /// The event fires a transition to `state`, emitting `outputs` in order.
  static func fires(_ event: M.Event, to state: M.State, _ outputs: M.Output...) -> Self {
    Self(event: event, target: state, outputs: outputs)
  }

  /// The event is ignored; a guard may still emit `outputs`.
  static func ignores(_ event: M.Event, _ outputs: M.Output...) -> Self {
    Self(event: event, target: nil, outputs: outputs)
  }
}

extension Scenario {
  /// Runs the scenario in `style`: one message per difference from the
  /// expectations, and every step the machine took.
  func run(in style: Style) -> (failures: [String], trace: [TraceStep<M.State, M.Event, M.Output>])
  {
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
      failures += expected.differences(from: step).map {
        "step \(number) (\(expected.event)): \($0)"
      }
    }
    return (failures, trace)
  }
}

extension Expectation {
  /// What is wrong with `step`, in words.
  func differences(from step: TraceStep<M.State, M.Event, M.Output>) -> [String] {
    var problems: [String] = []
    if step.outputs != outputs {
      problems.append("expected outputs \(outputs), got \(step.outputs)")
    }
    if let error = step.error { problems.append("unexpected rejection: \(error)") }
    if step.via != nil {
      problems.append("unexpected transient state \(String(describing: step.via))")
    }
    if let target {
      if !step.fired { problems.append("expected a transition to fire, but it did not") }
      if step.to != target { problems.append("expected to end in \(target), got \(step.to)") }
    } else {
      if step.fired { problems.append("expected the event to be ignored, but a transition fired") }
      if step.to != step.from {
        problems.append("ignored, yet moved from \(step.from) to \(step.to)")
      }
    }
    return problems
  }
}
