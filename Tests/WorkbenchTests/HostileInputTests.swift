import Foundation
import PropertyBased
import StateMachines
import Testing

@testable import Workbench

/// The sample results the tests of `compare` read.
private let sampleResultsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appending(path: "Fixtures/Comparison/sample.influx.csv").path

/// The exit statuses `fsm` has: success, a failure it explains, a usage error.
private let definedStatuses: Set<Int32> = [0, 1, 64]

/// Runs `body` on `count` cases, each from its own generator seeded with
/// `seed` and the case's number, so that every run of the tests tries the
/// same cases and a failure, a trap included, happens again on the next run.
/// `body` gets the case's name for its messages, as in `case 7 of seed 2`.
///
/// `FSM_HOSTILE_SEED=N` adds N thousand to every seed, to try other cases;
/// `FSM_HOSTILE_ECHO=1` prints each case before it runs, to find the one
/// that traps (a trap ends the test process before any expectation can
/// report it).
private func forEachCase<Value>(
  _ count: Int, seed: UInt64, of generator: Generator<Value, some Sequence>,
  _ body: (String, Value) throws -> Void
) rethrows {
  let environment = ProcessInfo.processInfo.environment
  let offset = environment["FSM_HOSTILE_SEED"].flatMap { UInt64($0) } ?? 0
  let seed = seed &+ offset &* 1_000
  let echo = environment["FSM_HOSTILE_ECHO"] != nil
  for index in 0..<count {
    // Xoshiro's first numbers from nearly equal states are nearly equal, so
    // SplitMix64 spreads the seed and the case's number over its state.
    var mixer = SeededGenerator(seed: seed &* 0x1_0000_0001 &+ UInt64(index))
    var rng = Xoshiro(seed: (mixer.next(), mixer.next(), mixer.next(), mixer.next()))
    let value = generator.run(using: &rng)
    let name = "case \(index) of seed \(seed)"
    if echo { FileHandle.standardError.write(Data("\(name): \(value)\n".utf8)) }
    try body(name, value)
  }
}

/// A command line as a failure names it, each argument cut to a few dozen
/// characters so that a megabyte does not bury the message.
private func describe(_ arguments: [String]) -> String {
  let shown = arguments.map { argument in
    argument.count <= 40
      ? argument.debugDescription
      : "\(argument.prefix(40).debugDescription)… (\(argument.count) characters)"
  }
  return "fsm " + shown.joined(separator: " ")
}

/// The property: `fsm` ended with a status it defines and, if it failed,
/// said why on standard error.
///
/// A trap cannot be checked here: it ends the whole test process, which is
/// how this test fails for one.
private func expectHandled(_ result: Transcript, _ arguments: [String], case name: String) {
  let name = "\(name): \(describe(arguments))"
  #expect(definedStatuses.contains(result.status), "\(name) exited with \(result.status)")
  guard result.status != 0 else { return }
  // The tour is a report: what it found wrong is in its ✗ lines on
  // standard output, as its own tests require.
  let explained =
    !result.errors.isEmpty || (arguments.first == "tour" && result.output.contains("✗"))
  #expect(explained, "\(name) exited with \(result.status) without a message")
}

@Suite("hostile input: an exit status, a message, never a trap")
struct HostileInputTests {
  /// The generators, writing only into `folder`.
  let inputs: HostileInputs

