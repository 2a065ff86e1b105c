extension MachineDescription {
  /// The described transitions that explain an observed step, or `nil` when
  /// the description has none.
  ///
  /// A step that passed through a transient state is explained by two
  /// transitions: `from --event--> via` and the completion `via --> to`.
  public func transitionsExplaining(
    from source: State, event: String, to target: State, via transient: State? = nil
  ) -> [Transition]? {
    guard let transient else {
      return transition(from: source, on: event, to: target).map { [$0] }
    }
    guard let first = transition(from: source, on: event, to: transient),
      let completion = transition(from: transient, on: nil, to: target)
    else { return nil }
    return [first, completion]
  }

  /// The first described transition with this source, event and target.
  public func transition(from source: State, on event: String?, to target: State) -> Transition? {
    transitions.first { $0.source == source && $0.event == event && $0.target == target }
  }
}
