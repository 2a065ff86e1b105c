import Foundation
import StateMachines
import Testing
import Workbench

@testable import Diagrams

/// Rendering through Graphviz's C library: formats, errors, threads, memory.
@Suite("Rendering")
struct RenderingTests {
  @Test("every machine renders as SVG that parses and names every state", arguments: Machines.ids)
  func svg(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let (svg, warnings) = try Graphviz.renderReporting(type.diagram().dot, renderer: "svg")
    #expect(warnings.isEmpty, "Graphviz warned: \(warnings)")
    let texts = try SVG.texts(in: svg)
    for state in type.stateNames {
      #expect(texts.contains(state), "\(state) is not in the SVG")
    }
  }

  @Test("PNG starts with the PNG signature", arguments: Machines.ids)
  func png(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let png = try type.diagram().render(as: .png)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
  }

  @Test("PDF starts with %PDF", arguments: Machines.ids)
  func pdf(machine: String) throws {
    let type = try #require(Machines.named(machine))
    let pdf = try type.diagram().render(as: .pdf)
    #expect(pdf.starts(with: Array("%PDF".utf8)))
  }

  @Test("DOT is the writer's text, untouched by Graphviz")
  func dot() throws {
    let diagram = Turnstile.diagram()
    #expect(try diagram.render(as: .dot) == Array(diagram.dot.utf8))
  }

  @Test("malformed DOT throws Graphviz's own message")
  func syntaxError() {
    #expect {
      try Graphviz.render("digraph { a -> }", as: .svg)
    } throws: { error in
      let message = (error as? GraphvizError)?.message ?? ""
      return message.contains("syntax error")
    }
    // Graphviz recovers: the next render works.
    #expect(throws: Never.self) { try Turnstile.diagram().render(as: .svg) }
  }

  @Test("an unknown output format throws Graphviz's message")
  func unknownFormat() {
    #expect {
      try Graphviz.render(Turnstile.diagram().dot, renderer: "no-such-format")
    } throws: { error in
      let message = (error as? GraphvizError)?.message ?? ""
      return message.contains("no-such-format")
    }
  }

  @Test("many tasks render at once without crashes or corrupt output")
  func concurrency() async throws {
    let diagrams = Machines.all.map { $0.diagram() } + [Kiosk.diagram()]
    let formats: [DiagramFormat] = [.svg, .png]
    var expected: [String: [UInt8]] = [:]
    for diagram in diagrams {
      for format in formats {
        expected["\(diagram.name).\(format)"] = try diagram.render(as: format)
      }
    }
    let results = try await withThrowingTaskGroup(of: (String, [UInt8]).self) { group in
      for round in 0..<8 {
        for (index, diagram) in diagrams.enumerated() {
          let format = formats[(round + index) % formats.count]
          group.addTask { ("\(diagram.name).\(format)", try diagram.render(as: format)) }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8 * diagrams.count)
    for (key, bytes) in results {
      #expect(bytes == expected[key], "\(key) differs from a render done alone")
    }
  }

  @Test("thousands of renders grow resident memory by less than 2 KiB each")
  func memory() throws {
    let diagrams = RenderMemory.diagrams
    if let renders = RenderMemory.requestedRenders {
      // `scripts/render-memory`: one batch of the size asked for, reported.
      let format = RenderMemory.requestedFormat
      // The first renders fill caches (fonts, glyphs, the PNG encoder's).
      for diagram in diagrams { _ = try diagram.render(as: format) }
      let growth = try RenderMemory.growth(renders: renders, of: diagrams, as: format)
      print(RenderMemory.report(growth, renders: renders, format: format))
      // Up to 10,000 renders, less than 20 MiB in all: the first few
      // hundred PNGs raise glibc's mmap threshold, a one-time few MiB.
      #expect(growth < max(renders, 10_000) * RenderMemory.boundPerRender)
      return
    }
    // Other tests run meanwhile, and resident memory is a high-water mark:
    // their peaks show up in one batch, a leak in every batch. So the
    // smallest growth of five batches is the one that counts.
    for diagram in diagrams { _ = try diagram.render(as: .svg) }
    let renders = 400
    var growths: [Int] = []
    for _ in 0..<5 {
      growths.append(try RenderMemory.growth(renders: renders, of: diagrams, as: .svg))
    }
    let growth = growths.min() ?? 0
    // A leak of 2 KiB per render would be 20 MiB over 10,000. Before the
    // workbench avoided Graphviz 2.43's leaks, these renders lost 3.5 KB
    // each; now about 0.5 KB (docs/diagrams.md, "Memory and sanitizers").
    #expect(
      growth < renders * RenderMemory.boundPerRender,
      "\(RenderMemory.report(growth, renders: renders, format: .svg)); batches: \(growths)")
  }
}

/// Renders many diagrams in a row and measures what stays behind.
enum RenderMemory {
  /// The most a render may leave behind, on average: 20 MiB over 10,000.
  static let boundPerRender = (20 << 20) / 10_000

  /// Every machine's diagram, and a run drawn over one, so that every kind
  /// of label is rendered: compartments, counts, the state the run ended in.
  static var diagrams: [Diagram] {
    let run = TraceOverlay<Turnstile.State>(
      start: .locked,
      steps: [
        .init(from: .locked, event: "coin", to: .unlocked, fired: true),
        .init(from: .unlocked, event: "coin", to: .unlocked, fired: true),
        .init(from: .unlocked, event: "pass", to: .locked, fired: true),
      ])
    return Machines.all.map { $0.diagram() } + [Turnstile.diagram(highlighting: run)]
  }

  /// How many renders `scripts/render-memory` asked for, if it is running.
  static var requestedRenders: Int? {
    ProcessInfo.processInfo.environment["RENDER_MEMORY_RENDERS"].flatMap { Int($0) }
  }

  /// The format `scripts/render-memory` asked for: SVG unless it says PNG.
  static var requestedFormat: DiagramFormat {
    ProcessInfo.processInfo.environment["RENDER_MEMORY_FORMAT"] == "png" ? .png : .svg
  }

  /// How much resident memory grew over `renders` renders of `diagrams` in
  /// turn, in bytes.
  static func growth(renders: Int, of diagrams: [Diagram], as format: DiagramFormat) throws -> Int {
    let before = try ResidentMemory.bytes()
    for index in 0..<renders {
      _ = try diagrams[index % diagrams.count].render(as: format)
    }
    return try ResidentMemory.bytes() - before
  }

  /// The figure, as in `10000 SVG renders: resident memory grew by 3.1 MiB
  /// (325 bytes per render)`.
  static func report(_ growth: Int, renders: Int, format: DiagramFormat) -> String {
    let mebibytes = (Double(growth) / Double(1 << 20) * 10).rounded() / 10
    let figure = "resident memory grew by \(mebibytes) MiB (\(growth / renders) bytes per render)"
    return "\(renders) \(format.rawValue.uppercased()) renders: \(figure)"
  }
}

extension Machine {
  /// The names of the states as `diagram()` shows them: a figure's names
  /// where it is drawn in a figure's labels, the public ids otherwise.
  static var stateNames: [String] {
    DescribedState.allCases.map { defaultFigureLabels?.states[$0] ?? $0.rawValue }
  }
}

/// The process's resident memory, from Linux's `/proc`.
enum ResidentMemory {
  /// The resident set size in bytes.
  static func bytes() throws -> Int {
    let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
    let fields = statm.split(separator: " ")
    let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
