extension MachineDescription {
  /// The name of the event that lets time pass, in every machine that has
  /// timed transitions.
  public static var waitEvent: String { "wait" }

  /// The described transitions that explain an observed step, or `nil` when
  /// the description has none.
  ///
  /// A step that passed through states is explained by a chain:
  /// `from --event--> via[0]`, then a completion transition from each state
  /// passed through to the next, and the last one to `to`. For a `wait`,
  /// any link may also be a timed transition, `after(d)`, come due.
  public func transitionsExplaining(
    from source: State, event: String, to target: State, via states: [State] = []
  ) -> [Transition]? {
    let timed = event == Self.waitEvent
    let stops = states + [target]
    guard
      let first = transition(from: source, on: event, to: stops[0])
        ?? (timed ? timedTransition(from: source, to: stops[0]) : nil)
    else { return nil }
    var chain = [first]
    for (passed, next) in zip(stops, stops.dropFirst()) {
      guard
        let onward = transition(from: passed, on: nil, to: next)
          ?? (timed ? timedTransition(from: passed, to: next) : nil)
      else { return nil }
      chain.append(onward)
    }
    return chain
  }

  /// The first described transition with this source, event and target
  /// (`nil` for the event: a completion transition).
  public func transition(from source: State, on event: String?, to target: State) -> Transition? {
    transitions.first {
      $0.source == source && $0.event == event && $0.delay == nil && $0.target == target
    }
  }

  /// The first described timed transition from `source` to `target`.
  public func timedTransition(from source: State, to target: State) -> Transition? {
    transitions.first { $0.source == source && $0.isTimed && $0.target == target }
  }
}
