extension Emitter {
  /// `Door+StateClasses.swift`: the book's base state class, one subclass
  /// per state, a new state object per transition or shared ones.
  func stateClassesFile() -> String {
    let base = "\(type)StateObject"
    let flavor = StateFlavor(
      held: base, base: base, next: "\(base).Type", member: "", override: "override ",
      kind: "final class", successor: { "\($0).self" })
    var lines = [
      "/// A state of the \(noun) as the Gang of Four print it: a class whose methods",
      "/// ignore every event\(table.hasActivities ? " and whose activities do nothing" : ""),"
        + " and one subclass per state",
      "/// that overrides what that state does.",
      "public class \(base) {",
      "  /// Creates the state object; the context does this on each transition.",
      "  public required init() {}",
      "",
      "  /// The public id of this state.",
      "  public var id: \(type).State { fatalError(\"every subclass names its state\") }",
    ]
    for event in table.events {
      let signature = "public func \(method(event)) -> \(decision(flavor))"
      lines += ["", "  /// \(decides(event)) Ignored unless a subclass says otherwise."]
      lines += function(signature, ".ignore", indent: 2)
    }
    if table.hasActivities {
      lines += [
        "", "  /// Runs every time a transition enters this state.",
        "  public func entry(emit: (\(type).Output) -> Void) {}",
        "", "  /// Runs every time a transition leaves this state.",
        "  public func exit(emit: (\(type).Output) -> Void) {}",
      ]
    }
    let objects = table.states.map { "\(stateType($0))()" }.joined(separator: ", ")
    var shared = "      sharedStateObjects = sharingStateObjects ? [\(objects)] : []"
    if shared.count > 100 {
      shared = "      sharedStateObjects =\n        sharingStateObjects ? [\(objects)] : []"
    }
    lines += [
      "}", "", "extension \(type) {",
      "  /// The \(noun) written with the book's state classes: the context holds",
      "  /// the current state object and delegates each event to it.",
      "  ///",
      "  /// Notice that a state names its successor by class "
        + "(`\(stateType(table.rows[0].target)).self`), and the",
      "  /// context makes the object. As the book prints it, that is a new",
      "  /// object on every transition; created with `sharingStateObjects`, the",
      "  /// context makes each one once and reuses it, as the book suggests for",
      "  /// states that hold no data of their own.",
      "  public final class StateClasses: \(machineProtocol) {",
      "    /// The current state object.",
      "    public private(set) var current: \(base) = \(stateType(table.initial))()",
      "",
      "    /// One object of each state class, made up front, when the context",
      "    /// shares them; empty when it makes a new object per transition.",
      "    private let sharedStateObjects: [\(base)]",
      "",
      "    /// Creates a new \(noun), in `\(table.initial)`.",
      "    public init(sharingStateObjects: Bool = false) {",
      shared,
      "    }",
      "",
      "    /// The public id of the current state.",
      "    public var state: State { current.id }",
      "",
      "    /// Delegates the event to the current state object, then carries out",
      table.hasActivities
        ? "    /// its decision: exit, effect, entry, in that order."
        : "    /// its decision: the effect, then the change of state object.",
      "    public func handle(_ event: Event, emit: (Output) -> Void) -> Outcome<State> {",
    ]
    lines += askCurrentState()
    let enter =
      ["        current = stateObject(next)"]
      + (table.hasActivities ? ["        current.entry(emit: emit)"] : [])
    lines += carryOut(enter: enter)
    lines += [
      "    }",
      "",
      "    /// The shared object of class `type`, or a new one.",
    ]
    lines += function(
      "private func stateObject(_ type: \(base).Type) -> \(base)",
      "sharedStateObjects.first { Swift.type(of: $0) == type } ?? type.init()", indent: 4)
    lines += ["  }", "}", ""]
    lines += stateDeclarations(flavor, owner: "\(type).StateClasses")
    return Self.file(lines)
  }
}
