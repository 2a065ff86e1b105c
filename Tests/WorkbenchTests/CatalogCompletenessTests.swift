import Foundation
import StateMachines
import Testing

@testable import Workbench

/// The catalog (`Sources/Workbench/Catalog/Machines.swift`) is the one list
/// of machines: the CLI, the tour, the class view and the conformance suite
/// read it. The few places that cannot read it (the benchmarks, a package of
/// their own whose loop is specialised per machine type; the files named
/// after the machine; the tables of the READMEs) are checked here, and a
/// failure names the file a machine was left out of (CONTRIBUTING.md,
/// "Adding a machine").
@Suite("every machine of the catalog is everywhere it must be")
struct CatalogCompletenessTests {
  /// The root of this checkout, found from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The text of the file at `path` from the root, or "" if it is missing.
  static func text(_ path: String) -> String {
    (try? String(contentsOf: root.appending(path: path), encoding: .utf8)) ?? ""
  }

  /// Whether the file at `path` from the root exists.
  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appending(path: path).path)
  }

  /// The name of `machine`'s namespace type, which names its files.
  static func typeName(_ machine: any CatalogMachine.Type) -> String {
    String(describing: machine)
  }

  @Test("the benchmarks measure it", arguments: Machines.ids)
  func benchmarked(id: String) throws {
    let machine = try #require(Machines.named(id))
    let type = Self.typeName(machine)
    let registry = "Benchmarks/Harness/BenchmarkedMachines.swift"
    #expect(
      Self.text(registry).contains("visitor.visit(\(type).self)"),
      "\(id) is not in \(registry): add `visitor.visit(\(type).self)`")
    let conformance = "Benchmarks/Harness/Machines/\(type)+Benchmarked.swift"
    #expect(
      Self.exists(conformance),
      "\(id) has no \(conformance): conform it to BenchmarkedMachine (its typical episode)")
  }

  @Test("it is written in every style, one file each", arguments: Machines.ids)
  func styleFiles(id: String) throws {
    let machine = try #require(Machines.named(id))
    let type = Self.typeName(machine)
    for suffix in machine.allImplementations.map(\.fileSuffix) {
      let path = "Sources/StateMachines/\(type)/\(type)+\(suffix).swift"
      #expect(Self.exists(path), "\(id) has no \(path)")
    }
    #expect(Self.exists("Sources/StateMachines/\(type)/\(type).swift"))
  }

  @Test("the READMEs list it", arguments: Machines.workbench.map { $0.id })
  func listed(id: String) {
    #expect(
      Self.text("README.md").contains("| `\(id)` |"),
      "README.md's table of machines has no row for `\(id)`")
    #expect(
      Self.text("docs/README.md").contains("[machines/\(id).md](machines/\(id).md)"),
      "docs/README.md does not list machines/\(id).md")
  }
}
