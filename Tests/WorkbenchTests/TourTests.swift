import Diagrams
import StateMachines
import Testing

@testable import Workbench

@Suite("fsm tour")
struct TourTests {
  @Test("every worked example agrees in every style, and every diagram is drawn")
  func tourAgrees() throws {
    let folder = try TemporaryFolder()
    let result = fsm("tour", "--diagrams", folder.path)
    let examples = Machines.all.map { exampleCount(of: $0) }.reduce(0, +)
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(!result.output.contains("MISMATCH"))
    #expect(
      result.lines.suffix(4) == [
        "Summary:",
        "  ✓ \(Machines.all.count) machines, \(examples) worked examples, 5 styles: all traces agree",
        "  ✓ \(Machines.all.count) machines drawn as SVG and PNG into \(folder.path); "
          + "observed = described in 5 styles",
        "  ✓ benchmark matrix read from \(TourCommand.committedResults)",
      ])
    #expect(
      result.output.contains(
        try Comparison.report(
          machine: "turnstile", results: [TourCommand.committedResults], brief: true)))
    #expect(
      result.lines.filter {
        $0 == "  ✓ nested-switch, enum, state-pattern, state-classes, table agree"
      }.count == examples
    )
    #expect(folder.listing == Machines.ids.flatMap { ["\($0).png", "\($0).svg"] }.sorted())
  }

  @Test("the traces of each machine's examples line up, however long their events")
  func tracesLineUp() throws {
    let folder = try TemporaryFolder()
    var machine = ""
    var arrows: [String: Set<Int>] = [:]
    for line in fsm("tour", "--diagrams", folder.path).lines {
      if line.hasPrefix("  $ fsm run ") {
        machine = String(line.dropFirst("  $ fsm run ".count).prefix { $0 != " " })
      } else if line.hasPrefix("    "), let arrow = line.range(of: " -> ") {
        arrows[machine, default: []].insert(
          line.distance(from: line.startIndex, to: arrow.lowerBound))
      }
    }
    #expect(Set(arrows.keys) == Set(Machines.ids))
    for (machine, columns) in arrows {
      #expect(columns.count == 1, "\(machine)'s traces put their arrows at columns \(columns)")
    }
  }

  @Test("by default the tour draws into tour-output/diagrams")
  func defaultFolder() throws {
    let command = try TourCommand.parse([])
    let section = try #require(command.sections.compactMap { $0 as? DiagramsSection }.first)
    #expect(section.folder == "tour-output/diagrams")
    #expect(section.formats == [.svg, .png])
  }

  /// The tour's opening: what it is, then its sections, one line each.
  static let opening = [
    "The tour of the state machine workbench. Every machine is written five",
    "ways: as nested switches, as an enum that carries its data, with the State",
    "pattern (a protocol and a struct per state), with the book's state classes,",
    "and as a transition table. The tour puts them side by side and checks what",
    "they share.",
    "Its sections, each shown alone by fsm tour --section NAME:",
    "  styles     Five styles, one behaviour: each worked example in every style",
    "  diagrams   Diagrams, described and observed: every machine drawn and checked",
    "  costs      What each style costs: the committed benchmark results",
  ]

  @Test("the tour opens with what it shows: its sections, one line each, and how to see one")
  func header() throws {
    let folder = try TemporaryFolder()
    let lines = fsm("tour", "--diagrams", folder.path).lines
    #expect(
      Array(lines.prefix(17)) == Self.opening + [
        "A summary of what each one found ends the tour.",
        "",
        "== Five styles, one behaviour ==",
        "Each worked example runs in every style: nested-switch, enum, state-pattern, state-classes, table.",
        "Its trace is printed once, as `fsm run` prints it, under the command that",
        "replays it. The styles agree when their traces are identical step by step:",
        "the same states, the same verdict, the same outputs in the same order.",
        "",
      ])
  }

  @Test("--section shows one section alone, after the same opening")
  func oneSection() throws {
    let folder = try TemporaryFolder()
    let result = fsm("tour", "--diagrams", folder.path, "--section", "costs")
    #expect(result.status == 0)
    #expect(result.errors.isEmpty)
    #expect(
      Array(result.lines.prefix(12)) == Self.opening + [
        "Shown here: costs; fsm tour shows them all.",
        "",
        "== What each style costs ==",
      ])
    #expect(!result.output.contains("== Five styles, one behaviour =="))
    #expect(!result.output.contains("== Diagrams, described and observed =="))
    #expect(
      result.lines.suffix(2) == [
        "Summary:", "  ✓ benchmark matrix read from \(TourCommand.committedResults)",
      ])
    #expect(folder.listing.isEmpty, "the diagrams section did not run, so drew nothing")
  }

  @Test("several --section options show those sections, in the tour's order")
  func severalSections() throws {
    let folder = try TemporaryFolder()
    let result = fsm(
      "tour", "--diagrams", folder.path, "--section", "costs", "--section", "styles")
    #expect(result.status == 0)
    #expect(result.lines.contains("Shown here: styles, costs; fsm tour shows them all."))
    let headings = result.lines.filter { $0.hasPrefix("== ") }
    #expect(headings == ["== Five styles, one behaviour ==", "== What each style costs =="])
    #expect(result.lines.suffix(3).first == "Summary:")
    #expect(folder.listing.isEmpty)
  }

  @Test("--section takes each section's name, the sections in the tour's order")
  func everySectionNamed() throws {
    let every = TourSectionName.allCases
    let command = try TourCommand.parse(every.flatMap { ["--section", $0.rawValue] })
    #expect(command.section == every)
    #expect(command.sections.map(\.name) == every)
  }

  @Test("an unknown section is a usage error that names the sections; help lists them")
  func unknownSection() {
    let result = fsm("tour", "--section", "cost")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.errors.contains(
        "Error: The value 'cost' is invalid for '--section <name>'. "
          + "Please provide one of 'styles', 'diagrams' or 'costs'."),
      "\(result.errors)")
    let help = fsm("help", "tour")
    #expect(help.status == 0)
    #expect(help.output.contains("--section <name>"))
    let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("(values: styles, diagrams, costs)"), "\(help.output)")
  }

  @Test("a machine's examples: the command, the trace once, the verdict")
  func turnstileSection() {
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    let section = StylesAgreeSection(machines: [Turnstile.self], styles: Style.allCases)
    let findings = section.run(on: &console)
    #expect(findings.passed)
    #expect(findings.summary == "1 machine, 3 worked examples, 5 styles: all traces agree")
    #expect(
      capture.lines.dropFirst(4) == [
        "",
        "turnstile: \(Turnstile.summary)",
        "",
        "  a fare paid, then used",
        "  $ fsm run turnstile coin pass",
        "    coin   locked   -> unlocked   fired     unlock",
        "    pass   unlocked -> locked     fired     lock",
        "  ✓ nested-switch, enum, state-pattern, state-classes, table agree",
        "",
        "  pushing through without paying",
        "  $ fsm run turnstile pass coin pass",
        "    pass   locked   -> locked     fired     alarm",
        "    coin   locked   -> unlocked   fired     unlock",
        "    pass   unlocked -> locked     fired     lock",
        "  ✓ nested-switch, enum, state-pattern, state-classes, table agree",
        "",
        "  a second coin is thanked for",
        "  $ fsm run turnstile coin coin pass",
        "    coin   locked   -> unlocked   fired     unlock",
        "    coin   unlocked -> unlocked   fired     thankYou",
        "    pass   unlocked -> locked     fired     lock",
        "  ✓ nested-switch, enum, state-pattern, state-classes, table agree",
      ])
  }

  @Test("a machine not written in every style is compared in the styles it is written in")
  func fewerStyles() {
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    let section = StylesAgreeSection(machines: [TwoStyleTurnstile.self], styles: Style.allCases)
    let findings = section.run(on: &console)
    #expect(findings.passed, "\(capture.lines)")
    #expect(capture.lines.last == "  ✓ enum, table agree")
  }

  @Test("styles that disagree are reported loudly, step by step, and the tour fails with status 1")
  func mismatch() {
    let capture = Capture()
    var console = scriptedConsole([], interactive: false, capture: capture)
    let tour = Tour(sections: [
      StylesAgreeSection(
        machines: [LopsidedTurnstile.self, Turnstile.self], styles: Style.allCases)
    ])
    #expect {
      try TourCommand.take(tour, on: &console)
    } throws: { error in
      FSM.exitCode(for: error).rawValue == 1 && FSM.fullMessage(for: error).isEmpty
    }
    let lines = capture.lines
    let start = lines.firstIndex(of: "  a second coin is thanked for") ?? lines.endIndex
    #expect(
      lines[start...].prefix(14) == [
        "  a second coin is thanked for",
        "  $ fsm run lopsided-turnstile coin coin pass",
        "    coin   locked   -> unlocked   fired     unlock",
        "    coin   unlocked -> unlocked   ignored",
        "    pass   unlocked -> locked     fired     lock",
        "  ✗ MISMATCH: the styles disagree (the trace above is enum's)",
        "    nested-switch could not be built: the nested-switch style is not written yet",
        "    step 2:",
        "      enum            coin   unlocked -> unlocked   ignored",
        "      state-pattern   coin   unlocked -> unlocked   fired     thankYou",
        "      state-classes   coin   unlocked -> unlocked   fired     thankYou",
        "      table           coin   unlocked -> unlocked   fired     thankYou",
        "",
        "turnstile: \(Turnstile.summary)",
      ])
    #expect(
      lines.suffix(2) == [
        "Summary:",
        "  ✗ 2 machines, 4 worked examples, 5 styles: 1 DISAGREE: lopsided-turnstile \"a second coin is thanked for\"",
      ])
    #expect(
      capture.errors
        == text(
          "Error: the tour found a problem:",
          "  ✗ 2 machines, 4 worked examples, 5 styles: 1 DISAGREE: lopsided-turnstile \"a second coin is thanked for\""
        ))
  }

  @Test("worked examples with another configuration show its options")
  func options() {
    #expect(SecuritySystem.Configuration().commandLineOptions == [])
    #expect(GumballMachine.Configuration().commandLineOptions == [])
    #expect(RecordCommit.Configuration().commandLineOptions == [])
    #expect(SecuritySystem.Configuration(code: "42").commandLineOptions == ["--code", "42"])
    #expect(
      GumballMachine.Configuration(gumballs: -1, winner: .never, seed: 3).commandLineOptions == [
        "--gumballs=-1", "--winner", "never", "--seed", "3",
      ])
    #expect(RecordCommit.Configuration(loaded: true).commandLineOptions == ["--loaded"])
  }

  private func exampleCount<M: Machine>(of _: M.Type) -> Int { M.workedExamples.count }
}

extension Capture {
  /// The output, line by line.
  var lines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
