extension Emitter {
  /// `DoorScenarios.swift`: the worked examples, one per row, and what
  /// each state ignores, for the conformance suite.
  func scenariosFile() -> String {
    var lines = [
      "import ConformanceSupport",
      "import StateMachines",
      "",
      "extension \(type): Conformant {",
      "  /// What the table style draws, which the description must be.",
      "  public static var tableStyleRows: DrawnRows<DescribedState> { Table.table.drawn }",
      "",
      "  /// The worked examples, one per row of the table, and what each state ignores.",
      "  public static let scenarios: [Scenario<\(type)>] = [",
    ]
    let walks = Walks(table)
    for row in table.rows {
      let steps = walks.example(for: row).map(fires)
      lines += scenario("worked example: \(row.label(in: table))", steps)
    }
    let ways = walks.ways
    for state in table.states {
      let ignored = table.events.filter { table.rows(from: state, on: $0.name).isEmpty }
      guard !ignored.isEmpty, let way = ways[state] else { continue }
      let names = ignored.map { "`\($0.name)`" }.joinedAsList(conjunction: "and")
      let steps = way.map(fires) + ignored.map { ".ignores(\(sample($0.name)))" }
      lines += scenario("\(state) ignores \(names)", steps)
    }
    return Self.file(lines + ["  ]", "}"])
  }

  /// The expectation of a row that fires: its event, its target, its outputs.
  private func fires(_ row: MachineTable.Row) -> String {
    let outputs = table.outputs(of: row).map { ", .\($0)" }.joined()
    return ".fires(\(sample(row.event)), to: .\(row.target)\(outputs))"
  }

  /// One `Scenario(...)` of the list.
  private func scenario(_ title: String, _ steps: [String]) -> [String] {
    let name = Self.stringLiteral(title.replacingOccurrences(of: "`", with: ""))
    let opening = "    Scenario("
    if steps.count == 1, let step = steps.first {
      let one = "\(opening)\(name), [\(step)]),"
      if one.count <= 100 { return [one] }
      let inner = "      \(name), [\(step)]),"
      if inner.count <= 100 { return [opening, inner] }
      return [opening, "      \(name),", "      [", "        \(step)", "      ]),"]
    }
    return [opening, "      \(name),", "      ["] + steps.map { "        \($0)," } + ["      ]),"]
  }

  /// `Door+Benchmarked.swift`: the typical episode the benchmarks repeat.
  func benchmarkFile() -> String {
    var lines = [
      "#if !OWN_CODE  // OwnCode has the machines in its own module: Benchmarks/Package.swift",
      "  import StateMachines",
      "#endif",
      "",
      "extension \(type): BenchmarkedMachine {",
    ]
    if let episode = Walks(table).episode {
      let path = ([table.initial] + episode.map(\.target)).joined(separator: ", ")
      lines += [
        "  /// A typical episode, which ends where it began: \(path).",
        "  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {",
      ]
      lines += Self.arrayLiteral(episode.map { sample($0.event) }, indent: 4)
    } else {
      lines += [
        "  /// The worked examples one after another: no run of the table leads back",
        "  /// to `\(table.initial)`.",
        "  public static func typicalEpisode(using generator: inout SeededGenerator) -> [Event] {",
        "    workedExamples.flatMap(\\.events)",
      ]
    }
    return Self.file(lines + ["  }", "}"])
  }

  /// `Door+Catalog.swift`: the machine in the catalog.
  func catalogFile() -> String {
    Self.file([
      "import StateMachines",
      "",
      "// Added by `fsm new \(table.id)`: its line in `Machines.added` is in AddedMachines.swift.",
      "extension \(type): CatalogMachine {}",
    ])
  }
}
