import StateMachines

// Foundation's XML tree escapes attributes, text and comments and prints
// the document indented; on Linux it is FoundationXML (libxml2).
#if canImport(FoundationXML)
  import FoundationXML
#else
  import Foundation
#endif

/// A machine as a W3C SCXML 1.0 document, written from its description.
///
/// The mapping, which docs/scxml.md explains for a teacher:
/// - a state is a `<state>` (a final one a `<final>`); a composite state
///   nests its substates, with `initial` where it has an initial substate
///   and a `<history type="shallow">` where it keeps history; a machine
///   with regions is a `<parallel>` of one `<state>` per region;
/// - a transition is a `<transition event cond target>`; an internal one
///   (the workbench's "stays: internal") has no `target`, which is how SCXML
///   runs an effect without leaving the state; a completion is eventless;
/// - an output is `<log label="OUTPUT"/>`, with `expr` for its data;
/// - time is the workbench's virtual clock, kept in the data model: `wait`
///   moves `now`, and a timed transition is an eventless transition whose
///   condition is that its deadline has come;
/// - guards and data are ECMAScript (`SCXMLDatamodel`).
struct SCXMLDocument<M: CatalogMachine> {
  typealias State = M.DescribedState
  typealias Transition = MachineDescription<State>.Transition

  let description = M.description
  let script: SCXMLDatamodel

  /// Whether the machine keeps a clock: it takes `wait`.
  private var isTimed: Bool { description.events.contains { $0.name == "wait" } }

  /// The document for `M` as `configuration` sets it up.
  init(configuration: M.Configuration) {
    script = SCXMLDatamodel.of(M.self, configuration)
  }

  /// The document's text.
  var text: String {
    let document = XMLDocument(rootElement: root())
    document.version = "1.0"
    document.characterEncoding = "UTF-8"
    document.insertChild(comment(header), at: 0)
    let text = document.xmlString(options: [.nodePrettyPrint, .nodeCompactEmptyElement])
    return text.hasSuffix("\n") ? text : text + "\n"
  }

  // MARK: - The document

  private func root() -> XMLElement {
    let root = element(
      "scxml",
      [
        ("xmlns", "http://www.w3.org/2005/07/scxml"), ("version", "1.0"), ("name", M.id),
        ("initial", initialID), ("datamodel", needsECMAScript ? "ecmascript" : "null"),
      ])
    if !dataItems.isEmpty {
      let model = element("datamodel")
      for (id, expression) in dataItems {
        model.addChild(element("data", [("id", id), ("expr", expression)]))
      }
      root.addChild(model)
    }
    if !script.functions.isEmpty {
      let functions = element("script")
      functions.addChild(text("\n" + script.functions.joined(separator: "\n") + "\n"))
      root.addChild(functions)
    }
    if let entrance = entranceState { root.addChild(entrance) }
    if description.hierarchy.regions.isEmpty {
      for state in topStates { root.addChild(stateElement(state)) }
    } else {
      let parallel = element("parallel", [("id", M.id)])
      for region in description.hierarchy.regions {
        parallel.addChild(comment(" region \(region.id) "))
        let regionElement = element(
          "state", [("id", region.id), ("initial", region.initial.rawValue)])
        for state in region.states { regionElement.addChild(stateElement(state)) }
        parallel.addChild(regionElement)
      }
      root.addChild(parallel)
    }
    return root
  }

  /// What the opening comment says.
  private var header: String {
    var lines = [
      "\(M.id): \(M.summary)",
      "Written by fsm export from the machine's description, as SCXML 1.0.",
      "Outputs are <log label=\"OUTPUT\"/>, with expr for an output's data.",
      "An event's argument is _event.data (see docs/scxml.md).",
    ]
    if isTimed {
      lines.append(
        "Time is the workbench's virtual clock: send wait with _event.data.seconds; now and "
          + "since are milliseconds.")
    }
    lines += script.notes
    if !unexpressed.isEmpty {
      lines.append(
        "Not expressed in ECMAScript, called as functions this document does not define: "
          + unexpressed.joined(separator: ", ") + ".")
    }
    return "\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
  }

  private var needsECMAScript: Bool {
    !dataItems.isEmpty || !script.functions.isEmpty
      || description.transitions.contains { $0.guardLabel != nil || $0.argument != nil }
      || description.entrances.count > 1 || !unexpressed.isEmpty
  }

  private var dataItems: [(id: String, expression: String)] {
    (isTimed ? [("now", "0"), ("since", "0")] : []) + script.data
  }

  /// The id of the choice state of a machine with several guarded ways in.
  private var entranceID: String {
    var id = "entrance"
    while description.states.contains(where: { $0.rawValue == id }) { id = "_" + id }
    return id
  }

  private var initialID: String {
    if !description.hierarchy.regions.isEmpty { return M.id }
    if description.entrances.count > 1 { return entranceID }
    return (description.entrances.first?.state ?? description.states[0]).rawValue
  }

