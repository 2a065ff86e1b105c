/// A machine as a teacher writes it for `fsm new`: the model parsed from a
/// transition table, from which every generated file is written.
///
/// The table has no extended state: a guard is a question about the event
/// alone (its argument, if it has one), answered by a function the teacher
/// writes once in the machine's vocabulary file.
struct MachineTable: Hashable, Sendable {
  /// The kind of argument an event carries, as the table declares it.
  enum ArgumentType: String, Hashable, Sendable {
    /// Any non-empty text: `unlock:1234`, `say:hello`.
    case string = "String"
    /// A whole number: `floor:3`.
    case int = "Int"
  }

  /// An event's argument: its name and type, as in `code: String`.
  struct Argument: Hashable, Sendable {
    /// The name, as in `code`.
    var name: String
    /// The type.
    var type: ArgumentType
    /// The argument the worked examples, the scenarios and the benchmarks
    /// use, as written on the command line.
    var sample: String
  }

  /// An event: its name and its argument, if it has one.
  struct Event: Hashable, Sendable {
    /// The public name, as in `unlock`.
    var name: String
    /// The argument, or `nil`.
    var argument: Argument?
  }

  /// One row: `source -- event [guard] / outputs --> target`.
  struct Row: Hashable, Sendable {
    /// The state the row leaves.
    var source: String
    /// The event's name.
    var event: String
    /// The guard's words, as in `code matches`, or `nil`.
    var guardLabel: String?
    /// The effect's outputs, in order.
    var effect: [String]
    /// The state the row enters.
    var target: String
    /// The line of the table it was written on.
    var line: Int

    /// The row as the lessons print it, as in
    /// `locked -- unlock(code) [code matches] / unbolt --> closed`.
    func label(in table: MachineTable) -> String {
      "\(source) -- \(table.trigger(of: self))\(suffix) --> \(target)"
    }

    /// The guard and the effect as a row writes them after its event.
    var suffix: String {
      var text = ""
      if let guardLabel { text += " [\(guardLabel)]" }
      if !effect.isEmpty { text += " / " + effect.joined(separator: ", ") }
      return text
    }
  }

  /// A state's entry and exit activities.
  struct Activities: Hashable, Sendable {
    /// Outputs on entry, in order.
    var entry: [String] = []
    /// Outputs on exit, in order.
    var exit: [String] = []
  }

  /// The machine's public id, as in `door` or `garage-door`.
  var id: String
  /// One sentence on the machine.
  var summary: String
  /// The state the machine starts in.
  var initial: String
  /// The states, initial first, then in the order the table names them.
  var states: [String]
  /// The states declared `final`: the machine never leaves them.
  var finalStates: [String]
  /// The events, in the order the table names them.
  var events: [Event]
  /// The outputs, in the order the table names them.
  var outputs: [String]
  /// The rows, in order: for one state and event, the first whose guard
  /// holds is taken.
  var rows: [Row]
  /// The activities of the states that have any.
  var activities: [String: Activities]

  /// The Swift name of the machine's namespace, as in `GarageDoor`.
  var typeName: String { SwiftNames.upperCamel(id) }

  /// The event named `name`.
  func event(_ name: String) -> Event? { events.first { $0.name == name } }

  /// The event of `row` as the table writes it: `open` or `unlock(code)`.
  func trigger(of row: Row) -> String {
    guard let argument = event(row.event)?.argument else { return row.event }
    return "\(row.event)(\(argument.name))"
  }

  /// The rows for `event` in `state`, in the order they are tried.
  func rows(from state: String, on event: String) -> [Row] {
    rows.filter { $0.source == state && $0.event == event }
  }

  /// The activities of `state`, none if it has none.
  func activities(of state: String) -> Activities { activities[state] ?? Activities() }

  /// Whether any state has an entry or an exit activity.
  var hasActivities: Bool {
    activities.values.contains { !$0.entry.isEmpty || !$0.exit.isEmpty }
  }

  /// Whether any event carries data.
  var hasEventData: Bool { events.contains { $0.argument != nil } }

  /// The guards, each once, in the order the rows name them.
  var guards: [Guard] {
    var guards: [Guard] = []
    for row in rows {
      guard let label = row.guardLabel else { continue }
      if let index = guards.firstIndex(where: { $0.label == label }) {
        if !guards[index].events.contains(row.event) { guards[index].events.append(row.event) }
      } else {
        guards.append(
          Guard(label: label, events: [row.event], argument: event(row.event)?.argument))
      }
    }
    return guards
  }

  /// A guard: a named question the teacher answers once, in Swift.
  struct Guard: Hashable, Sendable {
    /// Its words, as in `code matches`.
    var label: String
    /// The events whose rows it guards.
    var events: [String]
    /// The argument it is asked about: the events' argument, or `nil`.
    var argument: Argument?

    /// The Swift function's name, as in `codeMatches`.
    var functionName: String { SwiftNames.lowerCamel(words: label) }
  }

  /// The outputs a firing `row` emits, in order: exit, effect, entry.
  func outputs(of row: Row) -> [String] {
    activities(of: row.source).exit + row.effect + activities(of: row.target).entry
  }

  /// The event of `row` as the command line writes it, with the sample
  /// argument: `open` or `unlock:1234`.
  func commandLine(of row: Row) -> String {
    guard let argument = event(row.event)?.argument else { return row.event }
    return "\(row.event):\(argument.sample)"
  }
}
