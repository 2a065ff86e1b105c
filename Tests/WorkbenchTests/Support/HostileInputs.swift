import Diagrams
import Foundation
import PropertyBased
import StateMachines

@testable import Workbench

/// Generators of what a hostile user gives `fsm`: command lines that mix
/// valid command names, machines, styles and events with extreme numbers,
/// unknown flags, empty, huge and odd strings; lines for the shell; results
/// files for `compare`.
///
/// Every path a generated command line could write to is inside `folder`:
/// values the generators make up are never given to an option that names a
/// file to write, so a command line that happens to be valid cannot write
/// into the checkout.
struct HostileInputs: Sendable {
  /// A generator that needs no shrinking: a failing case is reported whole.
  typealias Of<Value> = Generator<Value, Shrink.None<Value>>

  /// The temporary folder every generated output path is in.
  let folder: String

  /// A results file in the benchmarks' export format, the one the tests of
  /// `compare` read: the start of most generated results files.
  let sampleResults: String

  /// The limits of `Int` and `UInt64` and the numbers just past them,
  /// where arithmetic overflows.
  static let limits = [
    "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616",
  ]

  /// Numbers that are not finite, too large for any type, or malformed.
  static let oddNumbers = [
    "99999999999999999999999999", "-0", "+0", "1e309", "-1e309", "1e-320", "1e400", "nan", "-nan",
    "inf", "-inf", "infinity", "0x10", "1_000", " 7", "7 ", "", "3.5", "٣", "1e3",
  ]

  /// Options no command has, and the odd tokens around options.
  static let unknownFlags = [
    "--no-such-flag", "-x", "--", "-", "---", "--=", "--Style", "--style=", "-s", "--help", "-h",
    "--version", "-\u{0}", "--\u{FFFD}",
  ]