  /// For several ways in, a state that picks one by their guards at once.
  private var entranceState: XMLElement? {
    guard description.hierarchy.regions.isEmpty, description.entrances.count > 1 else { return nil }
    let state = element("state", [("id", entranceID)])
    state.addChild(comment(" the ways in: left at once, by the first that holds "))
    for entrance in description.entrances {
      var attributes: [(String, String)] = []
      if let label = entrance.guardLabel, label != "else" {
        attributes.append(("cond", script.entrances[label] ?? call(label)))
      }
      attributes.append(("target", entrance.state.rawValue))
      if let label = entrance.guardLabel { state.addChild(comment(" [\(label)] ")) }
      state.addChild(element("transition", attributes))
    }
    return state
  }

  private var topStates: [State] {
    description.states.filter { description.hierarchy.parent(of: $0) == nil }
  }

  private func stateElement(_ state: State) -> XMLElement {
    let hierarchy = description.hierarchy
    let name = description.finalStates.contains(state) ? "final" : "state"
    var attributes = [("id", state.rawValue)]
    if let initial = hierarchy.initialSubstate(of: state) {
      attributes.append(("initial", initial.rawValue))
    }
    let node = element(name, attributes)
    if let named = description.stateNames[state] { node.addChild(comment(" \(named) ")) }
    let activities = description.activities[state]
    let entry =
      (activities?.entry ?? []).flatMap(actions) + (script.unlabelledEntries[state.rawValue] ?? [])
    if !entry.isEmpty { node.addChild(content("onentry", entry)) }
    let exit = (activities?.exit ?? []).flatMap(actions)
    if !exit.isEmpty { node.addChild(content("onexit", exit)) }
    if hierarchy.keepsHistory(state) {
      let history = element("history", [("id", historyID(state)), ("type", "shallow")])
      if let initial = hierarchy.initialSubstate(of: state) {
        history.addChild(element("transition", [("target", initial.rawValue)]))
      }
      node.addChild(history)
    }
    for substate in hierarchy.substates(of: state) { node.addChild(stateElement(substate)) }
    let transitions = description.transitions(from: state)
    for transition in transitions {
      node.addChild(comment(" " + label(of: transition) + " "))
      node.addChild(transitionElement(transition))
    }
    if let output = script.failingGuardOutputs.first(where: {
      $0.key.hasPrefix(state.rawValue + "/")
    }) {
      let event = String(output.key.dropFirst(state.rawValue.count + 1))
      node.addChild(comment(" \(event) [otherwise]: the check still speaks; nothing changes "))
      node.addChild(content("transition", [.output(output.value, data: nil)], [("event", event)]))
    }
    let handlesEveryWait = transitions.contains { $0.event == "wait" && $0.guardLabel == nil }
    if isTimed, !hierarchy.isComposite(state), !description.isTransient(state), !handlesEveryWait {
      node.addChild(comment(" wait [otherwise]: the clock moves; nothing comes due "))
      node.addChild(content("transition", [clockMoves], [("event", "wait")]))
    }
    return node
  }

  private func historyID(_ state: State) -> String { state.rawValue + ".history" }

  private var clockMoves: SCXMLDatamodel.Action {
    .assign("now", "now + Math.round(_event.data.seconds * 1000)")
  }

  private func label(of transition: Transition) -> String {
    var text = description.label(of: transition)
    if transition.isCompletion { text = "(completion)" + (text.isEmpty ? "" : " " + text) }
    let target =
      transition.kind == .internal
      ? "(stays: internal)"
      : (transition.entersHistory ? "\(transition.target)'s history" : transition.target.rawValue)
    return text + " -> " + target
  }

  private func transitionElement(_ transition: Transition) -> XMLElement {
    var attributes: [(String, String)] = []
    var conditions: [String] = []
    var work: [SCXMLDatamodel.Action] = []
    if let event = transition.event {
      attributes.append(("event", event))
      if let argument = transition.argument, let parameter = description.eventParameters[event] {
        conditions.append("_event.data.\(parameter) === \(SCXMLDatamodel.literal(argument))")
      }
      if event == "wait" { work.append(clockMoves) }
    }
    if let delay = transition.delay {
      let milliseconds = script.delays[delay] ?? constantMilliseconds(delay) ?? call(delay)
      conditions.append("now >= since + \(milliseconds)")
      work.append(.assign("since", "since + \(milliseconds)"))
    } else if transition.kind == .external, hasTimer(transition.target) {
      work.append(.assign("since", "now"))
    }
    if let guardLabel = transition.guardLabel, guardLabel != "else" {
      conditions.append(condition(guardLabel, event: transition.event))
      if let spoken = script.guardOutputs[guardLabel] {
        work.insert(.output(spoken, data: nil), at: 0)
      }
    }
    if !conditions.isEmpty { attributes.append(("cond", conditions.joined(separator: " && "))) }
    if transition.kind == .external {
      attributes.append(
        (
          "target",
          transition.entersHistory ? historyID(transition.target) : transition.target.rawValue
        ))
    }
    work += transition.effect.flatMap(actions)
    if let event = transition.event {
      work +=
        script.unlabelledEffects["\(transition.source)/\(event)"] ?? script.unlabelledEffects[event]
        ?? []
    }
    return content("transition", work, attributes)
  }

