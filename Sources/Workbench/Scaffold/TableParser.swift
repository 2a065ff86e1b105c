/// Reads the transition table a teacher writes for `fsm new`
/// (docs/new-machine.md) into a `MachineTable`, or says on which line and
/// how it goes wrong.
///
/// The file is read in two passes: the declarations first (`machine`,
/// `initial`, `final`, `event`), then the rows and activities, so that a
/// row may come before the declaration of its event.
struct TableParser {
  /// What is wrong with a table: the line (1-based; 0 for the table as a
  /// whole) and what to write instead.
  struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line the problem is on, or 0.
    var line: Int
    /// What is wrong, naming the valid choices.
    var message: String

    /// `line 5: ...`, or the message alone for the whole table.
    var description: String { line > 0 ? "line \(line): \(message)" : message }
  }

  /// How a row is written, for messages.
  static let rowForm = "state -- event [guard] / output, output --> target"

  /// The table's lines, without comments, numbered from 1.
  private let lines: [(number: Int, text: String)]

  private var id: String?
  private var summary = ""
  private var initial: (name: String, line: Int)?
  private var finals: [(name: String, line: Int)] = []
  private var declared: [MachineTable.Event] = []
  private var events: [MachineTable.Event] = []
  private var eventLines: [String: Int] = [:]
  private var rows: [MachineTable.Row] = []
  private var activities: [String: MachineTable.Activities] = [:]
  private var activityLines: [(state: String, line: Int)] = []
  private var outputs: [String] = []

  /// Reads `text`, a whole table.
  ///
  /// - Throws: `Failure` for the first problem found.
  static func parse(_ text: String) throws(Failure) -> MachineTable {
    var parser = TableParser(text)
    return try parser.parse()
  }

  private init(_ text: String) {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      let text =
        line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first.map(String.init) ?? ""
      let trimmed = text.trimmingWhitespace
      return trimmed.isEmpty ? nil : (index + 1, trimmed)
    }
  }

  private mutating func parse() throws(Failure) -> MachineTable {
    for (number, text) in lines {
      let keyword = text.prefix { !$0.isWhitespace }
      switch keyword {
      case "machine": try readMachine(text.dropFirst(keyword.count).trimmingWhitespace, number)
      case "initial": try readInitial(text.dropFirst(keyword.count).trimmingWhitespace, number)
      case "final": try readFinal(text.dropFirst(keyword.count).trimmingWhitespace, number)
      case "event": try readEvent(text.dropFirst(keyword.count).trimmingWhitespace, number)
      default: continue
      }
    }
    for (number, text) in lines {
      let keyword = text.prefix { !$0.isWhitespace }
      guard !["machine", "initial", "final", "event"].contains(keyword) else { continue }
      if text.contains("--") {
        try readRow(text, number)
      } else if isActivityLine(text) {
        try readActivities(text, number)
      } else {
        throw Failure(
          line: number,
          message: "cannot read '\(text)': a line is `machine ID: SUMMARY`, `initial STATE`, "
            + "`final STATE`, `event NAME(ARGUMENT: String|Int)`, a row "
            + "`\(Self.rowForm)`, or `STATE entry [outputs] exit [outputs]`")
      }
    }
    return try finish()
  }

  // MARK: Declarations

  private mutating func readMachine(_ text: String, _ line: Int) throws(Failure) {
    guard id == nil else { throw Failure(line: line, message: "a second `machine` line") }
    guard let colon = text.firstIndex(of: ":") else {
      throw Failure(
        line: line, message: "write `machine ID: SUMMARY`, as in `machine door: A door.`")
    }
    let name = text[..<colon].trimmingWhitespace
    let sentence = text[text.index(after: colon)...].trimmingWhitespace
    guard SwiftNames.isMachineID(name) else {
      throw Failure(
        line: line,
        message: "'\(name)' is not a valid machine id: lowercase letters and digits, words "
          + "joined by dashes, starting with a letter, as in `door` or `garage-door`")
    }
    let typeName = SwiftNames.upperCamel(name)
    guard !SwiftNames.keywords.contains(typeName), !Self.reservedTypes.contains(typeName) else {
      throw Failure(
        line: line,
        message: "'\(name)' would name the Swift type \(typeName), which the workbench "
          + "already uses; choose another id")
    }
    guard !sentence.isEmpty else {
      throw Failure(
        line: line, message: "the machine needs a one-sentence summary after the colon")
    }
    id = name
    summary = sentence
  }

  /// Types of the module a machine's namespace would collide with.
  static let reservedTypes: Set<String> = [
    "Machine", "StateMachine", "State", "Event", "Output", "Style", "Implementation", "Decision",
    "Outcome", "Effects", "Rejection", "TransitionTable", "MachineDescription", "Trace",
    "VirtualClock", "String", "Int", "Bool", "Array", "Dictionary", "Set", "Optional", "Never",
    "Void", "Swift", "StateMachines", "Workbench", "Diagrams", "Machines", "Table", "Enum",
  ]

  private mutating func readInitial(_ text: String, _ line: Int) throws(Failure) {
    guard initial == nil else {
      throw Failure(line: line, message: "a second `initial` line: a machine starts in one state")
    }
    guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
      throw Failure(line: line, message: "write `initial STATE`, as in `initial closed`")
    }
    initial = (text, line)
  }

  private mutating func readFinal(_ text: String, _ line: Int) throws(Failure) {
    guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
      throw Failure(line: line, message: "write `final STATE`, as in `final broken`")
    }
    finals.append((text, line))
  }

  /// `unlock(code: String)`, perhaps followed by `sample 1234`.
  private mutating func readEvent(_ text: String, _ line: Int) throws(Failure) {
    let form =
      "write `event NAME(ARGUMENT: String)` or `event NAME(ARGUMENT: Int)`, "
      + "optionally followed by `sample VALUE`, as in `event unlock(code: String) sample 1234`"
    guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close
    else { throw Failure(line: line, message: form) }
    let name = text[..<open].trimmingWhitespace
    try checkName(name, as: "event", line: line)
    let inside = text[text.index(after: open)..<close].split(
      separator: ":", omittingEmptySubsequences: false)
    guard inside.count == 2 else { throw Failure(line: line, message: form) }
    let argumentName = inside[0].trimmingWhitespace
    let typeName = inside[1].trimmingWhitespace
    // The styles bind the argument by its name beside `state`, `next`,
    // `event` ...: the same rules as a state's or an event's name.
    try checkName(argumentName, as: "argument", line: line)
    guard let type = MachineTable.ArgumentType(rawValue: typeName) else {
      throw Failure(
        line: line, message: "unknown argument type '\(typeName)'; valid types: String, Int")
    }
    let rest = text[text.index(after: close)...].trimmingWhitespace
    var sample = type == .int ? "1" : "abc"
    if !rest.isEmpty {
      let words = rest.split(separator: " ")
      guard words.count == 2, words[0] == "sample" else {
        throw Failure(line: line, message: "cannot read '\(rest)' after the event: \(form)")
      }
      sample = String(words[1])
      switch type {
      case .int:
        guard Int(sample) != nil else {
          throw Failure(line: line, message: "the sample '\(sample)' is not a whole number")
        }
      case .string:
        guard
          sample.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else {
          throw Failure(
            line: line,
            message: "the sample '\(sample)' may hold only letters, digits, '-', '_' and '.'")
        }
      }
    }
    if let earlier = eventLines[name] {
      throw Failure(line: line, message: "event '\(name)' is already declared on line \(earlier)")
    }
    eventLines[name] = line
    declared.append(
      .init(name: name, argument: .init(name: argumentName, type: type, sample: sample)))
  }

  // MARK: Rows and activities

  /// `closed -- open / swing --> opened`.
  private mutating func readRow(_ text: String, _ line: Int) throws(Failure) {
    let malformed = { (problem: String) in
      Failure(line: line, message: "\(problem): a row is written `\(Self.rowForm)`")
    }
    guard let arrow = text.range(of: "-->") else {
      throw malformed("no `-->` before the target state")
    }
    let left = text[..<arrow.lowerBound]
    let target = text[arrow.upperBound...].trimmingWhitespace
    guard let dashes = left.range(of: "--") else {
      throw malformed("no `--` after the source state")
    }
    let source = left[..<dashes.lowerBound].trimmingWhitespace
    var label = left[dashes.upperBound...].trimmingWhitespace[...]
    guard !source.isEmpty else { throw malformed("no source state") }
    guard !target.isEmpty else { throw malformed("no target state after `-->`") }
    try checkName(source, as: "state", line: line)
    try checkName(target, as: "state", line: line)

    var effect: [String] = []
    if let slash = label.firstIndex(of: "/") {
      effect = try outputList(label[label.index(after: slash)...], line: line, form: Self.rowForm)
      guard !effect.isEmpty else { throw malformed("no output after `/`") }
      label = label[..<slash]
    }
    var guardLabel: String?
    if let open = label.firstIndex(of: "[") {
      guard let close = label.firstIndex(of: "]"), open < close,
        label[label.index(after: close)...].trimmingWhitespace.isEmpty
      else {
        throw malformed("a guard is written in brackets after the event, as in `[code valid]`")
      }
      let words = label[label.index(after: open)..<close].split(separator: " ").joined(
        separator: " ")
      guard SwiftNames.isGuardLabel(words) else {
        throw Failure(
          line: line,
          message: "cannot name a guard '[\(words)]': a guard is a few words of letters and "
            + "digits, as in `[code matches]`, which name the Swift function you write")
      }
      let function = SwiftNames.lowerCamel(words: words)
      guard !SwiftNames.keywords.contains(function), !SwiftNames.taken.contains(function) else {
        throw Failure(
          line: line,
          message: "the guard [\(words)] would be the function `\(function)`, a name Swift or "
            + "the workbench already uses; add a word, as in [\(words) holds]")
      }
      guardLabel = words
      label = label[..<open]
    }
    let trigger = label.trimmingWhitespace
    guard !trigger.isEmpty else { throw malformed("no event after `--`") }
    let name = try readTrigger(trigger, line: line)
    rows.append(
      .init(
        source: source, event: name, guardLabel: guardLabel, effect: effect, target: target,
        line: line))
    noteOutputs(effect)
  }

  /// `open` or `unlock(code)`, checked against the event's declaration.
  private mutating func readTrigger(_ trigger: String, line: Int) throws(Failure) -> String {
    var name = trigger
    var argument: String?
    if let open = trigger.firstIndex(of: "(") {
      guard trigger.last == ")" else {
        throw Failure(line: line, message: "cannot read the event '\(trigger)'")
      }
      name = trigger[..<open].trimmingWhitespace
      argument =
        trigger[trigger.index(after: open)..<trigger.index(before: trigger.endIndex)]
        .trimmingWhitespace
    }
    try checkName(name, as: "event", line: line)
    if let used = events.first(where: { $0.name == name }) {
      try checkArgument(argument, of: used, trigger: trigger, line: line)
    } else if let declaration = declared.first(where: { $0.name == name }) {
      try checkArgument(argument, of: declaration, trigger: trigger, line: line)
      events.append(declaration)
    } else if let argument {
      // An argument with the name of a declared one has its type:
      // `lock(code)` beside `event unlock(code: String)`.
      guard let like = declared.compactMap(\.argument).first(where: { $0.name == argument }) else {
        throw Failure(
          line: line,
          message: "event '\(name)' is written with an argument, '\(argument)', but no event "
            + "declares one of that name: add `event \(name)(\(argument): String)` (or Int)")
      }
      events.append(.init(name: name, argument: like))
      eventLines[name] = line
    } else {
      events.append(.init(name: name, argument: nil))
      eventLines[name] = line
    }
    return name
  }

  /// Refuses a row that writes `event` with another argument than its
  /// declaration, or its first use, gives it.
  private func checkArgument(
    _ argument: String?, of event: MachineTable.Event, trigger: String, line: Int
  ) throws(Failure) {
    let name = event.name
    let first = eventLines[name] ?? 0
    switch (event.argument, argument) {
    case (nil, nil):
      return
    case (nil, _?):
      throw Failure(
        line: line,
        message: "event '\(name)' takes no argument (line \(first)), but this row writes "
          + "\(trigger)")
    case (let declared?, nil):
      throw Failure(
        line: line,
        message: "event '\(name)' has an argument (line \(first)), "
          + "`\(name)(\(declared.name): \(declared.type.rawValue))`: write it "
          + "`\(name)(\(declared.name))` in every row")
    case (let declared?, let argument?):
      guard declared.name == argument else {
        throw Failure(
          line: line,
          message: "event '\(name)' has the argument '\(declared.name)' (line \(first)), but "
            + "this row calls it '\(argument)': write `\(name)(\(declared.name))`")
      }
    }
  }

  /// Whether `text` is `STATE entry [...]` or `STATE exit [...]`.
  private func isActivityLine(_ text: String) -> Bool {
    let words = text.split(separator: " ", maxSplits: 2)
    guard words.count >= 2 else { return false }
    return words[1].hasPrefix("entry") || words[1].hasPrefix("exit")
  }

  /// `locked entry [lockLight] exit [lockLightOff]`, either part optional.
  private mutating func readActivities(_ text: String, _ line: Int) throws(Failure) {
    let form = "write `STATE entry [output, ...] exit [output, ...]`, either part optional"
    let state = String(text.prefix { !$0.isWhitespace })
    try checkName(state, as: "state", line: line)
    if let earlier = activityLines.first(where: { $0.state == state }) {
      throw Failure(
        line: line,
        message: "the activities of '\(state)' are already written on line \(earlier.line)")
    }
    var rest = text.dropFirst(state.count).trimmingWhitespace[...]
    var found = MachineTable.Activities()
    for part in ["entry", "exit"] where rest.hasPrefix(part) {
      rest = rest.dropFirst(part.count).drop { $0.isWhitespace }
      guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
        throw Failure(line: line, message: "the outputs of \(part) go in brackets: \(form)")
      }
      let list = try outputList(
        rest[rest.index(after: rest.startIndex)..<close], line: line, form: form)
      if part == "entry" { found.entry = list } else { found.exit = list }
      rest = rest[rest.index(after: close)...].drop { $0.isWhitespace }
    }
    guard rest.isEmpty else {
      throw Failure(line: line, message: "cannot read '\(rest)': \(form)")
    }
    activityLines.append((state, line))
    activities[state] = found
    noteOutputs(found.exit + found.entry)
  }

  /// `a, b` as `["a", "b"]`, each checked.
  private func outputList(
    _ text: Substring, line: Int, form: String
  ) throws(Failure) -> [String] {
    let names = text.split(separator: ",").map { $0.trimmingWhitespace }
    for name in names { try checkName(name, as: "output", line: line) }
    if names.contains(where: \.isEmpty) {
      throw Failure(line: line, message: "an empty output in '\(text)': \(form)")
    }
    return names
  }

  private mutating func noteOutputs(_ names: [String]) {
    for name in names where !outputs.contains(name) { outputs.append(name) }
  }

  /// Refuses a name that is not a lowerCamelCase Swift identifier, or one
  /// that Swift or the generated code already uses.
  private func checkName(_ name: String, as what: String, line: Int) throws(Failure) {
    guard SwiftNames.isLowerIdentifier(name) else {
      throw Failure(
        line: line,
        message: "'\(name)' is not a valid \(what) name: a Swift name in lowerCamelCase, "
          + "letters and digits, as in `closed` or `halfOpen`")
    }
    guard !SwiftNames.keywords.contains(name) else {
      throw Failure(
        line: line,
        message: "'\(name)' is a Swift keyword and cannot name \(article(what)) \(what); "
          + "choose another name, as in `\(name)\(what.prefix(1).uppercased() + what.dropFirst())`")
    }
    guard !SwiftNames.taken.contains(name) else {
      throw Failure(
        line: line,
        message: "'\(name)' is a name the generated code already uses (\(what)s live beside "
          + "`state`, `handle`, `entry`, `exit`, ...); choose another name")
    }
  }

  private func article(_ word: String) -> String {
    "aeiou".contains(word.first ?? "x") ? "an" : "a"
  }

  // MARK: The whole table

  private func finish() throws(Failure) -> MachineTable {
    guard let id else {
      throw Failure(line: 0, message: "no `machine ID: SUMMARY` line")
    }
    guard !rows.isEmpty else {
      throw Failure(line: 0, message: "no rows: write at least one `\(Self.rowForm)`")
    }
    guard let initial else {
      throw Failure(line: 0, message: "no `initial STATE` line")
    }
    var states: [String] = []
    for row in rows {
      for state in [row.source, row.target] where !states.contains(state) { states.append(state) }
    }
    let choices = states.joined(separator: ", ")
    guard states.contains(initial.name) else {
      throw Failure(
        line: initial.line,
        message: "unknown initial state '\(initial.name)'; the rows' states: \(choices)")
    }
    states.removeAll { $0 == initial.name }
    states.insert(initial.name, at: 0)
    for (state, line) in activityLines + finals.map({ ($0.name, $0.line) })
    where !states.contains(state) {
      throw Failure(line: line, message: "unknown state '\(state)'; the rows' states: \(choices)")
    }
    let finalStates = finals.map(\.name)
    let sources = Set(rows.map(\.source))
    for row in rows where !sources.contains(row.target) && !finalStates.contains(row.target) {
      let others = states.filter { $0 != row.target }.joined(separator: ", ")
      throw Failure(
        line: row.line,
        message: "state '\(row.target)' has no row out of it: if it is a typo, write one of "
          + "\(others); if the machine stays there for good, declare `final \(row.target)`")
    }
    for row in rows where finalStates.contains(row.source) {
      throw Failure(
        line: row.line,
        message: "'\(row.source)' is declared final, so no row may leave it")
    }
    try checkDuplicates()
    try checkGuards()
    let events = self.events + declared.filter { event in !self.events.contains(event) }
    let eventNames = Set(events.map(\.name))
    for state in states where eventNames.contains(state) {
      // `Event.open` and `State.open` would read the same in a row.
      let line = rows.first { $0.event == state }?.line ?? 0
      throw Failure(
        line: line, message: "'\(state)' names both a state and an event; rename one")
    }
    let machine = MachineTable(
      id: id, summary: summary, initial: initial.name, states: states,
      finalStates: finalStates, events: events, outputs: outputs, rows: rows,
      activities: activities)
    let reached = Walks(machine).ways
    for row in rows where reached[row.source] == nil {
      throw Failure(
        line: row.line,
        message: "state '\(row.source)' cannot be reached from the initial state "
          + "'\(initial.name)': no row leads there; add one, or remove its rows")
    }
    return machine
  }

  /// Refuses a row that could never be taken: one after a row for the same
  /// state and event without a guard, or with the same guard.
  private func checkDuplicates() throws(Failure) {
    for (index, row) in rows.enumerated() {
      for earlier in rows[..<index] where earlier.source == row.source && earlier.event == row.event
      {
        if earlier.guardLabel == nil {
          throw Failure(
            line: row.line,
            message: "'\(row.source)' already has a row for '\(row.event)' without a guard "
              + "(line \(earlier.line)), which is always taken, so this one never would be: "
              + "give both rows guards, or remove one")
        }
        if earlier.guardLabel == row.guardLabel {
          throw Failure(
            line: row.line,
            message: "'\(row.source)' already has a row for '\(row.event)' with the guard "
              + "[\(row.guardLabel ?? "")] (line \(earlier.line)), so this one is never taken")
        }
      }
    }
  }

  /// Refuses a guard that asks about different arguments in different rows:
  /// it is one Swift function, with one parameter list.
  private func checkGuards() throws(Failure) {
    var asked: [String: (argument: MachineTable.Argument?, row: MachineTable.Row)] = [:]
    for row in rows {
      guard let label = row.guardLabel else { continue }
      let argument = self.events.first { $0.name == row.event }?.argument
      if let earlier = asked[label] {
        if earlier.argument?.name != argument?.name || earlier.argument?.type != argument?.type {
          let describe = { (argument: MachineTable.Argument?) in
            argument.map { "`\($0.name): \($0.type.rawValue)`" } ?? "no argument"
          }
          throw Failure(
            line: row.line,
            message: "the guard [\(label)] asks about \(describe(argument)) here but about "
              + "\(describe(earlier.argument)) on line \(earlier.row.line): a guard is one "
              + "Swift function; give this one other words")
        }
      } else {
        asked[label] = (argument, row)
      }
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
