import CSV
import Foundation

/// Instructions per event, as `scripts/count-instructions --output FILE`
/// writes them: a `# tool: ...` line that says how they were counted, then
/// one CSV row per contender, stream and configuration with the events
/// driven, the instructions valgrind counted for them and what its branch
/// and cache simulators counted (a file made before there were simulations
/// stops at the instructions).
///
/// ```
/// # tool: valgrind-3.19.0 --tool=callgrind --branch-sim=yes --cache-sim=yes, 20000 events a stream
/// configuration,machine,contender,stream,events,instructions,conditional_branches,...
/// package,turnstile,enum,typical,20001,1607042,100010,1074,20001,3,271,4
/// ```
struct InstructionCounts: Sendable {
  /// What the simulators counted per event in one cell.
  struct Simulated: Hashable, Sendable {
    /// Conditional and indirect branches.
    var branches: Double
    /// The branches the model predictor guessed wrong.
    var mispredictions: Double
    /// Of those, the indirect ones.
    var indirectMispredictions: Double
    /// Misses of the first-level data cache, reads and writes.
    var cacheMisses: Double
  }

  /// How the counts were made.
  var tool: String?

  /// The instructions per event of each cell counted.
  var perEvent: [CostCell.Key: Double] = [:]

  /// What the simulators counted per event in each cell, when they ran.
  var simulated: [CostCell.Key: Simulated] = [:]

  /// The columns a counts file has, in the order the script writes them.
  static let header = [
    "configuration", "machine", "contender", "stream", "events", "instructions",
    "conditional_branches", "conditional_mispredictions", "indirect_branches",
    "indirect_mispredictions", "d1_misses", "ll_misses",
  ]

  /// The columns of a file counted before the simulators ran: instructions only.
  static let instructionsHeader = Array(header.prefix(6))

  /// Reads the counts file at `path`.
  ///
  /// - Throws: `ComparisonError.noInstructionCounts` when there is no such
  ///   file, `.malformedInstructionCounts` naming the line at fault.
  static func read(_ path: String) throws(ComparisonError) -> InstructionCounts {
    guard FileManager.default.fileExists(atPath: path) else {
      throw .noInstructionCounts(path: path)
    }
    guard !OutputPath.isFolder(path) else {
      throw .malformedInstructionCounts(path: path, reason: "it is a folder, not a file")
    }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw .malformedInstructionCounts(path: path, reason: "it is not readable UTF-8 text")
    }
    return try InstructionCounts(csv: text, path: path)
  }

  /// Reads the text of a counts file.
  init(csv text: String, path: String) throws(ComparisonError) {
    /// The error for `reason`.
    func malformed(_ reason: String) -> ComparisonError {
      .malformedInstructionCounts(path: path, reason: reason)
    }
    var data: [String] = []
    var numbers: [Int] = []
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      if line.hasPrefix("#") {
        let body = line.dropFirst().drop(while: \.isWhitespace)
        guard body.hasPrefix("tool:"), tool == nil else {
          throw malformed(
            "line \(index + 1) is not the one metadata line a counts file has, '# tool: ...'")
        }
        tool = body.dropFirst("tool:".count).trimmingCharacters(in: .whitespaces)
      } else if !line.allSatisfy(\.isWhitespace) {
        data.append(String(line))
        numbers.append(index + 1)
      }
    }
    let rows = data.map { line in
      ((try? CSVReader(string: line, trimFields: true))?.next()) ?? []
    }
    guard let header = rows.first, header == Self.header || header == Self.instructionsHeader
    else {
      throw malformed(
        "its first row is not the header '\(Self.header.joined(separator: ","))' "
          + "of scripts/count-instructions --output")
    }
    for (row, number) in zip(rows, numbers).dropFirst() {
      try read(row, columns: header, line: number, malformed: malformed)
    }
  }

  /// Reads one row of counts into `perEvent` and `simulated`.
  private mutating func read(
    _ row: [String], columns: [String], line: Int, malformed: (String) -> ComparisonError
  ) throws(ComparisonError) {
    guard row.count == columns.count else {
      throw malformed("line \(line) has \(row.count) fields, not \(columns.count)")
    }
    guard let configuration = CostCell.Configuration(rawValue: row[0]) else {
      throw malformed(
        "line \(line) has the configuration '\(row[0].printable)'; valid: "
          + CostCell.Configuration.allCases.map(\.rawValue).joinedAsChoices)
    }
    guard let events = Int(row[4]), events > 0 else {
      throw malformed(
        "line \(line) counts '\(row[4].printable)' events, not a number from 1 to \(Int.max)")
    }
    guard let instructions = Int(row[5]), instructions >= 0 else {
      throw malformed(
        "line \(line) counts '\(row[5].printable)' instructions, "
          + "not a number from 0 to \(Int.max)")
    }
    let key = CostCell.Key(
      machine: row[1], stream: row[3], contender: row[2], configuration: configuration)
    guard perEvent[key] == nil else {
      throw malformed("line \(line) counts \(key.text) a second time")
    }
    perEvent[key] = Double(instructions) / Double(events)
    guard columns.count > 6 else { return }
    var counts: [Int] = []
    for (column, field) in zip(columns, row).dropFirst(6) {
      guard let count = Int(field), count >= 0 else {
        throw malformed(
          "line \(line) counts '\(field.printable)' \(column.replacing("_", with: " ")), "
            + "not a number from 0 to \(Int.max)")
      }
      counts.append(count)
    }
    guard counts[1] <= counts[0], counts[3] <= counts[2] else {
      throw malformed("line \(line) has more mispredictions than branches")
    }
    let perEvent = { (count: Int) in Double(count) / Double(events) }
    simulated[key] = Simulated(
      branches: perEvent(counts[0] + counts[2]), mispredictions: perEvent(counts[1] + counts[3]),
      indirectMispredictions: perEvent(counts[3]), cacheMisses: perEvent(counts[4]))
  }
}

extension ComparisonResults {
  /// Puts `counts` in the cells they were counted for, replacing any
  /// counts the cells had, and says in the label how they were made.
  mutating func count(_ counts: InstructionCounts) {
    for index in cells.indices {
      let key = cells[index].key
      cells[index].instructionsPerEvent = counts.perEvent[key]
      let simulated = counts.simulated[key]
      cells[index].branchesPerEvent = simulated?.branches
      cells[index].mispredictionsPerEvent = simulated?.mispredictions
      cells[index].indirectMispredictionsPerEvent = simulated?.indirectMispredictions
      cells[index].cacheMissesPerEvent = simulated?.cacheMisses
    }
    label.instructions = counts.tool
  }
}
