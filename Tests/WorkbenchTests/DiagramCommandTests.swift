import Diagrams
import StateMachines
import Testing

@testable import Workbench

@Suite("fsm diagram")
struct DiagramCommandTests {
  @Test("without --output, the DOT goes to standard output", arguments: Machines.ids)
  func dotToStandardOutput(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let result = fsm("diagram", machine)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(result.output == type.diagram().dot)
  }

  @Test("--format svg without --output: the SVG goes to standard output")
  func svgToStandardOutput() throws {
    let result = fsm("diagram", "turnstile", "--format", "svg")
    #expect(result.status == 0)
    #expect(Array(result.output.utf8) == (try Turnstile.diagram().render(as: .svg)))
  }

  @Test(
    "each format, to a file named by --output, starts with its magic bytes",
    arguments: DiagramFormat.allCases)
  func formats(format: DiagramFormat) throws {
    let folder = try TemporaryFolder()
    // Once from the extension, once from --format with a name that has none.
    let byExtension = fsm("diagram", "turnstile", "--output", folder.file("t.\(format)"))
    let byOption = fsm(
      "diagram", "turnstile", "--format", format.rawValue, "--output", folder.file("t"))
    #expect(byExtension.status == 0)
    #expect(byOption.status == 0)
    #expect(byExtension.output.isEmpty)
    #expect(byExtension.errors == "wrote \(folder.file("t.\(format)"))\n")
    #expect(folder.listing == ["t", "t.\(format)"])
    let bytes = try #require(folder.bytes(of: "t.\(format)"))
    let other = try #require(folder.bytes(of: "t"))
    #expect(withoutCreationDate(other) == withoutCreationDate(bytes))
    #expect(bytes.starts(with: format.magic), "\(format) starts with \(bytes.prefix(8))")
  }

  @Test("--all writes one file per machine, named by its id")
  func all() throws {
    let folder = try TemporaryFolder()
    let result = fsm("diagram", "--all", "--format", "png", "--output-dir", folder.path)
    #expect(result.status == 0)
    #expect(result.output.isEmpty)
    #expect(folder.listing == Machines.ids.map { "\($0).png" }.sorted())
    #expect(result.errors == Machines.ids.map { "wrote \(folder.file("\($0).png"))\n" }.joined())
    for machine in Machines.all {
      #expect(folder.bytes(of: "\(machine.id).png") == (try machine.diagram().render(as: .png)))
    }
  }

  @Test("--events draws the run, each taken transition with the steps that took it")
  func overlay() throws {
    let result = fsm("diagram", "turnstile", "--events", "coin", "coin", "pass", "coin")
    #expect(result.status == 0)
    var machine = try Turnstile.make(.statePattern)
    let trace = machine.run([.coin, .coin, .pass, .coin])
    let expected = Turnstile.diagram(highlighting: TraceOverlay(start: .locked, trace: trace))
    #expect(result.output == expected.dot)
    #expect(result.output.contains("a run of 4 events"))
    let unlock = #""locked" -> "unlocked" [label=<coin / unlock "# + bold("#1, #4")
    #expect(result.output.contains(unlock))
    let thankYou = #""unlocked" -> "unlocked" [label=<coin / thankYou "# + bold("#2")
    #expect(result.output.contains(thankYou))
    #expect(result.output.contains(#""unlocked" -> "locked" [label=<pass / lock "# + bold("#3")))
    #expect(!result.output.contains(#"alarm <FONT FACE="Helvetica-Bold">#"#))
  }

  @Test("--focus draws the run over only the states it could reach in one transition")
  func focus() throws {
    let focused = fsm("diagram", "tcp-connection", "--events", "passiveOpen", "--focus")
    let whole = fsm("diagram", "tcp-connection", "--events", "passiveOpen")
    #expect([focused.status, whole.status] == [0, 0])
    var machine = try TCPConnection.make(.statePattern)
    let run = TraceOverlay(start: .closed, trace: machine.run([.passiveOpen]))
    #expect(focused.output == TCPConnection.diagram(highlighting: run, focus: true).dot)
    #expect(!focused.output.contains(#""established" ["#))
    #expect(whole.output.contains(#""established" ["#))
    #expect(focused.output.contains("Left out, more than one transition from the run: ESTAB"))
  }

  @Test("--events runs with the machine options and the style, as run does")
  func overlayOptions() {
    let result = fsm(
      "diagram", "security-system", "--style", "enum", "--code", "42", "--events", "arm",
      "disarm:42")
    #expect(result.status == 0)
    #expect(result.output.contains(#""disarmed" -> "armed" [label=<arm "# + bold("#1")))
    #expect(result.output.contains("[code valid] " + bold("#2")))
  }

