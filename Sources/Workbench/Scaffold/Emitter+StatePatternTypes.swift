extension Emitter {
  /// `Door+StatePatternTypes.swift`: the State pattern with each state a
  /// type, the measured variant.
  func statePatternTypesFile() -> String {
    let flavor = StateFlavor(
      held: "any \(type)StateType.Type", base: "\(type)StateType",
      next: "any \(type)StateType.Type", member: "static ", override: "", kind: "enum",
      successor: { "\($0).self" })
    var lines = [
      "/// A state of the \(noun) as a type: the State pattern with no state values",
      "/// at all. Each state is a type whose static methods decide, and its context",
      "/// carries the decision out.",
      "///",
      "/// Every event is ignored\(table.hasActivities ? " and every activity does nothing" : "")"
        + " unless a state",
      "/// says otherwise (the extension below), so a state writes only what it does.",
      "public protocol \(type)StateType {",
      "  /// The public id of this state.",
      "  static var id: \(type).State { get }",
    ]
    lines += stateMethods(flavor, body: nil)
    lines += ["}", "", "extension \(type)StateType {"]
    lines += stateMethods(flavor, body: ".ignore").dropFirst()
    let initial = stateType(table.initial)
    lines += [
      "}", "", "extension \(type) {",
      "  /// The \(noun) written with the State pattern, each state a type.",
      "  ///",
      "  /// Notice what changed from `StatePattern`: `\(initial).self` instead of",
      "  /// `\(initial)()`. A state that holds no data needs no value; the context",
      "  /// keeps the current state's type, which is copied as freely as an `Int`.",
      "  public struct StatePatternTypes: \(machineProtocol) {",
      "    /// The current state.",
      "    public private(set) var current: \(flavor.held) = \(initial).self",
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init() {}",
      "",
      "    /// The public id of the current state.",
      "    public var state: State { current.id }",
      "",
    ]
    lines += contextHandle()
    lines += stateDeclarations(flavor, owner: "\(type).StatePatternTypes")
    return Self.file(lines)
  }
}