  /// Whether `state` has a timed transition, whose timer its entry starts.
  private func hasTimer(_ state: State) -> Bool {
    description.transitions(from: state).contains(where: \.isTimed)
  }

  /// `1s`, `0.5s` in milliseconds.
  private func constantMilliseconds(_ delay: String) -> String? {
    guard delay.hasSuffix("s"), let seconds = Duration(seconds: String(delay.dropLast())) else {
      return nil
    }
    let (whole, attoseconds) = seconds.components
    return String(whole * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  private func condition(_ label: String, event: String?) -> String {
    if let condition = script.guards["\(event ?? "")/\(label)"] ?? script.guards[label] {
      return condition
    }
    if label.hasPrefix("not in "), let state = stateNamed(String(label.dropFirst(7))) {
      return "!In(\(SCXMLDatamodel.literal(state)))"
    }
    if label.hasPrefix("in "), let state = stateNamed(String(label.dropFirst(3))) {
      return "In(\(SCXMLDatamodel.literal(state)))"
    }
    return call(label)
  }

  private func stateNamed(_ id: String) -> String? {
    description.states.first { $0.rawValue == id }?.rawValue
  }

  /// The executable content of one label of an effect or activity.
  private func actions(_ label: String) -> [SCXMLDatamodel.Action] {
    if let actions = script.actions[label] { return actions }
    if isIdentifier(label) { return [.output(label, data: nil)] }
    return [.script(call(label) + ";")]
  }

  // MARK: - What is not expressed

  /// The labels no ECMAScript is given for, which the document calls as
  /// functions.
  private var unexpressed: [String] {
    var labels: [String] = []
    for transition in description.transitions {
      if let label = transition.guardLabel, label != "else",
        call(label) == condition(label, event: transition.event)
      {
        labels.append(label)
      }
      for label in transition.effect where script.actions[label] == nil && !isIdentifier(label) {
        labels.append(label)
      }
      if let delay = transition.delay, script.delays[delay] == nil,
        constantMilliseconds(delay) == nil
      {
        labels.append(delay)
      }
    }
    for activities in description.activities.values {
      for label in activities.entry + activities.exit
      where script.actions[label] == nil && !isIdentifier(label) {
        labels.append(label)
      }
    }
    for entrance in description.entrances {
      if let label = entrance.guardLabel, label != "else", script.entrances[label] == nil {
        labels.append(label)
      }
    }
    var seen = Set<String>()
    return labels.filter { seen.insert(call($0)).inserted }.map(call)
  }

  /// A label as a call of a function named after it: `code valid` is
  /// `codeValid(_event)`.
  private func call(_ label: String) -> String {
    let words = label.split { !($0.isLetter || $0.isNumber) }
    let name = words.enumerated().map { index, word in
      index == 0
        ? word.prefix(1).lowercased() + word.dropFirst()
        : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    let safe = name.first.map { $0.isLetter } == true ? name : "guard" + name
    return "\(safe)(_event)"
  }

  private func isIdentifier(_ label: String) -> Bool {
    guard let first = label.first, first.isLetter else { return false }
    return label.allSatisfy { $0.isLetter || $0.isNumber }
  }

  // MARK: - XML

  private func element(_ name: String, _ attributes: [(String, String)] = []) -> XMLElement {
    let node = XMLElement(name: name)
    for (key, value) in attributes {
      if let attribute = XMLNode.attribute(withName: key, stringValue: value) as? XMLNode {
        node.addAttribute(attribute)
      }
    }
    return node
  }

  private func text(_ text: String) -> XMLNode {
    XMLNode.text(withStringValue: text) as? XMLNode ?? XMLNode(kind: .text)
  }

  /// An XML comment; `--` may not appear in one.
  private func comment(_ text: String) -> XMLNode {
    let safe = text.replacing("--", with: "- -")
    return XMLNode.comment(withStringValue: safe) as? XMLNode ?? XMLNode(kind: .comment)
  }

  private func content(
    _ name: String, _ actions: [SCXMLDatamodel.Action], _ attributes: [(String, String)] = []
  ) -> XMLElement {
    let node = element(name, attributes)
    for action in actions { node.addChild(actionElement(action)) }
    return node
  }

  private func actionElement(_ action: SCXMLDatamodel.Action) -> XMLElement {
    switch action {
    case .output(let name, let data):
      return element("log", [("label", name)] + (data.map { [("expr", $0)] } ?? []))
    case .assign(let location, let expression):
      return element("assign", [("location", location), ("expr", expression)])
    case .script(let statement):
      let node = element("script")
      node.addChild(text(statement))
      return node
    case .outputEach(let name, let array, let item, let data):
      let node = element("foreach", [("array", array), ("item", item)])
      node.addChild(actionElement(.output(name, data: data)))
      return node
    }
  }
}
