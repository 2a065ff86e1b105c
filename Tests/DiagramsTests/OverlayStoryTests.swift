import StateMachines
import Testing

@testable import Diagrams

/// What an overlay tells beyond the highlighted path: the order of the
/// steps, a legend, the events that changed nothing, and a focus on the
/// part of the machine the run touched.
@Suite("Trace overlay: the story of a run")
struct OverlayStoryTests {
  @Test(
    "step numbers read as a reader scans them",
    arguments: [
      ([4], "#4"),
      ([1, 4], "#1, #4"),
      ([2, 3], "#2, #3"),
      ([1, 2, 3, 5], "#1–3, #5"),
      ([3, 3], "#3"),
      ([1, 3, 5, 7, 9, 11], "#1, #3, #5, #7 … (6 times)"),
    ])
  func stepNumbers(steps: [Int], text: String) {
    #expect(StepNumbers.text(steps) == text)
  }

  @Test("a run's caption has the title and a legend drawn as the diagram draws")
  func legend() throws {
    var machine = try Turnstile.make(.enum)
    let trace = machine.run([.coin, .pass])
    let dot = Turnstile.diagram(highlighting: TraceOverlay(start: .locked, trace: trace)).dot
    let graph = try #require(dot.split(separator: "\n").first { $0.hasPrefix("  graph [") })
    #expect(graph.contains("turnstile: a run of 2 events"))
    #expect(graph.contains(#"BGCOLOR="\#(Look.visitedFill)" COLOR="\#(Look.taken)" BORDER="1""#))
    #expect(graph.contains(#"BGCOLOR="\#(Look.currentFill)" COLOR="\#(Look.current)" BORDER="2""#))
    #expect(graph.contains("thick: taken at step n"))
    #expect(graph.contains("grey: not touched"))
    // Nothing was ignored, and nothing unexpected happened.
    #expect(!graph.contains("changed nothing"))
    #expect(!graph.contains("dashed"))
    // Without a run there is no legend.
    #expect(!Turnstile.diagram().dot.contains("not touched"))
  }

  @Test("ignored events are listed with their step and the state they found")
  func ignored() throws {
    var machine = try SecuritySystem.make(.statePattern)
    let trace = machine.run([.arm, .arm, .breach, .disarm(code: "1234")])
    let dot = SecuritySystem.diagram(
      highlighting: TraceOverlay(start: .disarmed, trace: trace)
    ).dot
    let label = DOTGraph.text(ofGraphLabelIn: dot)
    #expect(label.contains("Events that changed nothing:"))
    #expect(label.contains("#2 arm in armed: ignored"))
    #expect(label.contains("#4 disarm:1234 in alarm: ignored"))
    #expect(!label.contains("#1 "))
    #expect(!label.contains("#3 "))
  }

  @Test("the end of a longer run keeps the run's step numbers")
  func laterSteps() {
    var run = TraceOverlay<Turnstile.State>(
      start: .locked, steps: [.init(from: .locked, event: "coin", to: .unlocked, fired: true)])
    run.firstStepNumber = 7
    let tally = Tally(run, in: Turnstile.description)
    #expect(tally.steps == [0: [7]])
    #expect(Turnstile.diagram(highlighting: run).dot.contains("coin / unlock " + bold("#7")))
  }

