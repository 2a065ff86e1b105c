import Foundation
import Testing

@testable import Workbench

/// The cell named `name` with its time and instructions, runs agreeing.
private func cell(_ name: String, _ ns: Double, _ instructions: Double? = nil) -> CostCell {
  CraftedResults.cell(name, ns, instructions: instructions)
}

/// The committed cells every check here starts from: the turnstile on an
/// AMD EPYC, with instructions counted.
private let committedCells = [
  cell("turnstile/nested-switch/typical", 6.8, 81),
  cell("turnstile/enum/typical", 6.4, 80),
  cell("turnstile/state-pattern/typical", 37.6, 427),
  cell("turnstile/table/typical", 25.7, 399),
]

/// The check of `now` against the committed cells.
private func check(_ now: ComparisonResults) -> Reproducibility {
  Reproducibility(now: now, committed: CraftedResults.committed(committedCells))
}

/// The lines of `text`, which ends with a newline.
private func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

@Suite("compare --against on the same processor: the times, cell by cell")
struct SameProcessorCheckTests {
  @Test(
    "every cell within the band, the same instructions: it agrees, and says why it compares times")
  func agreeing() {
    let check = check(CraftedResults.results(committedCells, cpu: "AMD  EPYC "))
    #expect(check.agrees)
    let text = lines(check.render())
    #expect(
      text[2]
        == "Processor: AMD EPYC, as in the committed results: times are compared cell by cell.")
    #expect(
      text[3] == "Noise: the 3 runs of this check disagree with each other by a median of 0.0%")
    #expect(text.contains("Instructions per event (valgrind): 4 of 4 cells the same as committed."))
    #expect(text.last == "4 of 4 cells within the noise band")
  }

  @Test("a cell outside the band, its runs agreeing: OUTSIDE")
  func outside() {
    var cells = committedCells
    cells[3] = cell("turnstile/table/typical", 32, 399)
    let check = check(CraftedResults.results(cells, cpu: "AMD EPYC"))
    #expect(!check.agrees)
    let text = check.render()
    let table = lines(text).first { $0.hasPrefix("turnstile/table/typical ") }
    #expect(table?.hasSuffix("25.70 ns  32.00 ns          1.25x  OUTSIDE") == true)
    #expect(lines(text).last == "3 of 4 cells within the noise band")
  }

  @Test("the same times but other instructions: DIFFERENT, and no agreement")
  func otherInstructions() {
    var cells = committedCells
    cells[1] = cell("turnstile/enum/typical", 6.4, 81)
    let check = check(CraftedResults.results(cells, cpu: "AMD EPYC"))
    #expect(!check.agrees)
    let text = check.render()
    #expect(
      text.contains(
        "Instructions per event (valgrind): 3 of 4 cells the same as committed; these are not:"))
    let enumLine = lines(text).first { $0.hasPrefix("turnstile/enum/typical ") && $0.contains("+") }
    #expect(enumLine?.hasSuffix("80.00  81.00          +1.00  DIFFERENT") == true)
  }

  @Test("runs that disagree beyond the band: too noisy to judge, and how noisy; no cell OUTSIDE")
  func tooNoisy() {
    // Every time 1.5 times the committed, each cell's runs 41% apart.
    let cells = committedCells.map { cell in
      CraftedResults.cell(
        cell.key.text, cell.nsPerEvent * 1.5, runs: cell.nsPerEvent...(cell.nsPerEvent * 1.41),
        instructions: cell.instructionsPerEvent)
    }
    let noisy = check(CraftedResults.results(cells, cpu: "AMD EPYC"))
    #expect(!noisy.agrees)
    let text = noisy.render()
    #expect(
      text.contains(
        "Too noisy to judge: the 3 runs of this check disagree with each other by a\n"
          + "median of 41.0% (slowest over fastest, per cell), more than the band of 15%.\n"
          + "No time is judged; run again on a quiet machine."))
    #expect(!text.contains("OUTSIDE") && !text.contains(" ok\n"))
    #expect(
      lines(text).last == "Not judged: too noisy, the 3 runs disagreeing by a median of 41.0%")
    // The same times with runs that agree are judged, and are outside.
    let steady = committedCells.map {
      cell($0.key.text, $0.nsPerEvent * 1.5, $0.instructionsPerEvent)
    }
    #expect(check(CraftedResults.results(steady, cpu: "AMD EPYC")).render().contains("OUTSIDE"))
  }

  @Test("a processor not recorded: compared as the same, and said so; another Swift: said so")
  func unknown() {
    let check = check(
      CraftedResults.results(
        committedCells, cpu: nil, swift: "Swift version 6.4 (swift-6.4-RELEASE)"))
    let text = lines(check.render())
    #expect(
      text[2] == "Processor: not recorded in this run; compared as on the same processor, "
        + "times cell by cell.")
    #expect(
      text[3] == "The Swift versions differ (now Swift version 6.4 (swift-6.4-RELEASE), committed "
        + "Swift version 6.3.1 (swift-6.3.1-RELEASE)): the instructions are the compiler's, "
        + "and may differ for that alone.")
  }

  @Test("one run: its noise cannot be told, and the times are judged")
  func oneRun() {
    let check = check(CraftedResults.results(committedCells, cpu: "AMD EPYC", runs: 1))
    #expect(check.agrees)
    #expect(
      check.render().contains(
        "Noise: one run, so how far this machine's runs disagree cannot be told"))
  }
}

