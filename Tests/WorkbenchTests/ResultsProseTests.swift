import Foundation
import Testing

@testable import Workbench

/// No figure about costs is typed by hand: the findings of the results'
/// guide and the README's headline findings are the ones
/// `scripts/results-findings` computes from the committed results, and
/// every ratio or time the prose of the README, the guides, the benchmarks'
/// README and the lessons states is one the committed results give, or is
/// listed below with where it comes from.
@Suite("the prose states only the committed results' figures")
struct ResultsProseTests {
  /// The checkout's root: tests run from the package root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Figures in prose that are not measurements of the committed run: the
  /// targets, the noise band, another processor's run (issue 24's Intel
  /// Xeon), an exercise's made-up rerun. Each with the file it is in.
  static let notFromTheResults: [(file: String, figure: String, why: String)] = [
    ("docs/benchmarks.md", "0.5 ns", "the noise band's floor"),
    ("docs/benchmarks.md", "1.3x", "a target"), ("docs/benchmarks.md", "3x", "a target"),
    ("docs/benchmarks.md", "5x", "a target"), ("docs/benchmarks.md", "4x", "a target"),
    ("docs/benchmarks.md", "1.5x", "a target"),
    ("docs/benchmarks.md", "0.64x", "another processor's run"),
    ("docs/benchmarks.md", "1.98x", "another processor's run"),
    ("Benchmarks/README.md", "0.64x", "another processor's run"),
    ("Benchmarks/README.md", "1.98x", "another processor's run"),
    ("Benchmarks/README.md", "4.87x", "another processor's run, against an older committed run"),
    ("Benchmarks/README.md", "9.67x", "another processor's run"),
    ("Lessons/11-measuring-dispatch-cost.md", "0.64x", "another processor's run"),
    ("Lessons/11-measuring-dispatch-cost.md", "1.98x", "another processor's run"),
    ("Lessons/11-measuring-dispatch-cost.md", "20 ns", "exercise 11.1's made-up rerun"),
    ("Lessons/11-measuring-dispatch-cost.md", "22.9 ns", "exercise 11.1's made-up rerun"),
    ("Lessons/11-measuring-dispatch-cost.md", "1.4 ns", "exercise 11.1's hint: a lower bound"),
    ("Lessons/13-what-instructions-do-not-show.md", "0.05 ns", "exercise 13.1's tolerance"),
  ]

  @Test(
    "the findings of the results' guide and the README's headline are the committed results'",
    arguments: [
      ("docs/results.md", "findings", [String]()), ("README.md", "headline", ["--headline"]),
    ])
  func findings(file: String, marker: String, options: [String]) throws {
    let text = try String(contentsOf: Self.root.appending(path: file), encoding: .utf8)
    let begin = try #require(text.range(of: "<!-- \(marker):begin -->\n"))
    let end = try #require(text.range(of: "\n<!-- \(marker):end -->"))
    let quoted = String(text[begin.upperBound..<end.lowerBound])
    let json = try Comparison.report(results: [TourCommand.committedResults], format: .json)
    let computed = try Self.run(["python3", "scripts/results-findings"] + options, input: json)
    #expect(!quoted.isEmpty)
    #expect(
      quoted == computed.trimmingCharacters(in: .newlines),
      "\(file)'s \(marker) is not the committed results': run scripts/update-readme-results")
  }

  @Test("the headline is short, and each of its figures is in the full findings")
  func headlineIsShort() throws {
    let json = try Comparison.report(results: [TourCommand.committedResults], format: .json)
    let headline = try Self.run(["python3", "scripts/results-findings", "--headline"], input: json)
    let full = try Self.run(["python3", "scripts/results-findings"], input: json)
    let lines = headline.split(separator: "\n")
    #expect(!lines.isEmpty && lines.count <= ReadmeGuidesTests.headlineLimit, "\(lines)")
    let figures = headline.matches(of: #/\d+\.\d+x/#).map { String($0.output) }
    #expect(!figures.isEmpty)
    for figure in figures {
      #expect(full.contains(figure), "the headline's \(figure) is not in the findings")
    }
  }

  @Test("every ratio or time in the prose is the committed results' or is listed with its source")
  func proseFigures() throws {
    let json = try Comparison.report(results: [TourCommand.committedResults], format: .json)
    let document = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var measured: Set<String> = []
    for cell in document["cells"] as? [[String: Any]] ?? [] {
      if let ns = cell["nsPerEvent"] as? Double { measured.insert(ns.formatted(digits: 2) + " ns") }
      if let ratio = cell["ratioToEnum"] as? Double {
        measured.insert(ratio.formatted(digits: 2) + "x")
      }
    }
    var files = ["README.md"] + ReadmeGuidesTests.guides + ["Benchmarks/README.md"]
    let lessons = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appending(path: "Lessons").path)
    files += lessons.filter { $0.hasSuffix(".md") }.sorted().map { "Lessons/" + $0 }
    var listedAndSeen: Set<String> = []
    for file in files {
      let text = try String(contentsOf: Self.root.appending(path: file), encoding: .utf8)
      for figure in try Self.proseFigures(in: text) {
        let listed = Self.notFromTheResults.contains { $0.file == file && $0.figure == figure }
        if listed { listedAndSeen.insert(file + " " + figure) }
        #expect(
          listed || measured.contains(figure),
          """
          \(file) states \(figure), which the committed results do not give: say it without a \
          number, generate it (scripts/update-readme-results), or list its source here
          """)
      }
    }
    for entry in Self.notFromTheResults
    where !listedAndSeen.contains(entry.file + " " + entry.figure) {
      Issue.record("\(entry.file) no longer states \(entry.figure): take it off the list")
    }
  }

  @Test("the check finds a figure typed by hand")
  func findsATypedFigure() throws {
    let prose = "The table is 5.8 to 33x enum, at 12.5 ns.\n```text\n9.99x\n```\n902 x 741 pt"
    #expect(try Self.proseFigures(in: prose) == ["33x", "12.5 ns"])
  }

  /// The ratios (`1.23x`, `4x`, `0.54×`) and times (`8.26 ns`) in `text`'s
  /// prose: outside fenced blocks and the generated blocks, a dimension
  /// such as `902 x 741` left out.
  static func proseFigures(in text: String) throws -> [String] {
    var prose = text
    for marker in ["results", "findings", "headline"] {
      prose = prose.replacing(
        try Regex("<!-- \(marker):begin -->(.|\\n)*?<!-- \(marker):end -->"), with: "")
    }
    var figures: [String] = []
    var fenced = false
    // ICU's expressions, for the look-behind Swift's `Regex` does not have.
    let figure = try NSRegularExpression(
      pattern: #"(?<![\w.])(\d+(?:\.\d+)?)(?: ?(ns)|(x|×))(?![\w]| ?\d)"#)
    for line in prose.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      guard !fenced else { continue }
      let text = String(line)
      for match in figure.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let number = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else {
          continue
        }
        figures.append(match.range(at: 2).location != NSNotFound ? number + " ns" : number + "x")
      }
    }
    return figures
  }

  /// What `command` prints given `input` on standard input, run in the root.
  static func run(_ command: [String], input: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.currentDirectoryURL = root
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