  @Test("a run kept from step 5, its numbers skipping, says where it starts; a few unfired listed")
  func keptSteps() throws {
    var machine = try SecuritySystem.make(.table)
    let trace = machine.run([.breach, .arm, .breach, .breach, .breach])
    var run = TraceOverlay(start: .disarmed, trace: trace)
    run.stepNumbers = [5, 6, 9, 10, 11]
    run.listedUnfired = 2
    #expect(run.firstStepNumber == 5)
    let taken = Tally(run, in: SecuritySystem.description).steps.values.flatMap { $0 }
    #expect(taken.sorted() == [6, 9])
    let label = DOTGraph.text(ofGraphLabelIn: SecuritySystem.diagram(highlighting: run).dot)
    #expect(label.contains("Drawn from step 5: the 4 steps before it are not kept"))
    #expect(label.contains("grey: not touched since step 5"))
    #expect(label.contains("Events that changed nothing (the last 2 of 3):"))
    #expect(label.contains("#10 breach in alarm: ignored"))
    #expect(label.contains("#11 breach in alarm: ignored"))
    #expect(!label.contains("#5 breach"))
    // From step 1, as fsm diagram --events draws a run, none of it.
    let whole = TraceOverlay(start: .disarmed, trace: trace)
    let plain = DOTGraph.text(ofGraphLabelIn: SecuritySystem.diagram(highlighting: whole).dot)
    #expect(!plain.contains("Drawn from"))
    #expect(plain.contains("grey: not touched"))
    #expect(!plain.contains("since step"))
    #expect(plain.contains("Events that changed nothing:"))
  }

