import Foundation
import StateMachines
import Testing

@testable import Diagrams

/// The tcp-connection diagram in RFC 793's own labels, compared arrow by
/// arrow with Figure 6 of RFC 793, transcribed here from the RFC's text.
@Suite("RFC 793 Figure 6: tcp-connection in the figure's labels")
struct RFCFigureTests {
  /// An arrow as a picture shows it: the box it leaves, its label, the box
  /// it enters.
  struct Arrow: Hashable, CustomStringConvertible {
    var source: String
    var label: String
    var target: String

    init(_ source: String, _ label: String, _ target: String) {
      self.source = source
      self.label = label
      self.target = target
    }

    var description: String { "\(source) --\(label)--> \(target)" }
  }

  /// The boxes of Figure 6. `FIN WAIT-1` and `CLOSE WAIT` are written over
  /// two lines in the figure (`FIN` over `WAIT-1`).
  static let figureStates: Set = [
    "CLOSED", "LISTEN", "SYN RCVD", "SYN SENT", "ESTAB", "FIN WAIT-1", "FINWAIT-2",
    "CLOSE WAIT", "CLOSING", "LAST-ACK", "TIME WAIT",
  ]

  /// The nineteen arrows of Figure 6, one row per arrow, as the RFC prints
  /// them: the event above the line, ` / `, the actions below it (two
  /// actions stacked, as under `active OPEN`, are joined by `, `; `x` is
  /// the figure's own mark for no action).
  static let figure: [Arrow] = [
    Arrow("CLOSED", "passive OPEN / create TCB", "LISTEN"),
    Arrow("CLOSED", "active OPEN / create TCB, snd SYN", "SYN SENT"),
    Arrow("LISTEN", "CLOSE / delete TCB", "CLOSED"),
    Arrow("LISTEN", "rcv SYN / snd SYN,ACK", "SYN RCVD"),
    Arrow("LISTEN", "SEND / snd SYN", "SYN SENT"),
    Arrow("SYN SENT", "CLOSE / delete TCB", "CLOSED"),
    Arrow("SYN SENT", "rcv SYN / snd ACK", "SYN RCVD"),
    Arrow("SYN SENT", "rcv SYN,ACK / snd ACK", "ESTAB"),
    Arrow("SYN RCVD", "rcv ACK of SYN / x", "ESTAB"),
    Arrow("SYN RCVD", "CLOSE / snd FIN", "FIN WAIT-1"),
    Arrow("ESTAB", "CLOSE / snd FIN", "FIN WAIT-1"),
    Arrow("ESTAB", "rcv FIN / snd ACK", "CLOSE WAIT"),
    Arrow("FIN WAIT-1", "rcv ACK of FIN / x", "FINWAIT-2"),
    Arrow("FIN WAIT-1", "rcv FIN / snd ACK", "CLOSING"),
    Arrow("FINWAIT-2", "rcv FIN / snd ACK", "TIME WAIT"),
    Arrow("CLOSING", "rcv ACK of FIN / x", "TIME WAIT"),
    Arrow("CLOSE WAIT", "CLOSE / snd FIN", "LAST-ACK"),
    Arrow("LAST-ACK", "rcv ACK of FIN / x", "CLOSED"),
    Arrow("TIME WAIT", "Timeout=2MSL / delete TCB", "CLOSED"),
  ]

  /// What the workbench draws that the figure does not: UML's initial
  /// pseudostate, where the figure simply starts at CLOSED.
  static let addedArrows: Set = [Arrow("●", "", "CLOSED")]

  /// The workbench's own data transfer, in the figure's idiom, in the
  /// compartments of the states that have any.
  static let addedCompartments = [
    "SYN SENT": ["SEND / queue data"],
    "SYN RCVD": ["SEND / queue data"],
    "ESTAB": ["entry / snd queued data", "SEND / snd data"],
    "CLOSE WAIT": ["SEND / snd data"],
  ]

  /// The diagram in the figure's labels.
  static func drawn() throws -> DrawnDiagram {
    DrawnDiagram(try TCPConnection.diagram(labels: .rfc).dot)
  }

  @Test("every arrow of the figure is drawn, with exactly the figure's label")
  func everyFigureArrowIsDrawn() throws {
    let drawn = try Self.drawn().arrows
    #expect(Self.figure.count == 19)
    for arrow in Self.figure {
      #expect(drawn.filter { $0 == arrow }.count == 1, "\(arrow) is not drawn once")
    }
  }

