import Foundation
import Testing

@testable import Workbench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The three runs in `format`.
private func runs(_ format: ComparisonFormat, output: String? = nil) throws -> String {
  try Comparison.report(results: ComparisonFixtures.runs, format: format, output: output)
}

@Suite("compare --format json")
struct ComparisonJSONTests {
  @Test("one document with the label, the noise band, every cell, the checks and the scale")
  func document() throws {
    let text = try runs(.json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["about", "noiseBand", "cells", "linearity", "scale", "boundary"])
    #expect(object["noiseBand"] as? Double == NoiseBand.relative)
    let about = try #require(object["about"] as? [String: Any])
    #expect(about["kind"] as? String == "local")
    #expect(about["cpu"] as? String == "Example CPU 3000")
    #expect(
      (about["runs"] as? [[String: Any]])?.compactMap { $0["suiteSeconds"] as? Double }
        == [60.5, 61, 59.5])
    let cells = try #require(object["cells"] as? [[String: Any]])
    #expect(cells.count == 8)
    let table = try #require(cells.first { $0["contender"] as? String == "table" })
    #expect(table["nsPerEvent"] as? Double == 12.6)
    #expect(table["nsMin"] as? Double == 12)
    #expect(table["nsMax"] as? Double == 20)
    #expect(
      Set(table.keys) == [
        "machine", "stream", "contender", "configuration", "nsPerEvent", "nsMin", "nsMax",
        "ratioToEnum", "mallocsPerEvent",
      ])
    #expect(table["configuration"] as? String == "package")
    // One configuration: nothing to share.
    #expect((object["boundary"] as? [Any])?.isEmpty == true)
    #expect((object["scale"] as? [Any])?.count == 1)
    #expect((object["linearity"] as? [Any])?.count == 1)
  }

  @Test("sorted keys, pretty printed, the label first, the same bytes every time")
  func stable() throws {
    let text = try runs(.json)
    #expect(text.hasPrefix("{\n  \"about\" : {\n"))
    #expect(text.hasSuffix("}\n"))
    #expect(try runs(.json) == text)
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
      $0.drop { $0 == " " }.prefix { $0 != ":" }
    }
    #expect(keys == keys.sorted())
  }

  @Test("a document reads back as the same document")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("results.json")
    try runs(.json).write(toFile: path, atomically: false, encoding: .utf8)
    let again = try Comparison.report(results: [path], format: .json)
    #expect(again == (try String(contentsOfFile: path, encoding: .utf8)))
    // The hand-made committed document too, and by its content alone, once
    // written as documents are written now: it predates the
    // configurations, so its cells are written as the package's.
    let committed = try ComparisonFixtures.text(ComparisonFixtures.committed)
    let renamed = folder.file("committed.txt")
    try committed.write(toFile: renamed, atomically: false, encoding: .utf8)
    let rewritten = try Comparison.report(results: [renamed], format: .json)
    #expect(rewritten.components(separatedBy: "\"configuration\" : \"package\"").count == 5)
    try rewritten.write(toFile: renamed, atomically: false, encoding: .utf8)
    #expect(try Comparison.report(results: [renamed], format: .json) == rewritten)
  }

  @Test("a document shows as the runs it was made from do")
  func sameReport() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("results.json")
    try runs(.json).write(toFile: path, atomically: false, encoding: .utf8)
    let fromDocument = try Comparison.report(results: [path], format: .csv)
    let fromRuns = try runs(.csv)
    // Only the label's path differs: the document is where it was read from.
    #expect(
      fromDocument.split(separator: "\n").filter { !$0.hasPrefix("#") }
        == fromRuns.split(separator: "\n").filter { !$0.hasPrefix("#") })
    #expect(fromDocument.hasPrefix("# Dispatch cost per event: local run, \(path)\n"))
  }

  @Test("a document written with --output is labelled with its file; committed in docs/benchmarks")
  func labelledByOutput() throws {
    let text = try runs(.json, output: "docs/benchmarks/results.json")
    let results = try ResultsJSON.decode(text, path: "inline")
    #expect(results.label.kind == .committed)
    #expect(results.label.path == "docs/benchmarks/results.json")
    #expect(results.label.runs.map(\.file) == ComparisonFixtures.runs)
  }

  @Test(
    "a document that cannot be read is an error naming what is wrong",
    arguments: [
      ("{\"about\": ", "it is not valid JSON"),
      ("[1, 2]", "it is not a results document of fsm compare --format json: 'the document'"),
      ("{}", "'about' is missing"),
      (
        "{\"about\": {\"kind\": \"committed\", \"path\": \"p\"}, \"cells\": []}",
        "'about.runs' is missing"
      ),
      (
        "{\"about\": {\"kind\": \"mine\", \"path\": \"p\", \"runs\": []}, \"cells\": [], "
          + "\"noiseBand\": 0.15, \"linearity\": [], \"scale\": []}",
        "'about.kind' has a value it cannot have"
      ),
      (
        "{\"about\": {\"kind\": \"local\", \"path\": \"p\", \"runs\": []}, \"cells\": [], "
          + "\"noiseBand\": 0.15, \"linearity\": [], \"scale\": []}",
        "it holds no dispatch-cost benchmarks"
      ),
    ])
  func malformed(text: String, reason: String) throws {
    let folder = try TemporaryFolder()
    let path = folder.file("bad.json")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    #expect {
      try Comparison.report(results: [path])
    } throws: { error in
      "\(error)".contains("The benchmark results at \(path) cannot be read: ")
        && "\(error)".contains(reason)
    }
  }

  @Test("a number no run can measure, or a cell given twice, is refused by name")
  func impossibleNumbers() throws {
    var results = try ComparisonFixtures.combined()
    results.cells[2].nsMin = -1
    #expect(
      ResultsCheck.problem(in: results)
        == "'cells[2].nsMin' is -1.0, not a number from 0 to 1.8e308")
    results = try ComparisonFixtures.combined()
    results.cells.append(results.cells[0])
    #expect(
      ResultsCheck.problem(in: results)
        == "'cells[8]' is turnstile/no-machine/typical a second time")
    results = try ComparisonFixtures.combined()
    results.scale[0].points[1].events = 0
    #expect(
      ResultsCheck.problem(in: results)
        == "'scale[0].points[1].events' is 0, not a number of events from 1 to \(Int.max)")
    #expect(ResultsCheck.problem(in: try ComparisonFixtures.combined()) == nil)
  }

  @Test("the fixture cut short is not JSON")
  func cutShort() {
    #expect {
      try Comparison.report(results: [ComparisonFixtures.malformed])
    } throws: { error in
      "\(error)".contains("cannot be read: it is not valid JSON")
    }
  }
}

