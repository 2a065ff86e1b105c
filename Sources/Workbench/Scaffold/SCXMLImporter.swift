import Foundation

// Foundation's XML tree; on Linux it is FoundationXML (libxml2).
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads a flat SCXML document (docs/new-machine.md, "From SCXML") into the
/// `MachineTable` the transition table would give, or says what it cannot
/// take and on which line.
///
/// The document is written as the table notation, line by line, each line
/// remembering the SCXML line it comes from; `TableParser` then reads it, so
/// that every check of the notation holds, and its message names the
/// document's line. The table, with the original `cond` of each guard as a
/// comment, is what the machine's page shows.
struct SCXMLImporter {
  /// A document read: the machine, the table it is written as, and the
  /// ECMAScript of each guard, for the teacher who writes it in Swift.
  struct Imported {
    /// The machine.
    var table: MachineTable
    /// The machine in the table notation, with comments.
    var notation: String
    /// Each guard's label and the `cond` it was read from, in order.
    var conditions: [(label: String, expression: String)]
  }

  typealias Failure = TableParser.Failure

  /// Whether `path` or `text` is SCXML: the file ends in `.scxml`, or its
  /// root element, after the XML declaration and comments, is `<scxml`.
  static func isSCXML(path: String?, text: String) -> Bool {
    if let path, path.lowercased().hasSuffix(".scxml") { return true }
    var rest = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    while true {
      if rest.hasPrefix("<?"), let end = rest.range(of: "?>") {
        rest = rest[end.upperBound...]
      } else if rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
        rest = rest[end.upperBound...]
      } else {
        break
      }
      rest = rest.drop { $0.isWhitespace }
    }
    return rest.hasPrefix("<scxml")
      || rest.prefix(64).range(of: #"^<[A-Za-z_][\w.-]*:scxml\b"#, options: .regularExpression)
        != nil
  }

  /// Reads `text`, a whole document, as the machine `id` (the `<scxml
  /// name>`, if any, must be the same); `file` names it in the summary
  /// when the document has none.
  static func parse(_ text: String, id: String, file: String) throws(Failure) -> Imported {
    let lines = try elementLines(text)
    let document: XMLDocument
    do {
      document = try XMLDocument(data: Data(text.utf8), options: [])
    } catch {
      throw Failure(
        line: lines.errorLine, message: "not well-formed XML: \(error.localizedDescription)")
    }
    guard let root = document.rootElement() else {
      throw Failure(line: 0, message: "the document has no root element")
    }
    var importer = SCXMLImporter(lines: lines.starts, id: id, file: file)
    return try importer.read(root, document: document)
  }

  // MARK: - Lines

  /// The line of each element's start tag, in document order, or the line
  /// XML parsing failed on.
  private static func elementLines(_ text: String) throws(Failure) -> (
    starts: [Int], errorLine: Int
  ) {
    let recorder = LineRecorder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = recorder
    if !parser.parse() {
      let line = recorder.error?.line ?? parser.lineNumber
      let code = recorder.error?.code ?? (parser.parserError as? NSError)?.code ?? 0
      throw Failure(line: line, message: "not well-formed XML: \(Self.describe(code: code))")
    }
    return (recorder.lines, parser.lineNumber)
  }

  /// An XML parser's error as words: `tagNameMismatchError` is "tag name
  /// mismatch (error 76)".
  private static func describe(code: Int) -> String {
    guard let known = XMLParser.ErrorCode(rawValue: code) else { return "error \(code)" }
    var words = ""
    for character in String(describing: known).replacing("Error", with: "") {
      if character.isUppercase {
        words += " " + character.lowercased()
      } else {
        words.append(character)
      }
    }
    return "\(words) (error \(code))"
  }

