extension MachineDescription {
  /// The described transitions that explain an observed step, or `nil` when
  /// the description has none.
  ///
  /// A step that passed through states is explained by a chain:
  /// `from --event--> via[0]`, then a completion or timed transition from
  /// each state passed through to the next, and the last one to `to`.
  public func transitionsExplaining(
    from source: State, event: String, to target: State, via states: [State] = []
  ) -> [Transition]? {
    let stops = states + [target]
    guard let first = transition(from: source, on: event, to: stops[0]) else { return nil }
    var chain = [first]
    for (passed, next) in zip(stops, stops.dropFirst()) {
      guard let onward = transition(from: passed, on: nil, to: next) else { return nil }
      chain.append(onward)
    }
    return chain
  }

  /// The first described transition with this source, event and target.
  public func transition(from source: State, on event: String?, to target: State) -> Transition? {
    transitions.first { $0.source == source && $0.event == event && $0.target == target }
  }
}
