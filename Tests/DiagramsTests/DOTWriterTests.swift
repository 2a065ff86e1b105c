import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// The UML notation of the DOT text, checked piece by piece (the whole text
/// of every diagram is pinned by `SnapshotTests`).
@Suite("DOT writer")
struct DOTWriterTests {
  @Test("the graph has a direction and a readable font, and no device margin")
  func layout() {
    let dot = Turnstile.diagram(direction: .leftToRight).dot
    #expect(dot.hasPrefix("digraph \"turnstile\" {"))
    #expect(dot.contains("rankdir=LR"))
    #expect(dot.contains("fontname=\"Helvetica\""))
    #expect(dot.contains("margin=0"))
  }

  @Test("a filled circle points at the way in, or at a choice of the ways in")
  func initialPseudostate() {
    let dot = Kiosk.diagram().dot
    #expect(dot.contains(#""initial" [shape=circle, style=filled"#))
    #expect(dot.contains(#""choice" [shape=diamond"#))
    #expect(dot.contains(#""initial" -> "choice";"#))
    #expect(dot.contains(#""choice" -> "idle" [label=<[stock &gt; 0]>];"#))
    #expect(dot.contains(#""choice" -> "empty" [label=<[else]>];"#))
    #expect(Turnstile.diagram().dot.contains(#""initial" -> "locked";"#))
  }

  @Test("a final state is a bull's-eye with its name below, in no cluster")
  func finalState() throws {
    let dot = Kiosk.diagram().dot
    let empty = try #require(dot.split(separator: "\n").first { $0.hasPrefix(#"  "empty""#) })
    #expect(empty.contains("shape=doublecircle, style=filled"))
    // The arrows end at the ring; the name, in the label's lower cell, is
    // laid out below it.
    #expect(empty.contains("fixedsize=shape"))
    #expect(empty.contains(#"<TR><TD HEIGHT="48"></TD></TR><TR><TD>empty</TD></TR>"#))
    // Graphviz 2.43 leaks on every render for each arrow into a cluster.
    #expect(!dot.contains("subgraph"))
  }

  @Test("bold text is set in a bold face, never with <B>")
  func boldFace() {
    // For every <B>, Graphviz 2.43's Pango plugin leaks the markup it parses.
    let run = TraceOverlay<Turnstile.State>(
      start: .locked, steps: [.init(from: .locked, event: "coin", to: .unlocked, fired: true)])
    let dot = Turnstile.diagram(highlighting: run).dot
    #expect(!dot.contains("<B>"))
    #expect(dot.contains(#"<FONT FACE="Helvetica-Bold">turnstile: a run of 1 event</FONT>"#))
    #expect(dot.contains(#"<FONT FACE="Helvetica-Bold">unlocked</FONT>"#))
    #expect(dot.contains(#"coin / unlock <FONT FACE="Helvetica-Bold">#1</FONT>"#))
  }

  @Test("a final state with behaviour stays a box and ends in a separate bull's-eye")
  func finalStateWithBehaviour() {
    var description = Kiosk.description
    description.finalStates = [.paid]
    let dot = Diagram(description, name: "kiosk").dot
    #expect(!dot.contains("cluster_paid"))
    #expect(dot.contains(#""final" [shape=doublecircle"#))
    #expect(dot.contains(#""paid" -> "final";"#))
  }

  @Test("activities and internal transitions sit in a compartment below a rule")
  func compartments() {
    let dot = SecuritySystem.diagram().dot
    #expect(dot.contains("alarm</TD></TR><HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">"))
    #expect(dot.contains("entry / alarmSounded<BR/>exit / alarmStopped"))
    let kiosk = Kiosk.diagram().dot
    #expect(kiosk.contains("coin / returnCoin</TD>"))
    // The internal transition is not also drawn as a loop.
    #expect(!kiosk.contains(#""paid" -> "paid""#))
  }