  /// Records the line of each start tag.
  private final class LineRecorder: NSObject, XMLParserDelegate {
    var lines: [Int] = []
    var error: (line: Int, code: Int)?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
      if error == nil { error = (parser.lineNumber, (parseError as NSError).code) }
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      lines.append(parser.lineNumber)
    }
  }

  // MARK: - Reading

  /// The start line of each element, in document order.
  private let starts: [Int]
  /// The line of each element read, by identity.
  private var lineOf: [ObjectIdentifier: Int] = [:]
  private let id: String
  private let file: String

  /// The table's lines, each with the SCXML line it comes from.
  private var notation: [(text: String, line: Int)] = []
  private var conditions: [(label: String, expression: String)] = []
  /// Each event's argument: its name and where it is read.
  private var arguments: [String: (name: String, line: Int)] = [:]
  private var argumentOrder: [String] = []

  private init(lines: [Int], id: String, file: String) {
    starts = lines
    self.id = id
    self.file = file
  }

  private func line(_ node: XMLElement) -> Int { lineOf[ObjectIdentifier(node)] ?? 0 }

  /// Where a message says `node` is, when its line is not known: its id.
  private func place(_ node: XMLElement) -> String {
    guard line(node) == 0 else { return "" }
    if let id = attribute(node, "id") { return " (the element '\(id)')" }
    return ""
  }

  private func name(_ node: XMLElement) -> String { node.localName ?? node.name ?? "" }

  /// The attribute `key` of `node`. (FoundationXML's `attribute(forName:)`
  /// finds nothing on an element in the SCXML namespace, so the attributes
  /// are searched by name.)
  private func attribute(_ node: XMLElement, _ key: String) -> String? {
    (node.attributes ?? []).first { ($0.localName ?? $0.name) == key || $0.name == key }?
      .stringValue
  }

  private func children(_ node: XMLElement) -> [XMLElement] {
    (node.children ?? []).compactMap { $0 as? XMLElement }
  }

  private func refuse(_ node: XMLElement, _ message: String) -> Failure {
    Failure(line: line(node), message: message)
  }

  /// Numbers every element in document order, as the parser met them.
  private mutating func number(_ root: XMLElement) {
    var index = 0
    func visit(_ node: XMLElement, _ lineOf: inout [ObjectIdentifier: Int]) {
      if index < starts.count { lineOf[ObjectIdentifier(node)] = starts[index] }
      index += 1
      for child in (node.children ?? []).compactMap({ $0 as? XMLElement }) {
        visit(child, &lineOf)
      }
    }
    visit(root, &lineOf)
  }

  /// The rule every name of the document follows.
  static let nameRule =
    "a Swift name in lowerCamelCase: an ASCII lowercase letter, then ASCII letters and digits, "
    + "as in `closed` or `halfOpen`"

  private func checkName(_ value: String, as what: String, at node: XMLElement) throws(Failure) {
    guard SwiftNames.isLowerIdentifier(value) else {
      throw refuse(
        node,
        "'\(value)' is not a valid \(what) name for the workbench\(place(node)): "
          + Self.nameRule)
    }
  }

  private mutating func read(_ root: XMLElement, document: XMLDocument) throws(Failure) -> Imported
  {
    number(root)
    guard name(root) == "scxml" else {
      throw refuse(root, "the root element is <\(name(root))>, not <scxml>")
    }
    if let named = attribute(root, "name"), named != id {
      guard SwiftNames.isMachineID(named) else {
        throw refuse(
          root,
          "the <scxml name> '\(named)' is not a valid machine id: lowercase letters and digits, "
            + "words joined by dashes, starting with a letter, as in `door` or `garage-door`; "
            + "write one, or leave the attribute out to use the id fsm new is given")
      }
      throw refuse(
        root,
        "the document's <scxml name> is '\(named)', not '\(id)': write fsm new \(named), or "
          + "change the name")
    }
    // The states, refusing anything that is not flat.
    var states: [XMLElement] = []
    for child in children(root) {
      switch name(child) {
      case "state", "final": states.append(child)
      case "datamodel":
        if let data = children(child).first {
          throw refuse(
            data,
            "cannot take <datamodel> with <\(name(data))>\(place(data)): the table has no "
              + "extended state; a guard answers from the event alone")
        }
      default: throw cannotTake(child)
      }
    }
    guard !states.isEmpty else {
      throw refuse(root, "the document has no top-level <state> or <final>")
    }
    var ids: [String] = []
    for state in states {
      guard let stateID = attribute(state, "id") else {
        throw refuse(state, "a <\(name(state))> without an id\(place(state)): give it one")
      }
      try checkName(stateID, as: "state", at: state)
      if ids.contains(stateID) {
        throw refuse(state, "the state id '\(stateID)' is used twice\(place(state))")
      }
      ids.append(stateID)
    }
    let initial: String
    if let written = attribute(root, "initial") {
      let words = written.split(whereSeparator: \.isWhitespace).map(String.init)
      guard words.count == 1, ids.contains(words[0]) else {
        throw refuse(
          root,
          "the initial state '\(written)' is not one top-level state; the states: "
            + ids.joined(separator: ", "))
      }
      initial = words[0]
    } else {
      initial = ids[0]
    }

    let summary = Self.summary(of: document, root: root, id: id) ?? "A machine read from \(file)."
    var rows: [(text: String, line: Int)] = []
    var activityLines: [(text: String, line: Int)] = []
    var finals: [(text: String, line: Int)] = []
    var named: Set<String> = [initial]
    var hasRowsOut: Set<String> = []
    for state in states {
      let stateID = attribute(state, "id") ?? ""
      var entry: [String] = []
      var exit: [String] = []
      for child in children(state) {
        switch name(child) {
        case "onentry": entry += try actions(in: child, event: nil)
        case "onexit": exit += try actions(in: child, event: nil)
        case "transition":
          rows += try row(child, from: stateID, ids: ids)
          hasRowsOut.insert(stateID)
          named.insert(attribute(child, "target") ?? "")
        case "state", "final", "parallel":
          throw refuse(
            child,
            "cannot take the nested <\(name(child))> '\(attribute(child, "id") ?? "")'"
              + "\(place(child)) in '\(stateID)': the table's states are all top-level; "
              + "a composite state is not in the notation")
        default: throw cannotTake(child)
        }
      }
      if !entry.isEmpty || !exit.isEmpty {
        activityLines.append(
          (
            "\(stateID) entry [\(entry.joined(separator: ", "))] exit [\(exit.joined(separator: ", "))]",
            line(state)
          ))
      }
      if name(state) == "final" { finals.append(("final \(stateID)", line(state))) }
    }
    for (index, state) in states.enumerated() where name(state) == "state" {
      let stateID = ids[index]
      if !hasRowsOut.contains(stateID) {
        throw refuse(
          state,
          "state '\(stateID)'\(place(state)) has no transition out of it: if the machine "
            + "stays there for good, write it as a <final>; otherwise give it a transition")
      }
    }
    for (index, state) in states.enumerated() where !named.contains(ids[index]) {
      throw refuse(
        state,
        "state '\(ids[index])'\(place(state)) is neither the initial state nor any "
          + "transition's target, so it is never entered: remove it, or add a transition to it")
    }

    notation = [
      ("# \(id), read from the SCXML document \(file) by fsm new.", 0),
      ("machine \(id): \(summary)", line(root)),
      ("initial \(initial)", line(root)),
    ]
    for event in argumentOrder {
      if let argument = arguments[event] {
        notation.append(("event \(event)(\(argument.name): String)", argument.line))
      }
    }
    for (label, expression) in conditions {
      let flat = expression.split(whereSeparator: \.isNewline).joined(separator: " ")
      notation.append(("# [\(label)] is the SCXML cond: \(flat)", 0))
    }
    notation += rows + activityLines + finals
    let text = notation.map(\.text).joined(separator: "\n") + "\n"
    var table: MachineTable
    do {
      table = try TableParser.parse(text)
    } catch {
      throw Failure(line: scxmlLine(error.line), message: remapLines(in: error.message))
    }
    for index in table.rows.indices { table.rows[index].line = scxmlLine(table.rows[index].line) }
    return Imported(table: table, notation: text, conditions: conditions)
  }

  /// The SCXML line of the table's line `number`.
  private func scxmlLine(_ number: Int) -> Int {
    number > 0 && number <= notation.count ? notation[number - 1].line : 0
  }

  /// A message of the table with its `line N` as the document's lines.
  private func remapLines(in message: String) -> String {
    var result = ""
    var rest = message[...]
    while let range = rest.range(of: #"line \d+"#, options: .regularExpression) {
      result += rest[..<range.lowerBound]
      let number = Int(rest[range].dropFirst(5)) ?? 0
      result += "line \(scxmlLine(number))"
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  /// The sentence after `ID: ` on the first line of the document's first
  /// comment, as `fsm export` writes it.
  private static func summary(of document: XMLDocument, root: XMLElement, id: String) -> String? {
    let nodes = (document.children ?? []) + (root.children ?? [])
    guard let comment = nodes.first(where: { $0.kind == .comment }),
      let text = comment.stringValue,
      let first = text.split(whereSeparator: \.isNewline).map({
        $0.trimmingCharacters(in: .whitespaces)
      }).first(where: { !$0.isEmpty }),
      first.hasPrefix(id + ": ")
    else { return nil }
    let sentence = first.dropFirst(id.count + 2).trimmingCharacters(in: .whitespaces)
    return sentence.isEmpty ? nil : sentence
  }

  // MARK: - Transitions and content

  /// `<transition event cond target>` as a table row (or one per event).
  private mutating func row(
    _ node: XMLElement, from source: String, ids: [String]
  ) throws(Failure) -> [(text: String, line: Int)] {
    guard let eventText = attribute(node, "event"),
      !eventText.trimmingCharacters(in: .whitespaces).isEmpty
    else {
      throw refuse(
        node,
        "cannot take an eventless transition\(place(node)) in '\(source)': every row of "
          + "the table has an event")
    }
    guard let targetText = attribute(node, "target") else {
      throw refuse(
        node,
        "cannot take the transition without a target\(place(node)) in '\(source)': it is "
          + "an internal transition, which the table does not have; give it a target (the "
          + "state itself, for a self-transition whose exit and entry run)")
    }
    let targets = targetText.split(whereSeparator: \.isWhitespace).map(String.init)
    guard targets.count == 1 else {
      throw refuse(
        node,
        "cannot take the transition to several states '\(targetText)'\(place(node)): "
          + "the table's row has one target")
    }
    let target = targets[0]
    guard ids.contains(target) else {
      throw refuse(
        node,
        "the transition's target '\(target)'\(place(node)) is not a top-level state; "
          + "the states: \(ids.joined(separator: ", "))")
    }
    let events = eventText.split(whereSeparator: \.isWhitespace).map(String.init)
    for event in events {
      guard SwiftNames.isLowerIdentifier(event) else {
        throw refuse(
          node,
          "cannot take the event '\(event)'\(place(node)): an event of the table is one "
            + "name, no dots or wildcards, \(Self.nameRule)")
      }
    }
    var guardLabel: String?
    if let cond = attribute(node, "cond") {
      for event in events { try readsData(cond, event: event, at: node) }
      guardLabel = label(of: cond)
    }
    var effect: [String] = []
    for event in events { effect = try actions(in: node, event: event) }
    var texts: [(text: String, line: Int)] = []
    for event in events {
      var text = "\(source) -- \(event)"
      if let argument = arguments[event] { text += "(\(argument.name))" }
      if let guardLabel { text += " [\(guardLabel)]" }
      if !effect.isEmpty { text += " / " + effect.joined(separator: ", ") }
      texts.append((text + " --> \(target)", line(node)))
    }
    return texts
  }

  /// The guard's words for `cond`: `codeMatches(_event)` (as `fsm export`
  /// writes a guard it has no ECMAScript for) is `code matches`; any other
  /// condition is `condition N`, the same words for the same text.
  private mutating func label(of cond: String) -> String {
    let trimmed = cond.trimmingCharacters(in: .whitespacesAndNewlines)
    if let existing = conditions.first(where: { $0.expression == trimmed }) {
      return existing.label
    }
    var label = "condition \(conditions.filter { $0.label.hasPrefix("condition ") }.count + 1)"
    if let match = trimmed.wholeMatch(
      of: #/([a-z][A-Za-z0-9]*)\(_event(\.data\.[A-Za-z_][A-Za-z0-9_]*)?\)/#)
    {
      let function = String(match.1)
      var words = ""
      for character in function {
        if character.isUppercase {
          words += " " + character.lowercased()
        } else {
          words.append(character)
        }
      }
      if SwiftNames.isGuardLabel(words), SwiftNames.lowerCamel(words: words) == function {
        label = words
      }
    }
    conditions.append((label, trimmed))
    return label
  }

  /// Notes the argument `expression` reads from `_event.data`, refusing
  /// `_event.data` read whole or a second name for one event.
  private mutating func readsData(
    _ expression: String, event: String, at node: XMLElement
  ) throws(Failure) {
    for match in expression.matches(of: #/_event\s*\.\s*data(\s*\.\s*([A-Za-z_$][A-Za-z0-9_$]*))?/#)
    {
      guard let name = match.2.map(String.init) else {
        throw refuse(
          node,
          "cannot take '\(expression)'\(place(node)): it reads _event.data as a whole; the "
            + "table's event carries one argument, read as _event.data.NAME")
      }
      guard SwiftNames.isLowerIdentifier(name) else {
        throw refuse(
          node,
          "the event data '_event.data.\(name)'\(place(node)) is not a valid argument "
            + "name: \(Self.nameRule)")
      }
      if let earlier = arguments[event] {
        guard earlier.name == name else {
          throw refuse(
            node,
            "event '\(event)' reads _event.data.\(name)\(place(node)) and "
              + "_event.data.\(earlier.name) (line \(earlier.line)): the table gives an event "
              + "one argument")
        }
      } else {
        arguments[event] = (name, line(node))
        argumentOrder.append(event)
      }
    }
  }

  /// The outputs of `<onentry>`, `<onexit>` or a transition's content:
  /// `<send event="X"/>` and `<log label="X"/>`.
  private mutating func actions(
    in node: XMLElement, event: String?
  ) throws(Failure) -> [String] {
    var outputs: [String] = []
    for child in children(node) {
      switch name(child) {
      case "log":
        guard let label = attribute(child, "label"), !label.isEmpty else {
          throw refuse(
            child,
            "cannot take a <log> without a label\(place(child)): the label is the output, "
              + "as fsm export writes it")
        }
        try checkName(label, as: "output", at: child)
        if let event, let expression = attribute(child, "expr") {
          try readsData(expression, event: event, at: child)
        }
        outputs.append(label)
      case "send":
        for key in ["delay", "delayexpr"] where attribute(child, key) != nil {
          throw refuse(
            child,
            "cannot take a delayed <send> (\(key))\(place(child)): the table has no timers")
        }
        let others = (child.attributes ?? []).compactMap(\.name).filter {
          !["event", "id"].contains($0)
        }
        if let other = others.first {
          throw refuse(
            child,
            "cannot take a <send> with \(other)\(place(child)): an output is a <send> with "
              + "only its event, `<send event=\"OUTPUT\"/>`")
        }
        if let inner = children(child).first { throw cannotTake(inner) }
        guard let output = attribute(child, "event") else {
          throw refuse(child, "cannot take a <send> without an event\(place(child))")
        }
        try checkName(output, as: "output", at: child)
        outputs.append(output)
      default: throw cannotTake(child)
      }
    }
    return outputs
  }

  /// The refusal of an element the table has no notation for.
  private func cannotTake(_ node: XMLElement) -> Failure {
    let element = name(node)
    let why: String
    switch element {
    case "parallel": why = "regions are not in the table, whose machine is in one state at a time"
    case "history": why = "the table has no composite states, so nothing to remember"
    case "datamodel", "data", "assign", "script":
      why = "the table has no extended state; a guard answers from the event alone"
    case "if", "elseif", "else", "foreach":
      why = "a row's outputs are a fixed list; write a guarded row per case"
    case "invoke": why = "the table does not run other sessions"
    case "raise": why = "the table has no internal events; an output is a <send> or a <log>"
    case "initial": why = "the table's states are all top-level"
    default: why = "the table has no notation for it"
    }
    return refuse(node, "cannot take <\(element)>\(place(node)): \(why)")
  }
}
