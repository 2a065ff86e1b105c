import StateMachines

/// A state diagram as DOT text, ready to be saved or rendered.
///
/// Build one from a machine description (`Diagram(Turnstile.description,
/// name: "turnstile")`), or with the `Machine` shortcuts `diagram()`,
/// `diagram(highlighting:)` and `observedDiagram(style:)`.
public struct Diagram: Hashable, Sendable {
  /// The machine's id, used as the graph's name and a file's base name.
  public var name: String

  /// The diagram in Graphviz's DOT language.
  public var dot: String

  /// Draws `description` as a UML state diagram, with `overlay`'s run on it
  /// when given.
  ///
  /// - Parameters:
  ///   - name: The graph's name, usually the machine's id.
  ///   - title: The caption above the diagram; `name` by default.
  public init<State: StateID>(
    _ description: MachineDescription<State>, name: String, title: String? = nil,
    overlay: TraceOverlay<State>? = nil
  ) {
    self.init(description, name: name, title: title, overlay: overlay, labelsObserved: false)
  }

  /// Draws `description`; with `labelsObserved`, its labels are set in
  /// italics and a caption says they are what a probe saw.
  init<State: StateID>(
    _ description: MachineDescription<State>, name: String, title: String?,
    overlay: TraceOverlay<State>? = nil, labelsObserved: Bool
  ) {
    self.name = name
    let writer = DOTWriter(
      description: description, name: name, title: title ?? name,
      tally: overlay.map { Tally($0, in: description) }, labelsObserved: labelsObserved)
    self.dot = writer.write()
  }

  /// The diagram in `format`: the DOT text's bytes, or an image rendered by
  /// Graphviz.
  ///
  /// - Throws: `GraphvizError` with Graphviz's message if rendering fails.
  public func render(as format: DiagramFormat) throws(GraphvizError) -> [UInt8] {
    try Graphviz.render(dot, as: format)
  }
}

extension Machine {
  /// The machine's UML state diagram, drawn from its description.
  public static func diagram() -> Diagram {
    Diagram(description, name: id)
  }

  /// The machine's diagram with `run` drawn on it: visited states, taken
  /// transitions with how often each fired, and the state it ended in.
  public static func diagram(highlighting run: TraceOverlay<State>) -> Diagram {
    let steps = run.steps.count == 1 ? "1 event" : "\(run.steps.count) events"
    return Diagram(description, name: id, title: "\(id): a run of \(steps)", overlay: run)
  }
}