  /// Unicode scalars that a user can type or paste: printable ASCII, control
  /// characters (NUL included), combining marks, Hebrew, zero-width and
  /// bidirectional marks, emoji, the replacement character (what invalid
  /// UTF-8 in an argument becomes) and the last code point.
  static let scalarRanges: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x7F...0x9F, 0x300...0x36F, 0x5D0...0x5EA,
    0x200B...0x200F, 0x202A...0x202E, 0x1F600...0x1F64F, 0xFFFD...0xFFFD, 0x10FFFF...0x10FFFF,
  ]

  /// An argument of a little over a megabyte, with multi-byte and NUL
  /// characters in it; made once, since it is the same every time.
  static let huge = String(repeating: "x\u{0}é\u{FFFD}", count: 270_000)

  /// The commands of `fsm`, `help` included.
  static let commands = [
    "list", "describe", "run", "shell", "diagram", "tour", "compare", "change-cost", "help",
  ]

  /// The generators, for command lines that write only into `folder`.
  init(folder: String, sampleResults: String) {
    self.folder = folder
    self.sampleResults = sampleResults
  }

  // MARK: - Building blocks

  /// One of `choices`, each as likely.
  static func pick<Value: Sendable>(_ choices: [Value]) -> Of<Value> {
    Generator { rng in choices[Int.random(in: choices.indices, using: &rng)] }
  }

  /// True with the given probability.
  static func chance(_ probability: Double, _ rng: inout any SeededRandomNumberGenerator) -> Bool {
    Double.random(in: 0..<1, using: &rng) < probability
  }

  /// A number to give a numeric option or argument: most often a limit,
  /// where overflows hide, else an odd number, any `Int`, or a small one.
  static var number: Of<String> {
    Generator { rng in
      switch Int.random(in: 0..<5, using: &rng) {
      case 0, 1: pick(limits).run(using: &rng)
      case 2: pick(oddNumbers).run(using: &rng)
      case 3: String(Gen.int().run(using: &rng))
      default: String(Gen.int(in: -2...6).run(using: &rng))
      }
    }
  }

  /// A string: short random unicode, bytes that are not UTF-8 decoded as an
  /// argument is, empty, or (rarely) a megabyte.
  static var text: Of<String> { text(upTo: .max) }

  /// A string as `text` makes them, but never longer than `limit` bytes.
  static func text(upTo limit: Int) -> Of<String> {
    Generator { rng in
      switch Int.random(in: 0..<40, using: &rng) {
      case 0: return huge.utf8.count <= limit ? huge : ""  // `utf8.count` is not a walk.
      case 1...4: return ""
      case 5...10:
        let bytes = Gen.uint8().array(of: 1...12).run(using: &rng)
        return String(decoding: bytes, as: UTF8.self)
      default:
        let length = Int.random(in: 1...12, using: &rng)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
          let range = scalarRanges[Int.random(in: scalarRanges.indices, using: &rng)]
          if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) {
            scalars.append(scalar)
          }
        }
        return String(scalars)
      }
    }
  }

  /// A token that is valid nowhere in particular: text, a number, or a flag
  /// no command has.
  static var junk: Of<String> { junk(upTo: .max) }

  /// A token as `junk` makes them, but never longer than `limit` bytes.
  static func junk(upTo limit: Int) -> Of<String> {
    Generator { rng in
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: text(upTo: limit).run(using: &rng)
      case 1: number.run(using: &rng)
      default: pick(unknownFlags).run(using: &rng)
      }
    }
  }

  /// Usually a valid choice, otherwise junk (up to `limit` bytes).
  static func mostly(_ choices: [String], upTo limit: Int = .max) -> Of<String> {
    Generator { rng in
      chance(0.8, &rng) ? pick(choices).run(using: &rng) : junk(upTo: limit).run(using: &rng)
    }
  }

  /// A machine's id, or junk.
  static var machine: Of<String> { mostly(Machines.ids) }

  /// A style's id, or junk.
  static var style: Of<String> { mostly(Style.allCases.map(\.rawValue)) }

  /// An event as the command line writes it, of any machine: its name, with
  /// or without an argument that is a number, digits or text; or junk.
  static var event: Of<String> {
    Generator { rng in
      let names = Machines.all.flatMap { $0.eventNames }
      guard chance(0.85, &rng) else { return junk.run(using: &rng) }
      let name = pick(names).run(using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: return name
      case 1: return name + ":" + number.run(using: &rng)
      case 2: return name + ":" + String(Gen.int(in: 0...99_999).run(using: &rng))
      default: return name + ":" + text.run(using: &rng)
      }
    }
  }

  // MARK: - Paths, all in the folder

  /// A file name: text without slashes or NUL (which would leave the
  /// folder, or cut the path short), never `.` or `..`.
  static var fileName: Of<String> {
    Generator { rng in
      let name = text.run(using: &rng).filter { $0 != "/" && $0 != "\0" }
      let stem = name == "." || name == ".." ? "dots" : name
      return stem
        + pick([".svg", ".dot", ".png", ".pdf", ".SVG", ".txt", "", ". svg"]).run(using: &rng)
    }
  }

  /// A file to write in the folder, or one that cannot be written: in a
  /// folder that does not exist, the folder itself, empty.
  var outputFile: Of<String> {
    let folder = folder
    return Generator { rng in
      let name = Self.fileName.run(using: &rng)
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: return folder + "/missing/" + name
      case 1: return folder
      case 2: return folder + "/"
      case 3: return ""
      default: return folder + "/" + name
      }
    }
  }

  /// A folder to write into: the folder, one that does not exist yet or
  /// never can, a file, empty.
  var outputFolder: Of<String> {
    let folder = folder
    return Generator { rng in
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: return folder + "/missing/" + Self.fileName.run(using: &rng)
      case 1: return folder + "/results.csv"
      case 2: return ""
      case 3: return folder + "/" + Self.fileName.run(using: &rng)
      default: return folder
      }
    }
  }

  /// A results file to read: the sample, one that does not exist, a
  /// folder, empty.
  var resultsFile: Of<String> {
    let folder = folder
    return Generator { rng in
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: return folder + "/none.csv"
      case 1: return folder
      case 2: return ""
      default: return folder + "/results.csv"
      }
    }
  }

  // MARK: - Command lines

  /// The options that set a machine up, with their values.
  static var machineOption: Of<[String]> {
    Generator { rng in
      switch Int.random(in: 0..<8, using: &rng) {
      case 0: ["--code", chance(0.5, &rng) ? number.run(using: &rng) : text.run(using: &rng)]
      case 1: ["--gumballs", number.run(using: &rng)]
      case 2: ["--gumballs=" + number.run(using: &rng)]
      case 3: ["--seed", number.run(using: &rng)]
      case 4: ["--seed=" + number.run(using: &rng)]
      case 5:
        ["--winner", mostly(GumballMachine.WinnerPolicy.allCases.map(\.rawValue)).run(using: &rng)]
      case 6: ["--style", style.run(using: &rng)]
      default: ["--loaded"]
      }
    }
  }

  /// The pieces of a command line for `command`, each an option with its
  /// value or a positional argument, before they are shuffled together.
  private func pieces(
    of command: String, _ rng: inout any SeededRandomNumberGenerator
  ) -> [[String]] {
    var pieces: [[String]] = []
    /// Adds up to `most` pieces made by `make`.
    func some(_ most: Int, _ make: (inout any SeededRandomNumberGenerator) -> [String]) {
      for _ in 0..<Int.random(in: 0...most, using: &rng) { pieces.append(make(&rng)) }
    }
    switch command {
    case "describe":
      some(1) { [Self.machine.run(using: &$0)] }
    case "run":
      some(1) { [Self.machine.run(using: &$0)] }
      some(6) { [Self.event.run(using: &$0)] }
      some(3) { Self.machineOption.run(using: &$0) }
      some(1) { _ in ["--json"] }
      some(1) { ["--diagram", outputFile.run(using: &$0)] }
    case "shell":
      some(1) { [Self.machine.run(using: &$0)] }
      some(3) { Self.machineOption.run(using: &$0) }
    case "diagram":
      some(1) { [Self.machine.run(using: &$0)] }
      some(1) { _ in ["--all"] }
      some(1) { ["--format", Self.mostly(DiagramFormat.allCases.map(\.rawValue)).run(using: &$0)] }
      some(1) { ["--output", outputFile.run(using: &$0)] }
      some(1) { ["--output-dir", outputFolder.run(using: &$0)] }
      some(1) { ["--events"] + Self.event.array(of: 0...4).run(using: &$0) }
      some(1) { _ in ["--observed"] }
      some(2) { Self.machineOption.run(using: &$0) }
    case "compare":
      some(1) { [Self.machine.run(using: &$0)] }
      some(1) { ["--results", resultsFile.run(using: &$0)] }
      // The same made-up file, read as instruction counts.
      some(1) { ["--instructions", resultsFile.run(using: &$0)] }
    case "change-cost":
      // A machine: with revisions (security-system, game-character) or not.
      some(1) { [Self.machine.run(using: &$0)] }
      // `--from` counts only with `--diff`, so the two mostly come together.
      if Self.chance(0.8, &rng) { pieces.append(["--diff", Self.style.run(using: &rng)]) }
      if Self.chance(0.8, &rng) {
        let from = Self.number.run(using: &rng)
        pieces.append(Self.chance(0.5, &rng) ? ["--from", from] : ["--from=" + from])
      }
      some(1) { _ in ["--with-comments"] }
    case "tour":
      let sections = TourSectionName.allCases.map(\.rawValue)
      some(2) { ["--section", Self.mostly(sections).run(using: &$0)] }
    case "help":
      some(2) { [Self.mostly(Self.commands).run(using: &$0)] }
    default:
      break
    }
    // Junk in only some command lines, so that the others get past the
    // parser to the command's own work.
    if Self.chance(0.4, &rng) { pieces.append([Self.junk.run(using: &rng)]) }
    return pieces
  }

  /// A command line for `command`: the command, then its pieces in any
  /// order; for an empty `command`, junk where the command should be.
  ///
  /// The tour always draws into the folder and always gets one more
  /// argument than it takes, so that it fails fast, before the whole tour
  /// (a second of drawing) runs: its valid runs are tested elsewhere.
  func commandLine(for command: String) -> Of<[String]> {
    Generator { rng in
      guard !command.isEmpty else {
        return [Self.junk.run(using: &rng)] + Self.junk.array(of: 0...2).run(using: &rng)
      }
      var pieces = pieces(of: command, &rng)
      pieces.shuffle(using: &rng)
      if command == "tour" {
        let extra = Self.text.run(using: &rng)
        return ["tour", "--diagrams", folder + "/tour"] + Array(pieces.joined()) + [extra]
      }
      return [command] + Array(pieces.joined())
    }
  }

  /// Lines for the shell: events, the shell's own commands with and without
  /// arguments, and junk.
  static var shellLines: Of<[String]> {
    let commands = ShellAction.allCases.map(\.rawValue)
    let line: Of<String> = Generator { rng in
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: return pick(commands).run(using: &rng)
      case 1: return ":" + mostly(commands).run(using: &rng)
      case 2: return "style " + style.run(using: &rng)
      case 3: return pick(commands).run(using: &rng) + " " + junk.run(using: &rng)
      case 4: return junk.run(using: &rng)
      default: return event.run(using: &rng)
      }
    }
    // A `quit` among them ends the session early, as it would at a terminal.
    return line.array(of: 0...12).withoutShrink()
  }

  // MARK: - Results files

  /// The columns of a results file, as the benchmarks export them.
  static let resultsColumns = [
    "measurement", "hostName", "processoryType", "processors", "memory", "kernelVersion",
    "metric", "unit", "test", "percentile", "value", "test_average", "iterations",
    "warmup_iterations", "time",
  ]

  /// A number where the results hold one: mostly a plausible measurement,
  /// sometimes an extreme or malformed one.
  static var measurement: Of<String> {
    Generator { rng in
      chance(0.7, &rng)
        ? String(Gen.double(in: 0...100_000).run(using: &rng)) : number.run(using: &rng)
    }
  }

  /// A benchmark's name as the harness writes it, with any part of it
  /// junk now and then.
  static var benchmarkName: Generator<String, Shrink.None<String>> {
    // Short junk only: a megabyte takes a second to read in a debug build.
    Generator { rng in
      let machine = mostly(Machines.ids, upTo: 100).run(using: &rng)
      let contenders = Contenders.knownOrder
      let contender = mostly(contenders, upTo: 100).run(using: &rng)
      let stream = mostly(["uniform", "typical"], upTo: 100).run(using: &rng)
      let suffix =
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1: "-x" + mostly(["2", "4"], upTo: 100).run(using: &rng)
        case 2: "-1e" + mostly(["3", "5", "7"], upTo: 100).run(using: &rng)
        default: ""
        }
      return "\(machine)/\(contender)/\(stream)\(suffix)"
    }
  }

  /// A results file made up row by row: a header with every column (or
  /// one missing, or the columns shuffled), then rows of a few benchmarks'
  /// metrics at their percentiles, with extreme numbers among them.
  static var madeUpResults: Of<String> {
    Generator { rng in
      var columns = resultsColumns
      if chance(0.1, &rng) { columns.remove(at: Int.random(in: columns.indices, using: &rng)) }
      if chance(0.1, &rng) { columns.shuffle(using: &rng) }
      var rows = [columns.joined(separator: ",")]
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        let name = benchmarkName.run(using: &rng)
        for metric in ["Events", "Time (wallclock)", "Malloc (total)"] {
          for percentile in ["25.0", "50.0", "75.0", "100.0"] where chance(0.8, &rng) {
            let values = [
              "metric": metric, "test": name, "value": measurement.run(using: &rng),
              "percentile": chance(0.95, &rng) ? percentile : number.run(using: &rng),
            ]
            rows.append(columns.map { values[$0] ?? "x" }.joined(separator: ","))
          }
        }
      }
      // The run script's metadata lines, now and then with a junk key or value.
      for key in RunMetadata.keys where chance(0.2, &rng) {
        let name = chance(0.8, &rng) ? key : junk(upTo: 100).run(using: &rng)
        let value =
          key == "suite-seconds" ? number.run(using: &rng) : text(upTo: 100).run(using: &rng)
        rows.append("# \(name): \(value)")
      }
      return rows.joined(separator: "\n")
    }
  }

  /// A JSON document in the shape `compare --format json` writes, with
  /// extreme or malformed numbers, junk names and now and then a key left
  /// out.
  static var madeUpDocument: Of<String> {
    Generator { rng in
      /// A quoted string of junk, escaped as JSON would need it (or not).
      func string() -> String {
        let value = mostly(["turnstile", "enum", "typical", "committed", "local"], upTo: 100)
          .run(using: &rng)
        return chance(0.9, &rng) ? "\"\(value.filter { $0 != "\"" && $0 != "\\" })\"" : value
      }
      var cells: [String] = []
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        var fields = [
          "\"machine\": \(string())", "\"stream\": \(string())", "\"contender\": \(string())",
          "\"nsPerEvent\": \(measurement.run(using: &rng))",
          "\"nsMin\": \(measurement.run(using: &rng))",
          "\"nsMax\": \(measurement.run(using: &rng))",
          "\"mallocsPerEvent\": \(measurement.run(using: &rng))",
          "\"ratioToEnum\": \(measurement.run(using: &rng))",
          "\"instructionsPerEvent\": \(measurement.run(using: &rng))",
          "\"configuration\": "
            + (chance(0.8, &rng)
              ? pick(["\"package\"", "\"own-code\""]).run(using: &rng) : string()),
        ]
        if chance(0.1, &rng) { fields.remove(at: Int.random(in: fields.indices, using: &rng)) }
        cells.append("{" + fields.joined(separator: ", ") + "}")
      }
      let kind = chance(0.9, &rng) ? "\"committed\"" : string()
      return """
        {"about": {"kind": \(kind), "path": \(string()), "runs": []},
         "noiseBand": \(measurement.run(using: &rng)), "cells": [\(cells.joined(separator: ", "))],
         "linearity": [], "scale": []}
        """
    }
  }

  /// The bytes of a results file for `compare`: made up row by row, the
  /// sample with fields replaced, random bytes or nothing; and then maybe
  /// cut short or with bytes that are not UTF-8 put in.
  var resultsContents: Of<[UInt8]> {
    let sample = sampleResults
    return Generator { rng in
      // No megabyte here: reading one takes a second in a debug build, so
      // the examples read it once.
      var contents: String
      switch Int.random(in: 0..<10, using: &rng) {
      case 0:
        return Gen.uint8().array(of: 0...2_000).run(using: &rng)
      case 1:
        return []
      case 3:
        contents = Self.madeUpDocument.run(using: &rng)
      case 2:
        // The sample, with some fields of some rows replaced.
        var lines = sample.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
          let row = Int.random(in: lines.indices, using: &rng)
          guard !lines[row].isEmpty else { continue }
          let field = Int.random(in: lines[row].indices, using: &rng)
          lines[row][field] =
            Self.chance(0.8, &rng)
            ? Self.number.run(using: &rng) : Self.text(upTo: 100).run(using: &rng)
        }
        contents = lines.map { $0.joined(separator: ",") }.joined(separator: "\n")
      default:
        contents = Self.madeUpResults.run(using: &rng)
      }
      var bytes = Array(contents.utf8)
      if Self.chance(0.2, &rng) {
        bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))  // Cut short.
      }
      if Self.chance(0.1, &rng) {
        let position = Int.random(in: 0...bytes.count, using: &rng)
        bytes.insert(contentsOf: Gen.uint8().array(of: 1...8).run(using: &rng), at: position)
      }
      return bytes
    }
  }
}

extension CatalogMachine {
  /// The names of the machine's events.
  static var eventNames: [String] { Event.signatures.map(\.name) }
}