@Suite("compare --against on another processor: the instructions, exactly, and the order")
struct OtherProcessorCheckTests {
  /// The committed cells measured on a Xeon: every time `factor` times
  /// the committed, the instructions as committed.
  private func xeon(_ factor: Double = 1.9) -> [CostCell] {
    committedCells.map { cell($0.key.text, $0.nsPerEvent * factor, $0.instructionsPerEvent) }
  }

  @Test("times twice the committed, the same instructions and order: it agrees, and says so first")
  func agreeing() {
    let check = check(CraftedResults.results(xeon(), cpu: "Intel Xeon Platinum 8375C"))
    #expect(check.processor == .other(now: "Intel Xeon Platinum 8375C", committed: "AMD EPYC"))
    #expect(check.agrees)
    let text = lines(check.render())
    #expect(
      text[2]
        == "Another processor: this run's is Intel Xeon Platinum 8375C, the committed results' AMD EPYC."
    )
    #expect(
      text[3].hasPrefix("Times, and their multiples of enum, do not travel between processors"))
    #expect(!text.contains { $0.contains("now/committed") || $0.contains("OUTSIDE") })
    #expect(text.contains("Instructions per event (valgrind): 4 of 4 cells the same as committed."))
    #expect(
      text.last
        == "4 of 4 cells with the same instructions per event; 1 of 1 orders of the styles kept")
  }

  @Test("one instruction count differs: listed, and no agreement")
  func otherInstructions() {
    var cells = xeon()
    cells[2] = cell("turnstile/state-pattern/typical", 70, 431)
    let check = check(CraftedResults.results(cells, cpu: "Intel Xeon"))
    #expect(!check.agrees)
    let text = check.render()
    #expect(
      lines(text).contains {
        $0.hasPrefix("turnstile/state-pattern/typical ")
          && $0.hasSuffix("427.00  431.00          +4.00  DIFFERENT")
      })
    #expect(
      lines(text).last?.hasPrefix("3 of 4 cells with the same instructions per event") == true)
  }

  @Test("a clear order reversed is listed; a pair within the band may swap")
  func order() {
    var cells = xeon()
    // nested-switch under enum now: within the band of each other, not judged.
    cells[0] = cell("turnstile/nested-switch/typical", 12, 81)
    #expect(check(CraftedResults.results(cells, cpu: "Intel Xeon")).agrees)
    // The table now clearly dearer than the State pattern, committed clearly cheaper.
    cells[3] = cell("turnstile/table/typical", 90, 399)
    let check = check(CraftedResults.results(cells, cpu: "Intel Xeon"))
    #expect(!check.agrees)
    let text = check.render()
    #expect(
      text.contains(
        "  turnstile, typical stream, as a package dependency: state-pattern now below table "
          + "(71.44 ns and 90.00 ns; committed 37.60 ns and 25.70 ns)"))
    #expect(
      lines(text).last
        == "4 of 4 cells with the same instructions per event; 0 of 1 orders of the styles kept")
  }

  @Test("no instructions in this run: nothing that travels to compare, and no agreement")
  func uncounted() {
    let cells = xeon().map { cell -> CostCell in
      var uncounted = cell
      uncounted.instructionsPerEvent = nil
      return uncounted
    }
    let check = check(CraftedResults.results(cells, cpu: "Intel Xeon"))
    #expect(!check.agrees)
    let text = check.render()
    #expect(
      text.contains(
        "Instructions per event: this run has none, so they are not compared. Install valgrind"))
    #expect(lines(text).last == "no instructions compared; 1 of 1 orders of the styles kept")
  }

  @Test("too noisy: the instructions are still compared, the order is not judged")
  func tooNoisy() {
    let cells = xeon().map { cell in
      CraftedResults.cell(
        cell.key.text, cell.nsPerEvent, runs: cell.nsPerEvent...(cell.nsPerEvent * 1.5),
        instructions: cell.instructionsPerEvent)
    }
    let check = check(CraftedResults.results(cells, cpu: "Intel Xeon"))
    #expect(!check.agrees)
    let text = check.render()
    #expect(text.contains("Too noisy to judge: the 3 runs of this check disagree"))
    #expect(text.contains("Order of the styles: not judged, the run being too noisy."))
    #expect(
      lines(text).last
        == "4 of 4 cells with the same instructions per event; the order not judged: too noisy")
  }

  @Test(
    "fsm compare --against on another processor: status 0 when the instructions agree, 1 when not")
  func command() throws {
    let folder = try TemporaryFolder()
    let committed = folder.file("committed.json")
    let now = folder.file("now.json")
    try ResultsJSON.encode(CraftedResults.committed(committedCells))
      .write(toFile: committed, atomically: false, encoding: .utf8)
    try ResultsJSON.encode(CraftedResults.results(xeon(), cpu: "Intel Xeon"))
      .write(toFile: now, atomically: false, encoding: .utf8)
    let agreeing = fsm("compare", "--results", now, "--against", committed)
    #expect(agreeing.status == 0)
    #expect(agreeing.output.contains("Another processor: this run's is Intel Xeon"))
    var cells = xeon()
    cells[1] = cell("turnstile/enum/typical", 12, 79)
    try ResultsJSON.encode(CraftedResults.results(cells, cpu: "Intel Xeon"))
      .write(toFile: now, atomically: false, encoding: .utf8)
    #expect(fsm("compare", "--results", now, "--against", committed).status == 1)
  }
}
