import StateMachines

/// The text of a transition, `trigger [guard] / effect`, or of an activity,
/// `entry / effect`, broken into lines so that no label stretches the
/// diagram.
///
/// A label that fits on one line is exactly what `MachineDescription`
/// writes. A longer one breaks only between its parts (a trigger, the
/// guard, each output of the effect), never inside a name, so each line
/// still reads as UML.
enum LabelLines {
  /// The longest line on an arrow, in characters, before the label breaks.
  static let arrowWidth = 32

  /// The longest line in a state's compartment, which can be wider than an
  /// arrow's label without pushing the states apart.
  static let compartmentWidth = 40

  /// The longest line of a compartment item's hanging part, which reads
  /// best no wider than an arrow's label.
  static let hangingWidth = 32

  /// The lines of the label of one arrow drawing `transitions`, which share
  /// source, target, guard and effect and differ only in their triggers:
  /// UML writes them as one transition with several triggers, `breach, panic`.
  ///
  /// The effect starts a line of its own unless all of it fits after the
  /// trigger and guard, as printed state diagrams put a long `/ effect`
  /// below its trigger.
  static func arrow<State>(
    for transitions: [MachineDescription<State>.Transition],
    in description: MachineDescription<State>
  ) -> [String] {
    guard let first = transitions.first else { return [] }
    let triggers = transitions.map { trigger(of: $0, in: description) }.filter { !$0.isEmpty }
    var head = commaSeparated(triggers)
    if let guardLabel = first.guardLabel { head.append("[\(guardLabel)]") }
    let effect = effectWords(first.effect)
    var lines = fill(head, width: arrowWidth)
    let wholeEffect = effect.joined(separator: " ")
    if let last = lines.last, !effect.isEmpty, last.count + 1 + wholeEffect.count <= arrowWidth {
      lines[lines.count - 1] = last + " " + wholeEffect
    } else {
      lines += fill(effect, width: arrowWidth)
    }
    return lines
  }

  /// An activity in a compartment, as `entry / systemArmed`.
  ///
  /// One that does not fit on a line keeps `entry /` on the left and
  /// fills its outputs in a column beside it, so the wrapped outputs line up
  /// under the first and still read as one list.
  static func activity(_ keyword: String, _ outputs: [String]) -> CompartmentItem {
    CompartmentItem(head: keyword + " /", rest: commaSeparated(outputs))
  }

  /// An internal transition in a compartment, as `send(data) /
  /// transmit(data)`.
  ///
  /// One that does not fit on a line keeps its trigger on the left and
  /// fills its guard and effect in a column beside it.
  static func internalTransition<State>(
    _ transition: MachineDescription<State>.Transition, in description: MachineDescription<State>
  ) -> CompartmentItem {
    var rest: [String] = []
    if let guardLabel = transition.guardLabel { rest.append("[\(guardLabel)]") }
    return CompartmentItem(
      head: trigger(of: transition, in: description), rest: rest + effectWords(transition.effect))
  }

  /// The trigger as the description writes it, `disarm(code)`; empty for a
  /// completion transition.
  static func trigger<State>(
    of transition: MachineDescription<State>.Transition, in description: MachineDescription<State>
  ) -> String {
    var trigger = transition
    trigger.guardLabel = nil
    trigger.effect = []
    return description.label(of: trigger)
  }

  /// The effect's outputs as words: `/ first,`, `second,`, `last`.
  private static func effectWords(_ effect: [String]) -> [String] {
    var words = commaSeparated(effect)
    if !words.isEmpty { words[0] = "/ " + words[0] }
    return words
  }

  /// The items with a comma after each but the last.
  static func commaSeparated(_ items: [String]) -> [String] {
    items.enumerated().map { index, item in index < items.count - 1 ? item + "," : item }
  }

  /// Greedy line filling: each line takes words while it stays within `width`.
  static func fill(_ words: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = word
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}

/// One item of a state's compartment: a line, or, when it is too long for
/// one, a head with the rest filled in a column beside it.
struct CompartmentItem: Hashable {
  /// The item's first part: `entry /`, or an internal transition's trigger;
  /// the whole item when it fits on one line.
  var head: String

  /// The lines beside the head, top-aligned; empty when the item fits on
  /// one line.
  var hanging: [String]

  /// The item for `head` followed by the words of `rest`: one line if it
  /// fits within `LabelLines.compartmentWidth`, else the words filled beside
  /// the head.
  init(head: String, rest: [String]) {
    let whole = ([head] + rest).filter { !$0.isEmpty }.joined(separator: " ")
    if whole.count <= LabelLines.compartmentWidth || rest.isEmpty {
      self.head = whole
      hanging = []
    } else {
      self.head = head
      hanging = LabelLines.fill(rest, width: LabelLines.hangingWidth)
    }
  }
}