@Suite("compare --format csv")
struct ComparisonCSVTests {
  @Test("the label as comments, one header line, one row per cell")
  func rows() throws {
    let lines = try runs(.csv).split(separator: "\n", omittingEmptySubsequences: false)
    let comments = lines.prefix { $0.hasPrefix("# ") }
    #expect(
      comments.first == "# Dispatch cost per event: local run, "
        + ComparisonFixtures.runs.joined(separator: ", "))
    #expect(comments.contains("# source: local"))
    #expect(comments.contains("# cpu: Example CPU 3000"))
    #expect(comments.contains("# suite-seconds: 60.5; 61.0; 59.5"))
    #expect(comments.contains("# noise-band: \(NoiseBand.relative)"))
    let body = lines.dropFirst(comments.count)
    let header =
      "machine,stream,contender,ns_per_event,ns_min,ns_max,ratio_to_enum,mallocs_per_event,"
      + "configuration,instructions_per_event,boundary_time_share,boundary_instruction_share,"
      + "branches_per_event,mispredictions_per_event,indirect_mispredictions_per_event,"
      + "cache_misses_per_event,predicted_ns_per_event"
    #expect(body.first.map(String.init) == header)
    #expect(body.last == "")  // The file ends with a newline.
    let rows = body.dropFirst().dropLast()
    #expect(rows.count == (try ComparisonFixtures.combined()).cells.count)
    // Not counted, not simulated, and measured in one configuration: the
    // last eight are empty.
    #expect(rows.contains("turnstile,typical,table,12.6,12.0,20.0,4.2,0.0,package,,,,,,,,"))
    #expect(rows.contains("turnstile,typical,enum,3.0,2.9,3.3,1.0,0.0,package,,,,,,,,"))
  }

  @Test("a cell without enum has an empty ratio; a field with a comma is quoted")
  func fields() throws {
    var results = try ComparisonFixtures.combined()
    results.cells = [results.cells[0]]
    results.cells[0].machine = "odd, \"machine\""
    results.cells[0].ratioToEnum = nil
    let row = ComparisonCSV.render(results).split(separator: "\n").last
    #expect(row == "\"odd, \"\"machine\"\"\",typical,no-machine,1.0,1.0,1.0,,0.0,package,,,,,,,,")
  }
}

/// Collects what the chart's XML holds, as XMLParser reads it.
private final class SVGReader: NSObject, XMLParserDelegate {
  /// The root element's name and attributes.
  var root: (name: String, attributes: [String: String])?
  /// The attributes of each bar.
  var bars: [[String: String]] = []
  /// The text of every text element.
  var texts: [String] = []
  /// The text being read.
  private var current: String?

