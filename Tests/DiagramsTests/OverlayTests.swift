import StateMachines
import Testing

@testable import Diagrams

/// A run drawn over a diagram: visited states, taken transitions numbered by
/// step, a legend, the events that changed nothing, and a focus.
@Suite("Trace overlay")
struct OverlayTests {
  /// A fare paid twice, with a coin too many in between.
  let run = TraceOverlay<Turnstile.State>(
    start: .locked,
    steps: [
      .init(from: .locked, event: "coin", to: .unlocked, fired: true),
      .init(from: .unlocked, event: "coin", to: .unlocked, fired: true),
      .init(from: .unlocked, event: "pass", to: .locked, fired: true),
      .init(from: .locked, event: "coin", to: .unlocked, fired: true),
    ])

  @Test("each transition records the steps at which it fired")
  func counts() {
    let tally = Tally(run, in: Turnstile.description)
    #expect(tally.steps == [0: [1, 4], 2: [2], 3: [3]])
    #expect(tally.steps.mapValues(\.count) == [0: 2, 2: 1, 3: 1])
    #expect(tally.unfired.isEmpty)
    #expect(tally.extras.isEmpty)
    #expect(tally.visited == [.locked, .unlocked])
    #expect(tally.current == [.unlocked])
  }

  @Test("taken arrows carry their step numbers and are thick; the rest fade")
  func drawing() {
    let dot = Turnstile.diagram(highlighting: run).dot
    let unlock = #""locked" -> "unlocked" [label=<coin / unlock "# + bold("#1, #4")
    #expect(dot.contains(unlock + ##">, color="#1f4fbf", fontcolor="#1f4fbf", penwidth=2"##))
    #expect(dot.contains(#""unlocked" -> "unlocked" [label=<coin / thankYou "# + bold("#2")))
    let alarm = #""locked" -> "locked" [label=<pass / alarm>, color="\#(Look.faded)""#
    #expect(dot.contains(alarm + #", fontcolor="\#(Look.faded)"];"#))
    #expect(dot.contains("a run of 4 events"))
  }

  @Test("the state the run ended in is marked")
  func current() throws {
    let dot = Turnstile.diagram(highlighting: run).dot
    let unlocked = try #require(dot.split(separator: "\n").first { $0.hasPrefix(#"  "unlocked""#) })
    #expect(unlocked.contains("BORDER=\"2\""))
    #expect(unlocked.contains(bold("unlocked")))
    #expect(unlocked.contains("BGCOLOR=\"\(Look.currentFill)\""))
  }

  @Test("a step through a transient state counts both of its transitions")
  func transient() {
    let run = TraceOverlay<Kiosk.State>(
      start: .idle,
      steps: [
        .init(from: .idle, event: "coin", to: .paid, fired: true),
        .init(from: .paid, event: "coin", to: .paid, fired: true),
        .init(from: .paid, event: "push", to: .idle, fired: true, via: [.vending]),
        .init(from: .idle, event: "push", to: .idle, fired: false),
        .init(from: .idle, event: "coin", to: .paid, fired: true),
        .init(from: .paid, event: "push", to: .empty, fired: true, via: [.vending]),
      ])
    let tally = Tally(run, in: Kiosk.description)
    #expect(tally.steps.mapValues(\.count) == [0: 2, 1: 1, 2: 2, 4: 1, 5: 1])
    #expect(tally.visited == [.idle, .paid, .vending, .empty])
    let dot = Kiosk.diagram(highlighting: run).dot
    // The internal transition is counted inside its compartment.
    #expect(dot.contains("coin / returnCoin " + bold("#2")))
    let soldOut = #""vending" -> "empty" [label=<[stock == 0] / soldOutLight "# + bold("#6")
    #expect(dot.contains(soldOut))
  }

  @Test("a wait that ends an animation counts the timed transition that came due")
  func timed() {
    let run = TraceOverlay<DrawingTool.State>(
      start: .acceptInput,
      steps: [
        .init(from: .acceptInput, event: "touchesBegan", to: .acceptInput, fired: true),
        .init(from: .acceptInput, event: "animate", to: .animate, fired: true),
        .init(from: .animate, event: "wait", to: .animate, fired: false),
        .init(from: .animate, event: "wait", to: .acceptInput, fired: true),
      ])
    let tally = Tally(run, in: DrawingTool.description)
    let timed = DrawingTool.description.transitions.firstIndex { $0.isTimed }
    #expect(timed == 5)
    #expect(tally.steps.mapValues(\.count) == [0: 1, 2: 1, 5: 1])
    #expect(tally.extras.isEmpty)
  }

  @Test("a run built from a real trace counts the fourth wrong code once")
  func fromTrace() throws {
    var machine = try SecuritySystem.make(.enum)
    let start = machine.state
    let trace = machine.run([
      .arm, .disarm(code: "0000"), .disarm(code: "0000"), .disarm(code: "0000"),
      .disarm(code: "0000"), .reset(code: "1234"),
    ])
    let tally = Tally(TraceOverlay(start: start, trace: trace), in: SecuritySystem.description)
    // arm, three wrong codes counted inside armed, the fourth, and the reset.
    #expect(tally.steps.mapValues(\.count) == [0: 1, 4: 3, 3: 1, 7: 1])
    #expect(tally.current == [.disarmed])
  }

  @Test("a taken transition the description lacks is drawn anyway, dashed")
  func unexpected() {
    let run = TraceOverlay<Turnstile.State>(
      start: .unlocked,
      steps: [
        .init(from: .unlocked, event: "kick", to: .locked, fired: true),
        .init(from: .locked, event: "coin", to: .unlocked, fired: true),
        .init(from: .unlocked, event: "kick", to: .locked, fired: true),
      ])
    let tally = Tally(run, in: Turnstile.description)
    #expect(tally.extras.count == 1)
    let dot = Turnstile.diagram(highlighting: run).dot
    #expect(tally.extras.first?.steps == [1, 3])
    let kick = #""unlocked" -> "locked" [label=<kick "# + bold("#1, #3")
    #expect(dot.contains(kick + ##">, color="#c81e1e""##))
  }

  @Test("an empty run marks only where the machine starts")
  func emptyRun() {
    let run = TraceOverlay<Turnstile.State>(start: .locked, steps: [])
    let tally = Tally(run, in: Turnstile.description)
    #expect(tally.steps.mapValues(\.count).isEmpty)
    #expect(tally.current == [.locked])
    #expect(Turnstile.diagram(highlighting: run).dot.contains("a run of 0 events"))
  }
}

/// `text` in the bold face that diagrams draw step numbers and the current state in.
private func bold(_ text: String) -> String { #"<FONT FACE="Helvetica-Bold">"# + text + "</FONT>" }
