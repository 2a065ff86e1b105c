import StateMachines

/// The labels a probe can give the transitions it saw, from the steps of an
/// exploration and the activities the description gives.
///
/// - **Effects.** A step's outputs are, in order: the guard's own outputs
///   (the code check's verdict), the source's exit activity, the effect,
///   the target's entry activity (and, through a transient state, its
///   exit, the next effect, the next entry). The activities the description
///   gives are taken off where they are seen, and so is a guard output the
///   description gives, since a diagram shows those in compartments and in a
///   note; what is left is the effect. An activity that is not seen where
///   it should be stays in the effect: the probe reports what it saw.
/// - **Guards.** A probe cannot see a guard, but it can see the data that
///   decides one: when some of an event's arguments lead from a state to
///   one target and others elsewhere (or nowhere), the arrow is labelled
///   with the arguments that led there, as in `disarm(0000)`, or
///   `refill(3)` where `refill(0)` is refused. A guard that
///   reads data the probe cannot see (a count, a random draw) stays
///   unlabelled, and its arrows stay separate, with no choice.
struct ObservedLabels<State: StateID> {
  /// One output of a step, as seen.
  typealias Output = ObservedStep<State>.Output

  /// One transition a step took, with the event's argument (on the event's
  /// own transition only) and the outputs left for its effect.
  struct Link {
    /// The transition, as observed.
    var transition: ObservedTransition<State>
    /// The argument of the event that fired it, if the event has one.
    var argument: String?
    /// The effect's outputs.
    var effect: [Output]
  }

  /// What the steps are compared with.
  let described: MachineDescription<State>

  /// Every transition every step took, in order.
  private(set) var links: [Link] = []

  /// The states whose entry activity was seen.
  private(set) var entered: Set<State> = []

  /// The states whose exit activity was seen.
  private(set) var exited: Set<State> = []

  /// Where a guard's outputs were seen.
  private(set) var checked: Set<MachineDescription<State>.GuardOutputs.Place> = []

  /// The arguments each state was given with each event, whatever happened
  /// (a rejected argument too: it leads nowhere).
  private var tried: [MachineDescription<State>.GuardOutputs.Place: Set<String>] = [:]

  /// Reads `steps` against `described`.
  init(_ steps: [ObservedStep<State>], like described: MachineDescription<State>) {
    self.described = described
    for step in steps {
      if let argument = step.argument {
        tried[.init(state: step.from, event: step.event), default: []].insert(argument)
      }
      if step.tookTransition { read(step) }
    }
  }

  // MARK: - Splitting a step's outputs

  /// Splits the outputs of `step` among the transitions it took.
  private mutating func read(_ step: ObservedStep<State>) {
    var rest = step.outputs[...]
    let place = MachineDescription<State>.GuardOutputs.Place(state: step.from, event: step.event)
    if let first = rest.first,
      described.guardOutputs(in: step.from, on: step.event).contains(first.name)
    {
      rest.removeFirst()
      checked.insert(place)
    }
    let stops = step.via + [step.to]
    // Past the first state a step goes on by itself: by completion, or, in
    // a `wait`, by the timed transitions that came due.
    let onward = step.event == MachineDescription<State>.waitEvent ? step.event : nil
    var taken = [ObservedTransition(step.from, step.event, stops[0])]
    for (passed, next) in zip(stops, stops.dropFirst()) {
      taken.append(ObservedTransition(passed, onward, next))
    }
    for (position, transition) in taken.enumerated() {
      let effect = split(
        transition, isLast: position == taken.count - 1, outputs: &rest)
      links.append(
        Link(
          transition: transition, argument: position == 0 ? step.argument : nil, effect: effect))
    }
  }

  /// Takes `transition`'s outputs off the front of `outputs`: the source's
  /// exit activity, then the effect, then the target's entry activity
  /// (which ends the outputs when the transition is the step's last).
  /// Returns the effect.
  private mutating func split(
    _ transition: ObservedTransition<State>, isLast: Bool, outputs: inout ArraySlice<Output>
  ) -> [Output] {
    if isInternal(transition) {
      defer { outputs = [] }
      return Array(outputs)
    }
    let activities = described.activities
    let exit = Self.pattern(activities[transition.source]?.exit ?? [])
    if let count = Self.match(exit, at: outputs), count > 0 {
      outputs.removeFirst(count)
      exited.insert(transition.source)
    }
    let entry = Self.pattern(activities[transition.target]?.entry ?? [])
    // The entry starts at the first place where it matches: at the end for
    // the last transition, anywhere for one into a state passed through.
    for start in outputs.indices + [outputs.endIndex] {
      guard let count = Self.match(entry, at: outputs[start...]),
        !isLast || start + count == outputs.endIndex
      else { continue }
      let effect = Array(outputs[..<start])
      if count > 0 { entered.insert(transition.target) }
      outputs = outputs[(start + count)...]
      return effect
    }
    defer { outputs = [] }
    return Array(outputs)
  }

