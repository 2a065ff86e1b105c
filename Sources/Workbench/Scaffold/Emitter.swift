/// Writes the Swift of a machine from its table: the names every file
/// shares, and the small pieces they are made of. Each style's file has its
/// own extension (`Emitter+NestedSwitch.swift`, ...).
struct Emitter {
  /// The machine.
  let table: MachineTable

  /// The namespace, as in `Door`.
  var type: String { table.typeName }

  /// The protocol every style conforms to, as in `DoorMachine`.
  var machineProtocol: String { "\(type)Machine" }

  /// The Swift name of a state's type, as in `HalfOpen` for `halfOpen`.
  func stateType(_ state: String) -> String {
    state.prefix(1).uppercased() + state.dropFirst()
  }

  /// `[.swing, .bolt]`.
  func literal(_ outputs: [String]) -> String {
    "[" + outputs.map { ".\($0)" }.joined(separator: ", ") + "]"
  }

  /// The declaration of the method a state answers `event` with, as in
  /// `unlock(code: String)` or `open()`.
  func method(_ event: MachineTable.Event) -> String {
    guard let argument = event.argument else { return "\(event.name)()" }
    return "\(event.name)(\(argument.name): \(argument.type.rawValue))"
  }

  /// The call of that method, as in `unlock(code: code)` or `open()`.
  func call(_ event: MachineTable.Event) -> String {
    guard let argument = event.argument else { return "\(event.name)()" }
    return "\(event.name)(\(argument.name): \(argument.name))"
  }

  /// The event as a `case` pattern that binds its argument when `binding`,
  /// as in `.unlock(let code)`.
  func pattern(_ event: MachineTable.Event, binding: Bool) -> String {
    guard binding, let argument = event.argument else { return ".\(event.name)" }
    return ".\(event.name)(let \(argument.name))"
  }

  /// Whether any row for `event` has a guard: only then does a style read
  /// the event's argument.
  func isGuarded(_ event: MachineTable.Event) -> Bool {
    table.rows.contains { $0.event == event.name && $0.guardLabel != nil }
  }

  /// The call of a row's guard, as in `Door.codeMatches(code)`.
  func guardCall(_ row: MachineTable.Row) -> String? {
    guard let label = row.guardLabel else { return nil }
    let function = SwiftNames.lowerCamel(words: label)
    let argument = table.event(row.event)?.argument?.name ?? ""
    return "\(type).\(function)(\(argument))"
  }

  /// The states with no row for `event`.
  func statesIgnoring(_ event: String) -> [String] {
    table.states.filter { table.rows(from: $0, on: event).isEmpty }
  }

  /// The events `state` has rows for, in the order of the events.
  func events(handledIn state: String) -> [MachineTable.Event] {
    table.events.filter { !table.rows(from: state, on: $0.name).isEmpty }
  }

  /// One line per state of what it is, for doc comments: `` `closed` (initial). ``
  func stateSummary(_ state: String) -> String {
    var notes: [String] = []
    if state == table.initial { notes.append("initial") }
    if table.finalStates.contains(state) { notes.append("final") }
    let activities = table.activities(of: state)
    if !activities.entry.isEmpty {
      notes.append("entry / " + activities.entry.joined(separator: ", "))
    }
    if !activities.exit.isEmpty {
      notes.append("exit / " + activities.exit.joined(separator: ", "))
    }
    return notes.isEmpty ? "`\(state)`." : "`\(state)` (\(notes.joined(separator: "; ")))."
  }

  /// The doc line of a state's answer to `event`: the rows it takes, as the
  /// table writes them.
  func rowsSummary(from state: String, on event: String) -> String {
    let rows = table.rows(from: state, on: event)
    let labels = rows.map { "`\(table.trigger(of: $0))\($0.suffix) --> \($0.target)`" }
    return labels.joined(separator: ", else ")
      + (rows.last?.guardLabel == nil ? "." : "; else ignored.")
  }

  /// A function on one line, `signature { body }`, or over three when that
  /// is longer than a line may be.
  func function(_ signature: String, _ body: String, indent: Int) -> [String] {
    let pad = String(repeating: " ", count: indent)
    let oneLine = "\(pad)\(signature) { \(body) }"
    if oneLine.count <= 100 { return [oneLine] }
    let opening = "\(pad)\(signature) {"
    let inner = String(repeating: " ", count: indent + 2) + body
    if opening.count <= 100 { return [opening, inner, "\(pad)}"] }
    return ["\(pad)\(signature)", "\(pad){", inner, "\(pad)}"]
  }

  /// `lines` joined into a file that ends with a line break.
  static func file(_ lines: [String]) -> String {
    lines.joined(separator: "\n") + "\n"
  }
}
