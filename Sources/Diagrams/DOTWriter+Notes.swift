import StateMachines

/// Notes for the outputs that guards produce while they are evaluated.
///
/// They belong to no transition (they appear when nothing fires), so UML
/// writes them in a comment: a note, its corner folded, joined by a dashed
/// line to each state where the guard is evaluated.
extension DOTWriter {
  /// The node id of the note numbered `number`: never the name of a state.
  func noteID(_ number: Int) -> String { Escaping.quoted(freeName("note \(number)")) }

  /// The notes' nodes, numbered in the description's order, with their
  /// text wrapped as an arrow's label is.
  var noteNodes: [String] {
    zip(1..., description.guardOutputs).filter({ isShown($0.1) }).map { number, outputs in
      let words = outputs.note.split(separator: " ").map(String.init)
      let text = LabelLines.fill(words, width: LabelLines.arrowWidth)
        .map(Escaping.html).joined(separator: "<BR ALIGN=\"LEFT\"/>")
      let color = noteColor(outputs)
      let attributes = [
        "shape=note", "fontsize=\(Look.edgeFontSize)", "color=\"\(color)\"",
        "fontcolor=\"\(color)\"", "label=<\(text)<BR ALIGN=\"LEFT\"/>>",
      ]
      return "  \(noteID(number)) [\(attributes.joined(separator: ", "))];"
    }
  }

  /// The dashed lines from each note to the states it is about.
  var noteEdges: [String] {
    zip(1..., description.guardOutputs).flatMap { number, outputs in
      var states: [State] = []
      for place in outputs.places where !states.contains(place.state) && isShown(place.state) {
        states.append(place.state)
      }
      let color = noteColor(outputs)
      return states.map { state in
        statement(
          from: noteID(number), to: id(state),
          ["style=dashed", "arrowhead=none", "color=\"\(color)\""])
      }
    }
  }

  /// Whether a focused diagram draws the note: when it draws one of the
  /// states the note is about.
  private func isShown(_ outputs: MachineDescription<State>.GuardOutputs) -> Bool {
    outputs.places.contains { isShown($0.state) }
  }

  /// Black, or, when a run is drawn, strong if the run evaluated the guard
  /// and faded if not.
  private func noteColor(_ outputs: MachineDescription<State>.GuardOutputs) -> String {
    guard let tally else { return "black" }
    return outputs.places.contains(where: tally.tried.contains) ? Look.taken : Look.faded
  }
}