  @Test("--labels chooses the words: tcp-connection in RFC 793's by default, or in its ids")
  func labels() throws {
    let byDefault = fsm("diagram", "tcp-connection")
    let rfc = fsm("diagram", "tcp-connection", "--labels", "rfc")
    let ids = fsm("diagram", "tcp-connection", "--labels", "ids")
    #expect([byDefault.status, rfc.status, ids.status] == [0, 0, 0])
    #expect(rfc.output == byDefault.output)
    #expect(rfc.output == (try TCPConnection.diagram(labels: .rfc)).dot)
    #expect(rfc.output.contains(#""synSent" -> "established" [label=<rcv SYN,ACK / snd ACK>];"#))
    #expect(ids.output == (try TCPConnection.diagram(labels: .ids)).dot)
    #expect(ids.output.contains(#""synSent" -> "established" [label=<receiveSynAck / sendAck>];"#))
    // The other machines have only their ids, which --labels ids asks for.
    #expect(fsm("diagram", "turnstile", "--labels", "ids").output == Turnstile.diagram().dot)
  }

  @Test("--labels ids draws a run over tcp-connection's ids; by default, over RFC 793's words")
  func labelsOfARun() throws {
    let events = ["activeOpen", "receiveSynAck"]
    var machine = try TCPConnection.make(.statePattern)
    let run = TraceOverlay(start: .closed, trace: machine.run([.activeOpen, .receiveSynAck]))
    let ids = fsm(["diagram", "tcp-connection", "--labels", "ids", "--events"] + events)
    let byDefault = fsm(["diagram", "tcp-connection", "--events"] + events)
    #expect(ids.output == (try TCPConnection.diagram(labels: .ids, highlighting: run)).dot)
    #expect(byDefault.output == TCPConnection.diagram(highlighting: run).dot)
    #expect(byDefault.output.contains("rcv SYN,ACK / snd ACK"))
  }

  @Test("run --diagram writes the overlay of the run it printed")
  func runDiagram() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("run.dot")
    let run = fsm("run", "turnstile", "--json", "coin", "coin", "pass", "--diagram", path)
    #expect(run.status == 0)
    #expect(run.lines.count == 3)
    #expect(run.errors == "wrote \(path)\n")
    let drawn = fsm("diagram", "turnstile", "--events", "coin", "coin", "pass")
    #expect(folder.bytes(of: "run.dot") == Array(drawn.output.utf8))
  }

  @Test(
    "--observed draws what each style does and notes that it equals the description",
    arguments: Machines.idsAndStyles)
  func observed(machine: String, style: Style) throws {
    let type = try #require(Machines.named(machine))
    let result = fsm("diagram", machine, "--observed", "--style", style.rawValue)
    #expect(result.status == 0)
    #expect(result.output == type.observedDiagram(style: style).dot)
    #expect(
      result.errors
        == "\(machine) in \(style): observed = described: the code takes exactly the transitions drawn\n"
    )
  }

  @Test("--observed on code that drifted from its description lists the differences")
  func observedDifference() {
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    print(LopsidedTurnstile.observationNote(style: .enum), to: &console)
    #expect(
      capture.output
        == text(
          "lopsided-turnstile in enum: observed ≠ described:",
          "  described but never taken: unlocked --coin--> unlocked"))
  }

  @Test("--all --observed draws every machine as observed, with a note each")
  func allObserved() throws {
    let folder = try TemporaryFolder()
    let result = fsm(
      "diagram", "--all", "--observed", "--style", "enum", "--output-dir", folder.path)
    #expect(result.status == 0)
    #expect(folder.listing == Machines.ids.map { "\($0).dot" }.sorted())
    let notes = result.errors.split(separator: "\n").filter { $0.contains("observed = described") }
    #expect(notes.count == Machines.all.count)
  }
}

extension DiagramFormat {
  /// How a file of this format begins.
  var magic: [UInt8] {
    switch self {
    case .dot: Array("digraph".utf8)
    case .svg: Array("<?xml".utf8)
    case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    case .pdf: Array("%PDF".utf8)
    }
  }
}

/// The bytes with a PDF's `/CreationDate (...)` masked: Cairo stamps every
/// PDF with the second it was made, so two renders a second apart differ
/// there and nowhere else.
private func withoutCreationDate(_ bytes: [UInt8]) -> String {
  let text = String(bytes.map { Character(Unicode.Scalar($0)) })
  return text.replacing(/\/CreationDate \([^)]*\)/, with: "/CreationDate ()")
}

/// `text` in the bold face that diagrams draw step numbers and the current state in.
private func bold(_ text: String) -> String { #"<FONT FACE="Helvetica-Bold">"# + text + "</FONT>" }
