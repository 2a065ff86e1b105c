import ArgumentParser
import StateMachines

/// `fsm describe MACHINE`: the states, events and transitions of a machine,
/// read from its declarative description.
struct DescribeCommand: ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe", abstract: "Show the states, events and transitions of a machine.")

  @Argument(help: "The machine to describe.")
  var machine: MachineArgument

  func run(on console: inout Console) throws {
    describe(machine.type, on: &console)
  }

  private func describe<M: CatalogMachine>(_: M.Type, on console: inout Console) {
    let description = M.description
    print("\(M.id): \(M.summary)", to: &console)

    let hierarchy = description.hierarchy
    if !hierarchy.regions.isEmpty {
      print("", to: &console)
      print("Regions, each offered every event, in this order:", to: &console)
      let width = hierarchy.regions.map(\.id.count).max() ?? 0
      for region in hierarchy.regions {
        let states = region.states.map(\.rawValue).joined(separator: ", ")
        print("  \(region.id.padded(to: width))   \(states)", to: &console)
      }
    }

    print("", to: &console)
    // A state inside a composite state is indented under it.
    print("States:", to: &console)
    let rows = description.states.map { state in
      let depth = String(repeating: "  ", count: hierarchy.ancestors(of: state).count)
      return (
        depth + state.rawValue, markers(of: state, in: description),
        activities(of: state, in: description)
      )
    }
    let nameWidth = rows.map(\.0.count).max() ?? 0
    let markerWidth = rows.map(\.1.count).max() ?? 0
    for (name, markers, activities) in rows {
      let line = ["  " + name.padded(to: nameWidth), markers.padded(to: markerWidth), activities]
      print(line.joined(separator: "   ").trimmingTrailingSpaces, to: &console)
    }

    print("", to: &console)
    print("Events:", to: &console)
    for signature in M.Event.signatures {
      print("  \(signature.usage)", to: &console)
    }

    let moves = arguments(takenIn: description)
    if !moves.isEmpty {
      print("", to: &console)
      print("Moves:", to: &console)
      let stateWidth = moves.map(\.state.count).max() ?? 0
      for (state, arguments) in moves {
        print("  \(state.padded(to: stateWidth))   \(arguments)", to: &console)
      }
    }

    print("", to: &console)
    print("Transitions:", to: &console)
    for transition in description.transitions {
      let target = "\(transition.target)" + (transition.entersHistory ? " (H)" : "")
      var line = "  \(transition.source) --\(description.label(of: transition))--> \(target)"
      if transition.kind == .internal { line += "   (internal: no exit or entry)" }
      if hierarchy.isComposite(transition.source) {
        line += "   (for every state inside \(transition.source))"
      }
      if transition.entersHistory {
        line += "   (history: the state inside \(transition.target) last left)"
      } else if hierarchy.isComposite(transition.target) {
        let initial = hierarchy.initialSubstate(of: transition.target).map { "\($0)" } ?? "none"
        line += "   (enters its initial state: \(initial))"
      }
      if transition.isCompletion { line += "   (completion: taken on arrival)" }
      if transition.isTimed { line += "   (timed: taken when the delay is over)" }
      print(line, to: &console)
    }
  }

  /// For each state, the arguments that take a transition out of it, by
  /// event, as in `open   moveTo: inProgress, resolved, closed`: read from the
  /// transitions that are each for one argument (the ticket's
  /// `moveTo(inProgress)`), in the description's order. Empty for a machine
  /// whose transitions take any argument, which then shows no such section.
  private func arguments<State>(
    takenIn description: MachineDescription<State>
  ) -> [(state: String, arguments: String)] {
    description.states.compactMap { state in
      var events: [String] = []
      var arguments: [String: [String]] = [:]
      for transition in description.transitions(from: state) {
        guard let event = transition.event, let argument = transition.argument else { continue }
        if arguments[event] == nil { events.append(event) }
        arguments[event, default: []].append(argument)
      }
      guard !events.isEmpty else { return nil }
      let byEvent = events.map { event in
        "\(event): " + (arguments[event] ?? []).joined(separator: ", ")
      }
      return (state.rawValue, byEvent.joined(separator: "; "))
    }
  }

  /// `initial`, `initial [loaded from the database]`, `final`, `transient`,
  /// as they apply; for a statechart, also `initial` for a composite
  /// state's initial substate, and what kind of composite state it is.
  private func markers<State>(
    of state: State, in description: MachineDescription<State>
  ) -> String {
    var markers = description.entrances.filter { $0.state == state }.map { entrance in
      entrance.guardLabel.map { "initial [\($0)]" } ?? "initial"
    }
    let hierarchy = description.hierarchy
    if let parent = hierarchy.parent(of: state), hierarchy.initialSubstate(of: parent) == state {
      markers.append("initial")
    }
    if hierarchy.isComposite(state) {
      markers.append("composite")
      if hierarchy.initialSubstate(of: state) == nil { markers.append("no initial state") }
      if hierarchy.keepsHistory(state) { markers.append("shallow history (H)") }
    }
    if description.finalStates.contains(state) { markers.append("final") }
    if description.isTransient(state) { markers.append("transient") }
    return markers.joined(separator: ", ")
  }

  /// `entry / systemArmed; exit / alarmStopped`, or nothing.
  private func activities<State>(
    of state: State, in description: MachineDescription<State>
  ) -> String {
    guard let activities = description.activities[state] else { return "" }
    var parts: [String] = []
    if !activities.entry.isEmpty {
      parts.append("entry / " + activities.entry.joined(separator: ", "))
    }
    if !activities.exit.isEmpty {
      parts.append("exit / " + activities.exit.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }
}
