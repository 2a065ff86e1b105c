import StateMachines

/// What a drawn run adds to a diagram: step numbers on the arrows it took,
/// a legend, the events that changed nothing, and what `--focus` leaves out.
///
/// All of it goes in the graph's label, above the states, so that it is
/// part of the picture wherever the picture goes: a slide, a PDF, a README.
extension DOTWriter {
  /// The steps at which a run took any of `transitions`, in order, or `nil`
  /// when it took none or no run is drawn.
  func steps(of transitions: [Int]) -> [Int]? {
    let steps = transitions.flatMap { tally?.steps[$0] ?? [] }
    return steps.isEmpty ? nil : steps.sorted()
  }

  /// The step numbers on a taken arrow, in bold: ` #1, #4`.
  func stepSuffix(_ steps: [Int]) -> String { " " + bold(StepNumbers.text(steps)) }

  // MARK: - Focus

  /// Whether `state` is drawn: every state, unless the diagram is focused
  /// on a run.
  func isShown(_ state: State) -> Bool { shown?.contains(state) ?? true }

  /// The states a focused diagram leaves out, in the description's order.
  var hiddenStates: [State] { description.states.filter { !isShown($0) } }

  // MARK: - The caption of a run

  /// The graph's label when a run is drawn: the title, the legend, the
  /// events that fired nothing, and the states a focused diagram leaves
  /// out, as rows of one table (an HTML label is text or one table, never
  /// both).
  func runLabel(title: String) -> String? {
    guard let tally else { return nil }
    var rows = ["<TR><TD ALIGN=\"LEFT\">\(bold(Escaping.html(title)))</TD></TR>", legend]
    if tally.firstStep > 1 {
      // The end of a longer run: what came before it is not drawn.
      let before = tally.firstStep - 1
      rows.append(
        textRow([
          "Drawn from step \(tally.firstStep): the \(before == 1 ? "step" : "\(before) steps") "
            + "before it \(before == 1 ? "is" : "are") not kept"
        ]))
    }
    // Wrapped as a note is, so that a long rejection does not widen the
    // picture; the lines after an event's first are indented (by no-break
    // spaces, which HTML labels keep).
    let listed = tally.unfired.suffix(max(tally.listedUnfired, 0))
    let unfired = listed.flatMap { event in
      let words = unfiredLine(event).split(separator: " ").map(String.init)
      return LabelLines.fill(words, width: Self.captionWidth).enumerated().map { index, line in
        index == 0 ? line : "\u{A0}\u{A0}\u{A0}\u{A0}" + line
      }
    }
    if !unfired.isEmpty {
      let heading =
        listed.count < tally.unfired.count
        ? "Events that changed nothing (the last \(listed.count) of \(tally.unfired.count)):"
        : "Events that changed nothing:"
      rows.append(textRow([heading] + unfired))
    }
    let hidden = hiddenStates.map { description.name(of: $0) }
    if !hidden.isEmpty {
      let words =
        "Left out, more than one transition from \(focusedOn): " + hidden.joined(separator: ", ")
      rows.append(
        textRow(
          LabelLines.fill(words.split(separator: " ").map(String.init), width: Self.captionWidth)))
    }
    let table = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"0\">"
    return table + rows.joined() + "</TABLE>"
  }

  /// What the states drawn are near: the run, or its last step.
  private var focusedOn: String {
    guard focus == .lastStep else { return "the run" }
    return tally?.lastStepNumber.map { "step \($0)" } ?? "where it starts"
  }

  /// The longest line of the caption, in characters.
  static var captionWidth: Int { 64 }

  /// A key to the colours and marks, each drawn as it is on the diagram so
  /// that it reads in greyscale too: the fills, the thick outline of the
  /// state the run ended in, the thick arrows with their step numbers.
  private var legend: String {
    let swatch = { (fill: String, outline: String, border: Int, text: String) in
      "<TD BGCOLOR=\"\(fill)\" COLOR=\"\(outline)\" BORDER=\"\(border)\" STYLE=\"ROUNDED\">"
        + "&#160;\(text)&#160;</TD>"
    }
    let cells = [
      swatch(Look.visitedFill, Look.taken, 1, "visited"),
      swatch(Look.currentFill, Look.current, 2, bold("ended here")),
      "<TD>&#160;</TD>",
      "<TD><FONT COLOR=\"\(Look.taken)\">\(bold("#n")) thick: taken at step n</FONT></TD>",
      "<TD>&#160;</TD>",
      "<TD><FONT COLOR=\"\(Look.faded)\">\(untouched)</FONT></TD>",
    ]
    let extras =
      tally?.extras.isEmpty == false
      ? [
        "<TD>&#160;</TD>",
        "<TD><FONT COLOR=\"\(Look.unexpected)\">dashed: not in the description</FONT></TD>",
      ]
      : []
    let inner =
      "<TABLE ALIGN=\"LEFT\" BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"3\" CELLPADDING=\"2\">"
    return "<TR><TD ALIGN=\"LEFT\">\(inner)<TR>\((cells + extras).joined())</TR></TABLE></TD></TR>"
  }

  /// What grey means: not touched by the run drawn, which, when it is the
  /// end of a longer one, says where it starts.
  private var untouched: String {
    let first = tally?.firstStep ?? 1
    return first > 1 ? "grey: not touched since step \(first)" : "grey: not touched"
  }

  /// One event that fired nothing, as `#4 push in idle: ignored`, or, in a
  /// machine with regions, `#6 fire in diving+gun: ignored`.
  private func unfiredLine(_ event: Tally<State>.Unfired) -> String {
    let what: String
    if let rejection = event.rejection {
      what = "rejected: \(rejection)"
    } else if event.passedTime {
      what = "nothing came due"
    } else {
      what = "ignored"
    }
    let state = event.states.map { description.name(of: $0) }.joined(separator: "+")
    return "#\(event.step) \(event.event) in \(state): \(what)"
  }

  /// Lines of plain text as one left-aligned row of the caption.
  private func textRow(_ lines: [String]) -> String {
    let text = lines.map(Escaping.html).joined(separator: "<BR ALIGN=\"LEFT\"/>")
    return "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(text)<BR ALIGN=\"LEFT\"/></TD></TR>"
  }
}

/// Step numbers as a reader scans them: `#1, #4`, runs of three or more as
/// `#2–5`, and a long list cut short with the total.
enum StepNumbers {
  /// How many groups are printed before the rest is summed up.
  static let shownGroups = 4

  /// `steps` (ascending) as text.
  static func text(_ steps: [Int]) -> String {
    var groups: [ClosedRange<Int>] = []
    for step in steps {
      if let last = groups.last, last.upperBound + 1 == step {
        groups[groups.count - 1] = last.lowerBound...step
      } else if groups.last?.upperBound != step {
        groups.append(step...step)
      }
    }
    let words = groups.prefix(shownGroups).flatMap { group -> [String] in
      switch group.count {
      case 1: ["#\(group.lowerBound)"]
      case 2: ["#\(group.lowerBound)", "#\(group.upperBound)"]
      default: ["#\(group.lowerBound)–\(group.upperBound)"]
      }
    }
    guard groups.count > shownGroups else { return words.joined(separator: ", ") }
    return words.joined(separator: ", ") + " … (\(steps.count) times)"
  }
}