  /// The folder every generated path is in, with a results file to read.
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
    let sample = try String(contentsOfFile: sampleResultsPath, encoding: .utf8)
    try sample.write(toFile: folder.file("results.csv"), atomically: false, encoding: .utf8)
    inputs = HostileInputs(folder: folder.path, sampleResults: sample)
  }

  @Test(
    "generated command lines, with lines for the shell (\"\" is junk for a command)",
    arguments: HostileInputs.commands + [""])
  func commandLines(command: String) {
    let cases = zip(inputs.commandLine(for: command), HostileInputs.shellLines, Gen.bool)
    // Any seeds would do; these find both traps that were fixed (checked by
    // running the tests on the code before the fix).
    let seed = 1_000 + UInt64(HostileInputs.commands.firstIndex(of: command) ?? 99)
    // More of `change-cost`, cheap to run, whose `--from` overflowed.
    forEachCase(command == "change-cost" ? 120 : 40, seed: seed, of: cases) { name, generated in
      let (arguments, lines, interactive) = generated
      let result = fsm(arguments, input: lines, interactive: interactive)
      expectHandled(result, arguments, case: name)
    }
  }

  @Test("generated results files for compare")
  func resultsFiles() throws {
    let cases = zip(inputs.resultsContents, HostileInputs.machine.optional)
    try forEachCase(100, seed: 2, of: cases) { name, generated in
      let (bytes, machine) = generated
      let path = folder.file("generated.csv")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let arguments = ["compare"] + (machine.map { [$0] } ?? []) + ["--results", path]
      expectHandled(fsm(arguments), arguments, case: name)
    }
  }

  @Test(
    "every command, given a megabyte, nothing, invalid UTF-8 or an unknown flag",
    arguments: HostileInputs.commands)
  func everyCommand(command: String) {
    let invalidUTF8 = String(decoding: [0xFF, 0xFE, 0xC3, 0x28], as: UTF8.self)
    for argument in [HostileInputs.huge, "", invalidUTF8, "--no-such-flag"] {
      // The tour would draw into the checkout if it ran: it never gets that far.
      let arguments =
        [command] + (command == "tour" ? ["--diagrams", folder.path] : []) + [argument]
      let result = fsm(arguments)
      expectHandled(result, arguments, case: "the example")
    }
  }
}

/// Writes `text` as a results file in `folder` and runs `compare` on it.
private func compare(_ text: String, in folder: TemporaryFolder) throws -> Transcript {
  let path = folder.file("results.csv")
  try text.write(toFile: path, atomically: false, encoding: .utf8)
  return fsm("compare", "--results", path)
}

/// A results file with one benchmark, the turnstile's loop with no machine, whose
/// events per iteration, time and percentile are given.
private func results(events: String = "1000", time: String = "2000", percentile: String = "50")
  -> String
{
  """
  test,metric,percentile,value
  turnstile/no-machine/uniform,Events,\(percentile),\(events)
  turnstile/no-machine/uniform,Time (wallclock),\(percentile),\(time)

  """
}