  @Test("a rejected move is listed with the machine's reason, wrapped to the caption's width")
  func rejected() throws {
    var machine = try TicketWorkflow.make(.table)
    let trace = machine.run([.moveTo(.inProgress), .moveTo(.closed)])
    let dot = TicketWorkflow.diagram(highlighting: TraceOverlay(start: .open, trace: trace)).dot
    let label = DOTGraph.text(ofGraphLabelIn: dot)
    let reason = try #require(trace[1].error)
    #expect(label.contains("#2 moveTo:closed in inProgress: rejected:"))
    // The reason's words are all there, in order, whatever the wrapping.
    let words = label.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains(reason.split(separator: " ").joined(separator: " ")))
    let lines = DOTGraph.lines(ofGraphLabelIn: dot)
    #expect(lines.allSatisfy { $0.count <= DOTWriter<TicketWorkflow.State>.captionWidth + 4 })
  }

  @Test("a wait with nothing due is time passing, not an ignored event")
  func nothingDue() throws {
    var machine = try TrafficLight.make(.enum)
    let trace = machine.run([.wait(.seconds(0.5)), .wait(.seconds(0.5))])
    let dot = TrafficLight.diagram(highlighting: TraceOverlay(start: .green, trace: trace)).dot
    let label = DOTGraph.text(ofGraphLabelIn: dot)
    #expect(label.contains("#1 wait:0.5 in green: nothing came due"))
    #expect(!label.contains("#2 wait"))
    #expect(dot.contains("after(1s) " + bold("#2")))
  }

  @Test("--focus keeps the states the run visited and those one transition out, and names the rest")
  func focus() throws {
    var machine = try TCPConnection.make(.enum)
    let trace = machine.run([.passiveOpen])
    let run = TraceOverlay(start: .closed, trace: trace)
    let focused = DOTGraph(TCPConnection.diagram(highlighting: run, focus: true).dot)
    let whole = DOTGraph(TCPConnection.diagram(highlighting: run).dot)
    // From CLOSED and LISTEN the run could have gone to LISTEN, SYN SENT and
    // SYN RCVD; the states that only lead back to CLOSED do not count.
    let hidden: [TCPConnection.State] = [
      .established, .finWait1, .finWait2, .closeWait, .closing, .lastAck, .timeWait,
    ]
    let names = Set(TCPConnection.State.allCases.map(\.rawValue))
    let drawn = Set(focused.nodes.map(\.id)).intersection(names)
    #expect(drawn == names.subtracting(hidden.map(\.rawValue)))
    #expect(Set(whole.nodes.map(\.id)).intersection(names) == names)
    // No arrow leads to or from a state that is not drawn.
    let ids = Set(focused.nodes.map(\.id))
    #expect(focused.edges.allSatisfy { ids.contains($0.source) && ids.contains($0.target) })
    #expect(focused.edges.count < whole.edges.count)
    // The caption names what was left out, in the figure's words.
    let label = DOTGraph.text(
      ofGraphLabelIn: TCPConnection.diagram(highlighting: run, focus: true).dot)
    let words = label.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let left =
      "Left out, more than one transition from the run: ESTAB, FIN WAIT-1, FINWAIT-2, "
      + "CLOSE WAIT, CLOSING, LAST-ACK, TIME WAIT"
    #expect(words.contains(left))
    #expect(
      !DOTGraph.text(ofGraphLabelIn: TCPConnection.diagram(highlighting: run).dot).contains(
        "Left out"))
  }

  @Test("a focus on the last step keeps where it went from and to, and one transition on")
  func focusOnLastStep() throws {
    var machine = try TCPConnection.make(.enum)
    let trace = machine.run([.passiveOpen, .receiveSyn, .receiveAck])
    let run = TraceOverlay(start: .closed, trace: trace)
    let dot = TCPConnection.diagram(highlighting: run, focusing: .lastStep).dot
    let graph = DOTGraph(dot)
    let names = Set(TCPConnection.State.allCases.map(\.rawValue))
    // Step 3 went from SYN RCVD to ESTAB, which can go on to FIN WAIT-1
    // and CLOSE WAIT; the run's earlier states are left out.
    #expect(
      Set(graph.nodes.map(\.id)).intersection(names)
        == ["synReceived", "established", "finWait1", "closeWait"])
    // The machine starts in a state not drawn: no initial dot points at nothing.
    #expect(!graph.nodes.contains { $0.id == "initial" })
    let ids = Set(graph.nodes.map(\.id))
    #expect(graph.edges.allSatisfy { ids.contains($0.source) && ids.contains($0.target) })
    let words = DOTGraph.text(ofGraphLabelIn: dot).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
    #expect(words.contains("Left out, more than one transition from step 3: CLOSED, LISTEN,"))
    // Before a step, the focus is where it starts, drawn with its dot.
    let fresh = TraceOverlay<TCPConnection.State>(start: .closed, steps: [])
    let start = TCPConnection.diagram(highlighting: fresh, focusing: .lastStep).dot
    #expect(DOTGraph.text(ofGraphLabelIn: start).contains("from where it starts"))
    #expect(DOTGraph(start).nodes.contains { $0.id == "initial" })
  }

  @Test("focus keeps the choices and notes of the states it draws")
  func focusChoices() throws {
    // A gumball machine that sold one: every state is one transition out.
    var machine = try GumballMachine.make(.enum, .init(gumballs: 5, winner: .never))
    let idle = TraceOverlay(
      start: .noQuarter, trace: machine.run([.insertQuarter, .turnCrank]))
    let graph = DOTGraph(GumballMachine.diagram(highlighting: idle, focus: true).dot)
    let whole = DOTGraph(GumballMachine.diagram(highlighting: idle).dot)
    #expect(graph.nodes(with: "shape=diamond").count == whole.nodes(with: "shape=diamond").count)
    #expect(!graph.nodes(with: "shape=diamond").isEmpty)
    // The security system's note stays while a state it is about is drawn.
    var alarm = try SecuritySystem.make(.enum)
    let armed = TraceOverlay(start: .disarmed, trace: alarm.run([.arm]))
    let security = DOTGraph(SecuritySystem.diagram(highlighting: armed, focus: true).dot)
    #expect(security.nodes(with: "shape=note").count == 1)
  }

  @Test("a focused diagram still lays out on a slide")
  func focusRenders() throws {
    var machine = try TCPConnection.make(.enum)
    let run = TraceOverlay(start: .closed, trace: machine.run([.activeOpen, .receiveSynAck]))
    let size = try Graphviz.size(of: TCPConnection.diagram(highlighting: run, focus: true).dot)
    let whole = try Graphviz.size(of: TCPConnection.diagram(highlighting: run).dot)
    #expect(size.width * size.height < whole.width * whole.height)
  }
}

/// `text` in the bold face that diagrams draw step numbers and the current state in.
private func bold(_ text: String) -> String { #"<FONT FACE="Helvetica-Bold">"# + text + "</FONT>" }
