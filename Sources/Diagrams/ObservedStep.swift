import StateMachines

/// One step an exploration saw, as a probe outside the code sees it: the
/// event with its data, the states around it, and the outputs in order.
///
/// An observed diagram's labels are drawn from these: the data where it
/// decides the target, the outputs that no activity explains.
public struct ObservedStep<State: StateID>: Hashable, Sendable {
  /// One output: its name and the data it carries, if any.
  public struct Output: Hashable, Sendable, CustomStringConvertible {
    /// The output's public name, as in `transmit`.
    public var name: String
    /// Its data, as in `hello`.
    public var data: String?

    /// Creates an output.
    public init(_ name: String, data: String? = nil) {
      self.name = name
      self.data = data
    }

    /// As a label writes it: `transmit(hello)`, or the name alone.
    public var description: String { data.map { "\(name)(\($0))" } ?? name }
  }

  /// The state before the event.
  public var from: State
  /// The event's public name.
  public var event: String
  /// The event's argument as text, as in `0000` for `disarm:0000`.
  public var argument: String?
  /// The states passed through on the way.
  public var via: [State]
  /// The state after the event.
  public var to: State
  /// Whether a transition fired.
  public var fired: Bool
  /// The outputs, in order.
  public var outputs: [Output]

  /// Creates a step.
  public init(
    from: State, event: String, argument: String? = nil, via: [State] = [], to: State,
    fired: Bool, outputs: [Output]
  ) {
    self.from = from
    self.event = event
    self.argument = argument
    self.via = via
    self.to = to
    self.fired = fired
    self.outputs = outputs
  }

  /// Whether the step took a transition: it fired, or it moved.
  public var tookTransition: Bool { fired || to != from || !via.isEmpty }
}