  @Test("a transient state is dashed; others are solid")
  func transientStates() throws {
    let dot = Kiosk.diagram().dot
    let vending = try #require(dot.split(separator: "\n").first { $0.hasPrefix(#"  "vending""#) })
    #expect(vending.contains("STYLE=\"ROUNDED,DASHED\""))
    let idle = try #require(dot.split(separator: "\n").first { $0.hasPrefix(#"  "idle""#) })
    #expect(idle.contains("STYLE=\"ROUNDED\""))
  }

  @Test("completion transitions carry no event; self-transitions loop")
  func transitionArrows() {
    let kiosk = Kiosk.diagram().dot
    #expect(kiosk.contains(#""vending" -> "idle" [label=<[stock &gt; 0]>];"#))
    let turnstile = Turnstile.diagram().dot
    #expect(turnstile.contains(#""locked" -> "locked" [label=<pass / alarm>];"#))
  }

  @Test("transitions that differ only in their trigger share one arrow")
  func sharedArrow() {
    let dot = SecuritySystem.diagram().dot
    #expect(dot.contains(#""armed" -> "alarm" [label=<breach, panic>];"#))
  }

  @Test("a short label is the description's label, a long one breaks between its parts")
  func labels() {
    for transition in SecuritySystem.description.transitions {
      let lines = LabelLines.arrow(for: [transition], in: SecuritySystem.description)
      if lines.count == 1 {
        #expect(lines[0] == SecuritySystem.description.label(of: transition))
      }
      #expect(lines.allSatisfy { $0.count <= LabelLines.arrowWidth })
    }
    let long = SecuritySystem.description.transitions[3]
    #expect(
      LabelLines.arrow(for: [long], in: SecuritySystem.description) == [
        "disarm(code)", "[code invalid and attempts > 3]", "/ administratorInformed",
      ])
  }

  @Test("a long compartment item keeps its head and fills the rest in a column beside it")
  func compartmentWrapping() throws {
    let winner = LabelLines.activity(
      "entry", ["winnerBonus", "gumballReleased", "gumballReleased", "count -= 2"])
    #expect(winner.head == "entry /")
    #expect(winner.hanging == ["winnerBonus, gumballReleased,", "gumballReleased, count -= 2"])
    let short = LabelLines.activity("exit", ["alarmStopped"])
    #expect(short.head == "exit / alarmStopped" && short.hanging.isEmpty)
    let wrongCode = try #require(
      SecuritySystem.description.transitions.first { $0.kind == .internal })
    let item = LabelLines.internalTransition(wrongCode, in: SecuritySystem.description)
    #expect(item.head == "disarm(code)")
    #expect(item.hanging == ["[code invalid and attempts <= 3]", "/ attempts += 1"])
    // The head and the column are cells of a table of their own, so the
    // wrapped lines line up beside the head whatever the font.
    let dot = GumballMachine.diagram().dot
    #expect(
      dot.contains(
        #"<TD ALIGN="LEFT" VALIGN="TOP">entry /&#160;</TD><TD ALIGN="LEFT" BALIGN="LEFT">"#
          + "winnerBonus, gumballReleased,<BR/>gumballReleased, count -= 2</TD>"))
    // Items that fit stay lines of one cell.
    #expect(SecuritySystem.diagram().dot.contains("entry / alarmSounded<BR/>exit / alarmStopped"))
  }

  @Test("no state name can take the pseudostates' ids")
  func pseudostateIDs() {
    let dot = Diagram(hostileDescription, name: "hostile").dot
    #expect(dot.contains(#""_initial" [shape=circle"#))
    #expect(dot.contains(#""_initial" -> "_choice";"#))
    #expect(dot.contains(#""_choice" -> "initial" [label=<[it&#39;s]>];"#))
    #expect(dot.contains(#""choice 1" -> "choice" [label=<[else] / &lt;i&gt;>];"#))
  }
}