  @Test("every arrow drawn is one of the figure's, or one the workbench adds")
  func everyDrawnArrowIsTheFigures() throws {
    let figure = Set(Self.figure)
    for arrow in try Self.drawn().arrows {
      #expect(
        figure.contains(arrow) || Self.addedArrows.contains(arrow),
        "\(arrow) is neither the figure's nor listed as the workbench's")
    }
  }

  @Test("the boxes are the figure's, named as the figure names them")
  func states() throws {
    #expect(Set(try Self.drawn().states.values) == Self.figureStates)
  }

  @Test("the compartments hold the workbench's data transfer, and nothing else")
  func compartments() throws {
    #expect(try Self.drawn().compartments == Self.addedCompartments)
  }

  @Test("the figure's actions are what the machine outputs on each arrow")
  func actionsAreOutputs() throws {
    let labels = try #require(TCPConnection.figureLabels)
    let outputs = [
      "create TCB": "createTCB", "delete TCB": "deleteTCB", "snd SYN": "sendSyn",
      "snd SYN,ACK": "sendSynAck", "snd ACK": "sendAck", "snd FIN": "sendFin", "x": nil,
      "queue data": "queued(data)", "snd data": "transmit(data)",
    ]
    for transition in TCPConnection.description.transitions {
      let label = try #require(labels.label(of: transition), "\(transition) has no RFC label")
      var effect = label.actions.compactMap { outputs[$0] ?? nil }
      #expect(label.actions.allSatisfy { outputs.keys.contains($0) }, "\(label.actions)")
      // The figure's SEND in LISTEN sends a SYN; the workbench queues the
      // data too, which only the ids show.
      if transition.source == .listen, transition.event == "send" { effect.append("queued(data)") }
      #expect(effect == transition.effect, "\(label.trigger) in \(transition.source)")
    }
  }

  @Test("the figure's labels change the words only: the same boxes, arrows and colours")
  func wordsOnly() throws {
    var machine = try TCPConnection.make(.statePattern)
    let trace = machine.run([.activeOpen, .receiveSyn, .receiveAck, .receiveAck, .close])
    let run = TraceOverlay(start: .closed, trace: trace)
    for run in [nil, run] {
      let rfc = try TCPConnection.diagram(labels: .rfc, highlighting: run).dot
      let ids = try TCPConnection.diagram(labels: .ids, highlighting: run).dot
      #expect(rfc != ids)
      #expect(DrawnDiagram.withoutLabels(rfc) == DrawnDiagram.withoutLabels(ids))
    }
  }

  @Test("only tcp-connection has RFC labels; asking another machine for them is refused")
  func otherMachines() {
    #expect(TCPConnection.labelStyles == [.ids, .rfc])
    #expect(TCPConnection.defaultLabelStyle == .rfc)
    #expect(Turnstile.labelStyles == [.ids])
    #expect(Turnstile.defaultLabelStyle == .ids)
    #expect(throws: Rejection("turnstile has no rfc labels; its diagram has ids")) {
      try Turnstile.diagram(labels: .rfc)
    }
  }
}

/// What a diagram's DOT draws, read back from the text: each state's name
/// and compartment, and each arrow with its label, as a reader sees them.
struct DrawnDiagram {
  /// The name in each state's box, by node id.
  var states: [String: String] = [:]

  /// The compartment lines of the states that have any, by name.
  var compartments: [String: [String]] = [:]

  /// Every arrow, the initial pseudostate drawn as `●`.
  var arrows: [RFCFigureTests.Arrow] = []

  init(_ dot: String) {
    var edges: [(source: String, target: String, label: String)] = []
    for line in dot.split(separator: "\n").map(String.init) {
      let parts = line.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
      guard parts.count >= 3, parts[0] == "  " else { continue }
      let label = Self.htmlLabel(in: line) ?? ""
      if parts[2].hasPrefix(" -> "), parts.count >= 5 {
        edges.append((parts[1], parts[3], Self.text(label)))
      } else if label.hasPrefix("<TABLE") {
        let cells = Self.cells(of: label)
        guard let name = cells.first else { continue }
        states[parts[1]] = Self.text(name)
        if cells.count > 1 {
          compartments[Self.text(name)] = cells[1].components(separatedBy: "<BR/>").map(Self.text)
        }
      }
    }
    arrows = edges.map { edge in
      .init(states[edge.source] ?? "●", edge.label, states[edge.target] ?? "●")
    }
  }

  /// The HTML-like `label=<…>` of a DOT statement, without its brackets.
  static func htmlLabel(in line: String) -> String? {
    guard let start = line.range(of: "label=<") else { return nil }
    var depth = 1
    var label = ""
    for character in line[start.upperBound...] {
      if character == "<" { depth += 1 }
      if character == ">" { depth -= 1 }
      if depth == 0 { return label }
      label.append(character)
    }
    return nil
  }

  /// The contents of a table's cells, in order.
  static func cells(of table: String) -> [String] {
    table.components(separatedBy: "<TD").dropFirst().compactMap { cell in
      guard let open = cell.firstIndex(of: ">"), let close = cell.range(of: "</TD>") else {
        return nil
      }
      return String(cell[cell.index(after: open)..<close.lowerBound])
    }
  }

  /// The text a reader sees: line breaks as spaces, tags gone, entities
  /// decoded.
  static func text(_ html: String) -> String {
    var text = html.replacingOccurrences(of: "<BR/>", with: " ")
    while let tag = text.range(of: "<[^>]*>", options: .regularExpression) {
      text.removeSubrange(tag)
    }
    for (entity, character) in [
      ("&#160;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&"),
    ] {
      text = text.replacingOccurrences(of: entity, with: character)
    }
    return text.split(separator: " ").joined(separator: " ")
  }

  /// The DOT with every label taken out: what is left is the drawing.
  static func withoutLabels(_ dot: String) -> [String] {
    dot.split(separator: "\n").map { line in
      var line = String(line)
      if let label = htmlLabel(in: line) { line = line.replacingOccurrences(of: label, with: "") }
      return line
    }
  }
}