@Suite("the traps and unclear messages hostile input found, one example each")
struct HostileInputExampleTests {
  @Test(
    "an event count too large for an Int is refused, not converted (it trapped)",
    arguments: ["1e300", "9223372036854775808", "1e19"])
  func hugeEventCount(events: String) throws {
    let result = try compare(results(events: events), in: try TemporaryFolder())
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "row 2 counts \(events) events, not a whole number from 0 to \(Int.max)"))
  }

  @Test(
    "a value that is not finite is refused (inf and 1e400 trapped; nan read as no benchmarks)",
    arguments: ["inf", "1e400", "nan", "-inf", "-5"])
  func nonFiniteValue(value: String) throws {
    let result = try compare(results(events: value), in: try TemporaryFolder())
    #expect(result.status == 1)
    #expect(
      result.errors.contains("row 2 has the value '\(value)', not a number from 0 to 1.8e308"))
  }

  @Test("a fraction of an event is refused (it was rounded down)")
  func fractionOfAnEvent() throws {
    let result = try compare(results(events: "0.5"), in: try TemporaryFolder())
    #expect(result.status == 1)
    #expect(result.errors.contains("row 2 counts 0.5 events, not a whole number from 0 to"))
  }

  @Test("a percentile outside 0 to 100 is refused", arguments: ["150", "-1", "nan", "inf"])
  func percentileOutOfRange(percentile: String) throws {
    let result = try compare(results(percentile: percentile), in: try TemporaryFolder())
    #expect(result.status == 1)
    #expect(
      result.errors.contains(
        "row 2 has the percentile '\(percentile)', not a number from 0 to 100"))
  }

  @Test("a huge time prints in scientific notation, not as 300 digits")
  func hugeTime() throws {
    let result = try compare(results(time: "1e300"), in: try TemporaryFolder())
    #expect(result.status == 0)
    #expect(result.output.contains("1.00e+297 ns"))
    #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 120 })
  }

  @Test("a megabyte of garbage is not a results file")
  func garbageResults() throws {
    let result = try compare(HostileInputs.huge, in: try TemporaryFolder())
    #expect(result.status == 1)
    #expect(result.errors.contains("cannot be read: no column 'test' in the header"))
  }

  @Test("an empty --results is a usage error; a folder is not a results file")
  func resultsPath() throws {
    let empty = fsm("compare", "--results", "")
    #expect(empty.status == 64)
    #expect(
      empty.firstError
        == "Error: --results needs a file name, as in --results \(ResultsFiles.localRaw)")
    let folder = try TemporaryFolder()
    let result = fsm("compare", "--results", folder.path)
    #expect(result.status == 1)
    #expect(result.errors.contains("cannot be read: it is a folder, not a file"))
  }

  @Test(
    "change-cost --from at Int.min is a revision no change starts from (it overflowed)",
    arguments: ["--from=-9223372036854775808", "--from=-1", "--from=9223372036854775807"])
  func changeCostFromExtreme(option: String) {
    let result = fsm("change-cost", "--diff", "enum", option)
    let revision = option.dropFirst("--from=".count)
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.firstError
        == "Error: The value '\(revision)' is invalid for '--from <from>': give a revision from 1 to 4"
    )
  }

  @Test("ChangeCost.diff refuses every revision outside 1 to 4 without overflowing")
  func changeCostDiffExtremes() throws {
    let root = URL(fileURLWithPath: try WorkbenchRoot.locate())
    for revision in [Int.min, Int.min + 1, -1, 0, 5, Int.max] {
      #expect(throws: ChangeCost.Failure.noSuchChange(from: revision)) {
        try ChangeCost.diff(of: .style(.enum), from: revision, repositoryRoot: root)
      }
    }
  }

  @Test("change-cost --from -1 is a revision, not a missing value")
  func changeCostNegativeFrom() {
    let result = fsm("change-cost", "--diff", "enum", "--from", "-1")
    #expect(result.status == 64)
    #expect(
      result.firstError
        == "Error: The value '-1' is invalid for '--from <from>': give a revision from 1 to 4")
  }

  @Test(
    "a number that does not fit a numeric option names the valid range",
    arguments: [
      (
        ["change-cost", "--diff", "enum", "--from", "9223372036854775808"],
        "Error: The value '9223372036854775808' is invalid for '--from <from>': "
          + "give a revision from 1 to 4"
      ),
      (
        ["run", "gumball-machine", "--gumballs", "1e309"],
        "Error: The value '1e309' is invalid for '--gumballs <gumballs>': "
          + "give a whole number from 0 to 9223372036854775807"
      ),
      (
        ["shell", "gumball-machine", "--seed=18446744073709551616"],
        "Error: The value '18446744073709551616' is invalid for '--seed <seed>': "
          + "give a whole number from 0 to 18446744073709551615"
      ),
      (
        ["run", "gumball-machine", "refill:99999999999999999999"],
        "Error: '99999999999999999999' is not a valid count for 'refill': expected a whole "
          + "number from -9223372036854775808 to 9223372036854775807, as in 5"
      ),
    ])
  func numberOutOfRange(arguments: [String], message: String) {
    let result = fsm(arguments)
    #expect(result.status == 64)
    #expect(result.firstError == message)
  }

  @Test("tour --diagrams '' is a usage error, before the tour runs")
  func tourWithoutFolder() {
    let result = fsm("tour", "--diagrams", "")
    #expect(result.status == 64)
    #expect(result.output.isEmpty)
    #expect(
      result.firstError
        == "Error: --diagrams needs a folder name, as in --diagrams tour-output/diagrams")
  }
}
