extension Emitter {
  /// `Door+StatePattern.swift`: a state protocol, one struct per state, a
  /// context that carries out each decision.
  func statePatternFile() -> String {
    let flavor = StateFlavor(
      held: "any \(type)State", base: "\(type)State", next: "any \(type)State", member: "",
      override: "", kind: "struct", successor: { "\($0)()" })
    var lines = [
      "/// A state of the \(noun) in the State pattern: it decides what each event",
      "/// does, and its context carries the decision out.",
      "///",
      "/// Every event is ignored\(table.hasActivities ? " and every activity does nothing" : "")"
        + " unless a state",
      "/// says otherwise (the extension below), so a state writes only what it does.",
      "public protocol \(type)State {",
      "  /// The public id of this state.",
      "  var id: \(type).State { get }",
    ]
    lines += stateMethods(flavor, body: nil)
    lines += ["}", "", "extension \(type)State {"]
    lines += stateMethods(flavor, body: ".ignore").dropFirst()
    lines += [
      "}", "", "extension \(type) {",
      "  /// The \(noun) written with the State pattern: a context and one type",
      "  /// per state.",
      "  ///",
      "  /// Notice where the knowledge lives: `\(stateType(table.initial))` alone knows what "
        + "happens in",
      "  /// `\(table.initial)`. Each state lists only the events it handles; the context runs",
      "  /// \(table.hasActivities ? "exit, effect and entry" : "the effect and the change of state") in one place.",
      "  public struct StatePattern: \(machineProtocol) {",
      "    /// The current state object.",
      "    public private(set) var current: \(flavor.held) = \(stateType(table.initial))()",
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init() {}",
      "",
      "    /// The public id of the current state.",
      "    public var state: State { current.id }",
      "",
    ]
    lines += contextHandle()
    lines += stateDeclarations(flavor, owner: "\(type).StatePattern")
    return Self.file(lines)
  }
}
