import Foundation
import Testing

@testable import Workbench

/// Data with a right-to-left override and a zero-width space in it: typed,
/// it would reverse or hide part of what is shown around it.
private let hidden = "a\u{202E}b\u{200B}c"

/// Whether `text` holds either invisible character as it is.
private func holdsRaw(_ text: String) -> Bool {
  text.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" }
}

@Suite("invisible format characters are escaped wherever text leaves fsm")
struct InvisibleCharactersTests {
  @Test("fsm run --json: as \\u escapes of JSON")
  func json() {
    let result = fsm("run", "tcp-connection", "--json", "passiveOpen", "send:\(hidden)")
    #expect(result.status == 0)
    #expect(!holdsRaw(result.output))
    #expect(result.output.contains(#""event": "send:a\u202Eb\u200Bc""#))
    #expect(result.output.contains(#""outputs": ["sendSyn", "queued:a\u202Eb\u200Bc"]"#))
  }

  @Test("a character beyond the Basic Multilingual Plane is a surrogate pair in JSON")
  func jsonSurrogates() {
    // U+E0041 TAG LATIN CAPITAL LETTER A: a format character, invisible.
    #expect(JSONTrace.string("x\u{E0041}") == #""x\uDB40\uDC41""#)
  }

  @Test("fsm run: the trace's text, escaped as Swift writes them")
  func traceText() {
    let result = fsm("run", "tcp-connection", "passiveOpen", "send:\(hidden)")
    #expect(result.status == 0)
    #expect(!holdsRaw(result.output))
    #expect(result.output.contains(#"send:a\u{202E}b\u{200B}c"#))
  }

  @Test("an error message echoes what was typed, escaped")
  func message() {
    let result = fsm("run", "turnstile", "co\u{202E}in\u{200B}")
    #expect(result.status == 64)
    #expect(!holdsRaw(result.errors))
    #expect(result.firstError.contains(#"'co\u{202E}in\u{200B}'"#))
  }

  @Test("the shell echoes what was typed, escaped")
  func shell() {
    let result = fsm(
      "shell", "tcp-connection", input: ["passiveOpen", "send:\(hidden)", "dan\u{202E}ce"])
    #expect(!holdsRaw(result.output))
    #expect(result.output.contains(#"queued:a\u{202E}b\u{200B}c"#))
    #expect(result.output.contains(#"'dan\u{202E}ce'"#))
  }

  @Test("fsm diagram: a run's labels in DOT and SVG show U+FFFD, as for a control character")
  func diagram() {
    for format in ["dot", "svg"] {
      let result = fsm(
        "diagram", "tcp-connection", "--events", "send:\(hidden)", "--format", format)
      #expect(result.status == 0)
      #expect(!holdsRaw(result.output), "\(format)")
      #expect(result.output.contains("send:a\u{FFFD}b\u{FFFD}c"), "\(format)")
    }
  }

  @Test("the class view's JSON: a step and an error")
  func classViewJSON() throws {
    let client = ClassViewClient()
    _ = try client.step("tcp-connection", "passiveOpen")
    let body = #"{"event": "send:a\u202Eb\u200Bc"}"#
    let step = text(of: client.request("POST", "/api/machines/tcp-connection/step", body: body))
    #expect(!holdsRaw(step))
    #expect(step.contains(#"send:a\u202Eb\u200Bc"#))
    let bad = #"{"event": "dan\u202Ece"}"#
    let error = text(of: client.request("POST", "/api/machines/tcp-connection/step", body: bad))
    #expect(!holdsRaw(error))
    #expect(error.contains("dan"))
  }

  @Test("the class view's diagram of a session: U+FFFD in the SVG")
  func classViewDiagram() throws {
    let client = ClassViewClient()
    // Rejected while closed, so the legend lists the event as written.
    _ = try client.step("tcp-connection", "send:\(hidden)")
    let svg = text(of: client.request("GET", "/api/machines/tcp-connection/diagram"))
    #expect(svg.contains("<svg"))
    #expect(!holdsRaw(svg))
  }

  @Test("the class view's HTML escaping makes them visible")
  func html() {
    #expect(escaped("<\(hidden)>") == #"&lt;a\u{202E}b\u{200B}c&gt;"#)
    #expect(escaped("tab\tand line\n") == "tab\tand line\n")
  }

  @Test("fsm compare's SVG chart shows U+FFFD, as for a control character")
  func chart() {
    #expect(SVGMarkup.escaped("<\(hidden)\u{1}>") == "&lt;a\u{FFFD}b\u{FFFD}c\u{FFFD}&gt;")
  }

  @Test("emoji keep their zero-width joiners; every other format character is escaped")
  func predicate() {
    #expect("👩‍👩‍👧".printable == "👩‍👩‍👧")
    for scalar in ["\u{AD}", "\u{200B}", "\u{200E}", "\u{2066}", "\u{2069}", "\u{FEFF}"] {
      #expect(("x" + scalar).printable.hasPrefix(#"x\u{"#), "\(scalar.debugDescription)")
    }
  }
}