  /// Keeps the root, the bars and the start of a text element.
  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    if root == nil { root = (name, attributes) }
    if name == "rect", attributes["class"] == "bar" { bars.append(attributes) }
    if name == "text" { current = "" }
  }

  /// Adds to the text being read.
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    current? += string
  }

  /// Keeps a text element's whole text.
  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if name == "text", let current { texts.append(current) }
    current = nil
  }

  /// Reads `svg`; false when it is not well-formed XML.
  func read(_ svg: String) -> Bool {
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    return parser.parse()
  }
}

@Suite("compare --format svg")
struct ComparisonSVGTests {
  @Test("well-formed standalone SVG that scales, named and described for a screen reader")
  func wellFormed() throws {
    let reader = SVGReader()
    let svg = try runs(.svg)
    #expect(reader.read(svg))
    let root = try #require(reader.root)
    #expect(root.name == "svg")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    // Its own size, and a viewBox of the same, so that it scales to any width.
    let height = ChartLayout(try ComparisonFixtures.combined()).height
    #expect(root.attributes["width"] == "960")
    #expect(root.attributes["height"] == "\(Int(height))")
    #expect(root.attributes["viewBox"] == "0 0 960.0 \(SVGMarkup.number(height))")
    #expect(root.attributes["role"] == "img")
    #expect(root.attributes["aria-labelledby"] == "\(SVGChart.titleID) \(SVGChart.descriptionID)")
    #expect(
      svg.contains("<title id=\"\(SVGChart.titleID)\">Dispatch cost per event, typical stream"))
    #expect(svg.contains("<desc id=\"\(SVGChart.descriptionID)\">Horizontal bars"))
  }

  @Test("one bar per cell of every stream, each contender in one colour")
  func bars() throws {
    let reader = SVGReader()
    let results = try ComparisonResults(
      runs: [
        try BenchmarkResults(
          influxCSV: ComparisonFixtures.text(ComparisonFixtures.sample), path: "sample")
      ], kind: .local)
    #expect(reader.read(SVGChart(results: results).render()))
    #expect(Set(results.streams) == ["uniform", "typical"])
    #expect(reader.bars.count == results.cells.count)
    #expect(
      Set(
        reader.bars.map {
          "\($0["data-machine"] ?? "")/\($0["data-stream"] ?? "")/\($0["data-contender"] ?? "")"
        })
        == Set(results.cells.map { "\($0.machine)/\($0.stream)/\($0.contender)" }))
    let fills = Dictionary(grouping: reader.bars) { $0["data-contender"] ?? "" }
      .mapValues { Set($0.compactMap { $0["fill"] }) }
    #expect(fills.values.allSatisfy { $0.count == 1 })
    #expect(fills["no-machine"] == [ChartPalette.lowerBoundFill])
    #expect(fills["enum"] != fills["no-machine"])
  }

  @Test("a legend, labelled gridlines on a log scale, the lower bound drawn apart, the label")
  func reading() throws {
    let svg = try runs(.svg)
    let reader = SVGReader()
    #expect(reader.read(svg))
    for label in ["0.1 ns", "1 ns", "10 ns", "100 ns", "1000 ns"] {
      #expect(reader.texts.contains(label))
    }
    for contender in try ComparisonFixtures.combined().contenders {
      #expect(reader.texts.contains(Contenders.title(of: contender)))
    }
    #expect(reader.texts.contains("no-machine (lower bound)"))
    #expect(svg.contains("class=\"lower-bound\""))
    #expect(
      reader.texts.first == "Dispatch cost per event, typical stream: local run of 2026-01-10")
    #expect(reader.texts.contains { $0.hasPrefix("Example CPU 3000, host lab; 3 runs") })
    // Ten times the time is the same height more, at any height.
    let scale = LogScale(values: [1, 500])
    #expect(scale.powers == -1...3)
    #expect(abs((scale.fraction(of: 100) - scale.fraction(of: 10)) - 0.25) < 1e-12)
  }

  @Test("the same results give the same bytes")
  func deterministic() throws {
    #expect(try runs(.svg) == (try runs(.svg)))
  }

  @Test("text is escaped")
  func escaped() throws {
    var results = try ComparisonFixtures.combined()
    results.cells = results.cells.map { cell in
      var cell = cell
      cell.machine = "<a & \"b\">"
      return cell
    }
    results.label.cpu = "CPU <fast> & 'cheap'"
    let reader = SVGReader()
    #expect(reader.read(SVGChart(results: results).render()))
    #expect(reader.texts.contains("<a & \"b\">"))
    #expect(reader.texts.contains { $0.hasPrefix("CPU <fast> & 'cheap'") })
  }
}
