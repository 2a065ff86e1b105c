/// One machine written in one style, driven by event values.
///
/// Every style of every machine conforms, so the tests, the CLI and the
/// benchmarks drive them all the same way and never special-case a style.
/// A machine tells the world what to do by calling `emit` with each output,
/// in order; it never prints, and it never keeps the outputs.
public protocol StateMachine<State, Event, Output> {
  /// The public ids of the machine's states.
  associatedtype State: Hashable & Sendable

  /// The events the machine reacts to.
  associatedtype Event: Hashable & Sendable

  /// What the machine does to the world, as values.
  associatedtype Output: Hashable & Sendable

  /// The error for bad input: `Never` for a machine that takes any event.
  associatedtype Failure: Error = Never

  /// The state the machine is in, as its public id.
  var state: State { get }

  /// Handles one event to completion, calling `emit` with each output in
  /// order: guard outputs, exit activity, effect, entry activity.
  ///
  /// - Returns: whether a transition fired, and the states passed through.
  /// - Throws: `Failure` for bad input; the machine is then unchanged and
  ///   nothing was emitted.
  mutating func handle(_ event: Event, emit: (Output) -> Void) throws(Failure) -> Outcome<State>
}

extension StateMachine where Failure == Never {
  /// Handles `event` and returns its outputs: the convenient call at the REPL.
  public mutating func outputs(of event: Event) -> [Output] {
    var outputs: [Output] = []
    _ = handle(event) { outputs.append($0) }
    return outputs
  }
}

extension StateMachine where Failure == Rejection {
  /// Handles `event` and returns its outputs, or throws if it is bad input.
  public mutating func outputs(of event: Event) throws(Rejection) -> [Output] {
    var outputs: [Output] = []
    _ = try handle(event) { outputs.append($0) }
    return outputs
  }

  /// Handles an event that the machine never rejects (a segment, a crank
  /// turn) and returns its outputs, so the natural API needs no `try` for it.
  public mutating func outputs(ofAccepted event: Event) -> [Output] {
    // No state rejects such an event; were one to, it would change nothing
    // and emit nothing, which is what the empty result says.
    (try? outputs(of: event)) ?? []
  }
}