/// `name` with an escape sequence that would clear the screen and turn the
/// rest red, and a right-to-left override, as a results file may hold.
private func hostile(_ name: String) -> String {
  "\(name)\u{1B}[2J\u{1B}[31m\u{202E}x"
}

/// Whether `text` holds an ESC or a right-to-left override as it is.
private func holdsRawSequence(_ text: String) -> Bool {
  text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }
}

@Suite("fsm compare escapes every text of a results file, in every format")
struct CompareEscapingTests {
  /// The crafted file's text fields that the report and the CSV print (the
  /// path is the file's own).
  static let fields = [
    "cpu", "swift", "os", "command", "contender", "host", "architecture", "date",
  ]

  /// Results whose every label field, a contender and a machine hold an
  /// escape sequence and a right-to-left override.
  static let results: ComparisonResults = {
    let cells = [
      CraftedResults.cell("turnstile/enum/typical", 2),
      CraftedResults.cell("turnstile/\(hostile("contender"))/typical", 4),
      CraftedResults.cell("\(hostile("machine"))/enum/typical", 3),
    ]
    var results = CraftedResults.results(cells, cpu: hostile("cpu"), swift: hostile("swift"))
    results.label.os = hostile("os")
    results.label.host = hostile("host")
    results.label.architecture = hostile("architecture")
    results.label.date = hostile("date")
    results.label.path = hostile("path")
    results.label.processors = hostile("processors")
    results.label.memory = hostile("memory")
    results.label.instructions = hostile("instructions")
    results.label.runs = [
      ResultsLabel.Run(
        file: hostile("file"), date: hostile("date"), suiteSeconds: 60, command: hostile("command"))
    ]
    return results
  }()

  /// The results written as a JSON document, for `--results`.
  private func file(in folder: TemporaryFolder) throws -> String {
    let path = folder.file("results.json")
    try ResultsJSON.encode(Self.results).write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  @Test(
    "the report, brief or not, and the check, escaped as Swift writes them",
    arguments: [[], ["--brief"], ["--format", "csv"]])
  func text(options: [String]) throws {
    let folder = try TemporaryFolder()
    let result = fsm(["compare", "--results", try file(in: folder)] + options)
    #expect(result.status == 0, "\(result.errors)")
    #expect(!holdsRawSequence(result.output))
    #expect(!holdsRawSequence(result.errors))
    let shown = options.isEmpty || options == ["--format", "csv"] ? Self.fields : ["contender"]
    for field in shown {
      #expect(result.output.contains(#"\#(field)\u{1B}[2J\u{1B}[31m\u{202E}x"#), "\(field)")
    }
  }

  @Test("--against: the check of the file against itself")
  func check() throws {
    let folder = try TemporaryFolder()
    let path = try file(in: folder)
    let result = fsm("compare", "--results", path, "--against", path)
    #expect(result.status == 0, "\(result.errors)")
    #expect(!holdsRawSequence(result.output))
    #expect(result.output.contains(#"contender\u{1B}[2J\u{1B}[31m\u{202E}x"#))
  }

  @Test("JSON: \\u escapes, which read back as the file's text")
  func json() throws {
    let folder = try TemporaryFolder()
    let result = fsm("compare", "--results", try file(in: folder), "--format", "json")
    #expect(result.status == 0, "\(result.errors)")
    #expect(!holdsRawSequence(result.output))
    #expect(result.output.contains(#"\u202Ex"#))
    let read = try ResultsJSON.decode(result.output, path: "the output")
    #expect(read.label == Self.results.label)
    #expect(read.contenders == Self.results.contenders)
    #expect(read.machines == Self.results.machines)
  }

  @Test("SVG: U+FFFD, as for the diagrams")
  func svg() throws {
    let folder = try TemporaryFolder()
    let result = fsm("compare", "--results", try file(in: folder), "--format", "svg")
    #expect(result.status == 0, "\(result.errors)")
    #expect(!holdsRawSequence(result.output))
    #expect(result.output.contains("contender\u{FFFD}[2J\u{FFFD}[31m\u{FFFD}x"))
  }

  @Test("an error that quotes the file")
  func error() throws {
    let folder = try TemporaryFolder()
    var results = Self.results
    results.cells.append(results.cells[1])
    let path = folder.file("twice.json")
    try ResultsJSON.encode(results).write(toFile: path, atomically: false, encoding: .utf8)
    let result = fsm("compare", "--results", path)
    #expect(result.status == 1)
    #expect(!holdsRawSequence(result.errors))
    #expect(result.errors.contains(#"contender\u{1B}[2J\u{1B}[31m\u{202E}x"#))
  }
}
