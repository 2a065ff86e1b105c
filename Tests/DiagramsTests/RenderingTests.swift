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

  @Test("rendering one diagram many times does not grow memory")
  func memory() throws {
    let dot = SecuritySystem.diagram().dot
    for _ in 0..<20 { _ = try Graphviz.render(dot, as: .png) }
    // Other tests run meanwhile, and resident memory is a high-water mark:
    // their peaks show up in one batch, a leak in every batch. So the
    // smallest growth of three batches is the one that counts.
    var growths: [Int] = []
    for _ in 0..<3 {
      let before = try ResidentMemory.bytes()
      for _ in 0..<200 { _ = try Graphviz.render(dot, as: .png) }
      growths.append(try ResidentMemory.bytes() - before)
    }
    let growth = growths.min() ?? 0
    // Each PNG is about 57 KB, so an output buffer not freed adds 11 MiB
    // per batch, and a layout not freed 17 MiB (both tried). Graphviz 2.43
    // itself loses about 2.5 KB per render in its HTML-like label code
    // (0.5 MiB per batch): the bound leaves room for that.
    #expect(growth < 8 << 20, "resident memory grew by \(growth >> 10) KiB over 200 renders")
  }
}

extension Machine {
  /// The public ids of the states, as a diagram shows them.
  static var stateNames: [String] { State.allCases.map(\.rawValue) }
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