  /// Whether the description draws this loop inside its state.
  func isInternal(_ transition: ObservedTransition<State>) -> Bool {
    transition.source == transition.target
      && described.transitions.contains { described in
        described.kind == .internal && described.source == transition.source
          && described.event == transition.event
      }
  }

  /// One piece of an activity as a probe can see it.
  private enum Piece {
    /// An output with this name, as `systemArmed`.
    case one(String)
    /// Any number of outputs with this name, as `transmit(queued)` sends
    /// what is queued.
    case many(String)
  }

  /// The pieces of an activity's labels that a probe can see: names, and
  /// names with data; work such as `count -= 1` shows no output.
  private static func pattern(_ labels: [String]) -> [Piece] {
    labels.compactMap { label in
      if isName(label[...]) { return .one(label) }
      guard label.hasSuffix(")"), let open = label.firstIndex(of: "("),
        isName(label[..<open])
      else { return nil }
      return .many(String(label[..<open]))
    }
  }

  /// Whether `text` is a name: letters and digits only.
  private static func isName(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber }
  }

  /// How many outputs from the start of `outputs` the pieces match, or
  /// `nil` when they do not.
  private static func match(_ pattern: [Piece], at outputs: ArraySlice<Output>) -> Int? {
    var index = outputs.startIndex
    for piece in pattern {
      switch piece {
      case .one(let name):
        guard index < outputs.endIndex, outputs[index].name == name else { return nil }
        index += 1
      case .many(let name):
        while index < outputs.endIndex, outputs[index].name == name { index += 1 }
      }
    }
    return index - outputs.startIndex
  }

  // MARK: - Labels

  /// The arguments to write on `transition`'s arrow, one arrow (trigger)
  /// each; `[nil]` when the arguments do not decide where the event leads.
  func arguments(of transition: ObservedTransition<State>) -> [String?] {
    guard let event = transition.event, event != MachineDescription<State>.waitEvent else {
      return [nil]
    }
    var here: [String] = []
    for link in links where link.transition == transition {
      if let argument = link.argument, !here.contains(argument) { here.append(argument) }
    }
    let all = tried[.init(state: transition.source, event: event)] ?? []
    return here.isEmpty || Set(here) == all ? [nil] : here
  }

  /// The effect of `transition` as seen, for `argument` (any, for `nil`),
  /// as labels: `transmit(hello)`. Where steps saw different data, it is
  /// written `(…)`; where they saw different outputs, the variants are
  /// written one after another, separated by `|`.
  func effect(of transition: ObservedTransition<State>, argument: String?) -> [String] {
    var variants: [[Output]] = []
    for link in links where link.transition == transition {
      guard argument == nil || link.argument == argument else { continue }
      if !variants.contains(link.effect) { variants.append(link.effect) }
    }
    guard let first = variants.first else { return [] }
    let names = first.map(\.name)
    guard variants.allSatisfy({ $0.map(\.name) == names }) else {
      let written = variants.map { $0.map(\.description).joined(separator: ", ") }
      return [written.map { $0.isEmpty ? "(none)" : $0 }.joined(separator: " | ")]
    }
    return names.indices.map { position in
      let data = Set(variants.map { $0[position].data })
      return data.count == 1 ? first[position].description : "\(names[position])(…)"
    }
  }

  /// The activities seen: the described ones a probe can see, for the
  /// states where they were seen.
  var activities: [State: MachineDescription<State>.Activities] {
    var seen: [State: MachineDescription<State>.Activities] = [:]
    for (state, activities) in described.activities {
      let visible = { (labels: [String]) in
        labels.filter { !Self.pattern([$0]).isEmpty }
      }
      let entry = entered.contains(state) ? visible(activities.entry) : []
      let exit = exited.contains(state) ? visible(activities.exit) : []
      if !entry.isEmpty || !exit.isEmpty { seen[state] = .init(entry: entry, exit: exit) }
    }
    return seen
  }

  /// The described guard outputs, where they were seen.
  var guardOutputs: [MachineDescription<State>.GuardOutputs] {
    described.guardOutputs.compactMap { outputs in
      var seen = outputs
      seen.places = outputs.places.filter(checked.contains)
      return seen.places.isEmpty ? nil : seen
    }
  }
}
