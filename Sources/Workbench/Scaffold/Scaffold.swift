import Foundation

/// What `fsm new` writes for a machine: every file, and the one line that
/// registers it in each of two lists, all or nothing, never over anything
/// that exists.
struct Scaffold {
  /// A file to write: its path under the checkout, and its text.
  struct File: Hashable, Sendable {
    /// The path, relative to the checkout.
    var path: String
    /// The whole text.
    var text: String
  }

  /// A line inserted into a file that exists.
  struct Insertion: Hashable, Sendable {
    /// The path, relative to the checkout.
    var path: String
    /// The line inserted.
    var line: String
  }

  /// Why nothing was written.
  struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is in the way, and what to do.
    var description: String
  }

  /// The machine.
  let table: MachineTable

  /// The text of the table it was read from, for its page.
  let source: String

  /// The files new to the checkout, in the order they are listed.
  var files: [File] {
    let emitter = Emitter(table: table)
    let type = table.typeName
    let folder = "Sources/StateMachines/\(type)"
    return [
      File(path: "\(folder)/\(type).swift", text: emitter.vocabularyFile()),
      File(path: "\(folder)/\(type)+NestedSwitch.swift", text: emitter.nestedSwitchFile()),
      File(path: "\(folder)/\(type)+Enum.swift", text: emitter.enumFile()),
      File(path: "\(folder)/\(type)+StatePattern.swift", text: emitter.statePatternFile()),
      File(
        path: "\(folder)/\(type)+StatePatternTypes.swift", text: emitter.statePatternTypesFile()),
      File(path: "\(folder)/\(type)+StateClasses.swift", text: emitter.stateClassesFile()),
      File(path: "\(folder)/\(type)+Table.swift", text: emitter.tableFile()),
      File(
        path: "Sources/Workbench/Catalog/Added/\(type)+Catalog.swift", text: emitter.catalogFile()),
      File(
        path: "Tests/StateMachinesTests/Scenarios/\(type)Scenarios.swift",
        text: emitter.scenariosFile()),
      File(
        path: "Benchmarks/Harness/Machines/\(type)+Benchmarked.swift",
        text: emitter.benchmarkFile()),
      File(path: "docs/machines/\(table.id).md", text: emitter.pageFile(source: source)),
    ]
  }

  /// The lines that register the machine: in the catalog, and in the
  /// benchmarks' list.
  var insertions: [Insertion] {
    [
      Insertion(path: Self.catalog, line: "    \(table.typeName).self,"),
      Insertion(path: Self.benchmarked, line: "  visitor.visit(\(table.typeName).self)"),
    ]
  }

  /// The list of machines added to the catalog.
  static let catalog = "Sources/Workbench/Catalog/AddedMachines.swift"

  /// The benchmarks' list of machines.
  static let benchmarked = "Benchmarks/Harness/BenchmarkedMachines.swift"

  /// The guards to write: each function's name, the line of its stand-in in
  /// the vocabulary file, and its label.
  var unwrittenGuards: [(name: String, line: Int, label: String)] {
    let lines = files[0].text.split(separator: "\n", omittingEmptySubsequences: false)
    return table.guards.map { guardInfo in
      let call = "unwrittenGuard(\"\(guardInfo.functionName)\""
      let line = lines.firstIndex { $0.contains(call) }.map { $0 + 1 } ?? 0
      return (guardInfo.functionName, line, guardInfo.label)
    }
  }

  /// Whether the code of `text` names `type.self`: its `//` comments left
  /// out (the catalog's list shows the line to add as `Door.self`), and
  /// only as a whole name (`GarageDoor.self` does not name `Door`).
  static func names(_ type: String, in text: String) -> Bool {
    let name = NSRegularExpression.escapedPattern(for: "\(type).self")
    guard let pattern = try? NSRegularExpression(pattern: #"(?<!\w)"# + name + #"(?!\w)"#)
    else { return true }
    return text.split(separator: "\n").contains { line in
      let code = Self.code(of: String(line))
      return pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }
  }

  /// `text` with `line` inserted where `path`'s list ends: after the last
  /// machine of `Machines.added`, or after the last `visitor.visit` line.
  ///
  /// `Machines.added` is written as `swift format` writes it: a list of one
  /// machine has no comma after it, a longer one a comma after each. So the
  /// first machine's line goes in without its comma, and a later one gives
  /// the machine before it its comma.
  static func inserting(_ line: String, into text: String, of path: String) throws(Refusal)
    -> String
  {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var line = line
    let position: Int?
    if path == catalog {
      let start = lines.firstIndex {
        $0.contains("public static let added: [any CatalogMachine.Type] = [")
      }
      position = start.flatMap { start in lines[start...].firstIndex { $0 == "  ]" } }
      if let start, let position {
        let machines = (start + 1..<position).filter { !code(of: lines[$0]).isEmpty }
        if let last = machines.last {
          lines[last] = withComma(lines[last])
        } else if line.hasSuffix(",") {
          line.removeLast()
        }
      }
    } else {
      position = lines.lastIndex { $0.hasPrefix("  visitor.visit(") }.map { $0 + 1 }
    }
    guard let position else {
      throw Refusal(description: "cannot find where to add the machine's line in \(path)")
    }
    lines.insert(line, at: position)
    return lines.joined(separator: "\n")
  }

  /// The code of `line`: its `//` comment and the spaces around it left out.
  private static func code(of line: String) -> String {
    let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
    return code.trimmingCharacters(in: .whitespaces)
  }

  /// `line` with a comma after its code, before any comment.
  private static func withComma(_ line: String) -> String {
    let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
    var end = code.endIndex
    while end > code.startIndex, code[code.index(before: end)] == " " {
      end = code.index(before: end)
    }
    guard end > code.startIndex, code[code.index(before: end)] != "," else { return line }
    return String(line[..<end]) + "," + String(line[end...])
  }

  /// Writes every file and inserts every line under `root`, or refuses,
  /// having written nothing, when the machine exists or a file is in the
  /// way.
  func write(in root: String, catalogIDs: [String]) throws(Refusal) {
    let type = table.typeName
    if catalogIDs.contains(table.id) {
      throw Refusal(
        description: "'\(table.id)' is already a machine of the catalog; choose another id")
    }
    let path = { (relative: String) in WorkbenchRoot.path(relative, in: root) }
    let folder = "Sources/StateMachines/\(type)"
    let inWay = ([folder] + files.map(\.path)).filter {
      FileManager.default.fileExists(atPath: path($0))
    }
    if let first = inWay.first {
      throw Refusal(
        description: "\(first) exists: fsm new never overwrites a machine; choose another id, "
          + "or remove what is there")
    }
    var edited: [AtomicFiles.File] = []
    for insertion in insertions {
      guard let text = try? String(contentsOfFile: path(insertion.path), encoding: .utf8) else {
        throw Refusal(description: "cannot read \(insertion.path) under \(root)")
      }
      if Self.names(type, in: text) {
        throw Refusal(
          description: "\(insertion.path) already names \(type).self; choose another id")
      }
      let changed = try Self.inserting(insertion.line, into: text, of: insertion.path)
      edited.append(.init(path: path(insertion.path), bytes: Array(changed.utf8)))
    }
    let folders = Set(files.map { ($0.path as NSString).deletingLastPathComponent })
    var created: [String] = []
    do {
      for folder in folders.sorted() where !FileManager.default.fileExists(atPath: path(folder)) {
        try AtomicFiles.createFolder(path(folder))
        created.append(path(folder))
      }
      try AtomicFiles.write(
        files.map { .init(path: path($0.path), bytes: Array($0.text.utf8)) } + edited)
    } catch {
      for folder in created.reversed() { try? FileManager.default.removeItem(atPath: folder) }
      throw Refusal(description: "nothing was written: \(error)")
    }
  }
}
