import StateMachines

/// Everything a comparison shows, in one value: the label, every cell, the
/// linearity checks and the scale rows. It is what `--format json` writes
/// and reads back, so that a combined run can be committed and compared.
struct ComparisonResults: Hashable, Sendable {
  /// Where the numbers come from.
  var label: ResultsLabel

  /// The noise band the writer judged the cells by (`NoiseBand.relative`),
  /// so that a reader of the file knows what `~` and `--against` meant.
  var noiseBand = NoiseBand.relative

  /// Every cell, machines, streams and contenders in the report's order.
  var cells: [CostCell] = []

  /// The linearity checks, by name.
  var linearity: [LinearityCheck] = []

  /// The scale rows, machines in the report's order.
  var scale: [ScaleRow] = []

  /// The streams, `uniform` and `typical` first, then any others sorted.
  var streams: [String] {
    Self.ordered(Set(cells.map(\.stream)), first: ["uniform", "typical"])
  }

  /// The machines, in the order of `Machines.ids`, then any others sorted.
  var machines: [String] {
    Self.ordered(Set(cells.map(\.machine) + scale.map(\.machine)), first: Machines.ids)
  }

  /// The contenders, in the report's order.
  var contenders: [String] { Contenders.ordered(Set(cells.map(\.contender))) }

  /// The configurations measured, the package first.
  var configurations: [CostCell.Configuration] {
    CostCell.Configuration.allCases.filter { configuration in
      cells.contains { $0.configuration == configuration }
    }
  }

  /// What the module boundary costs each contender measured both ways.
  var boundary: [BoundaryShare] { BoundaryShare.shares(of: cells) }

  /// Whether any cell has its instructions counted.
  var hasInstructions: Bool { cells.contains { $0.instructionsPerEvent != nil } }

  /// Whether any cell has its branches simulated.
  var hasMispredictions: Bool { cells.contains { $0.mispredictionsPerEvent != nil } }

  /// The targets for the contenders measured.
  var targets: Targets { Targets(contenders: Set(cells.map(\.contender))) }

  /// The cells by their place, for lookups.
  var cellsByKey: [CostCell.Key: CostCell] {
    // The first of two cells at one place: a decoded file may repeat one.
    Dictionary(cells.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// Keeps only `machine`'s cells, checks and scale rows.
  func only(_ machine: String) -> ComparisonResults {
    var results = self
    results.cells = cells.filter { $0.machine == machine }
    results.linearity = linearity.filter { $0.machine == machine }
    results.scale = scale.filter { $0.machine == machine }
    return results
  }

  /// Keeps only the cells compiled as `configuration`, and the checks and
  /// scale rows.
  func only(_ configuration: CostCell.Configuration) -> ComparisonResults {
    var results = self
    results.cells = cells.filter { $0.configuration == configuration }
    return results
  }

  /// Puts the cells and rows in the report's order, so that the same runs
  /// always give the same document.
  mutating func sort() {
    let machineRank = Self.ranks(machines)
    let streamRank = Self.ranks(streams)
    let contenderRank = Self.ranks(contenders)
    let configurationRank = Self.ranks(CostCell.Configuration.allCases.map(\.rawValue))
    /// Where `cell` goes: by machine, stream, configuration, contender.
    func rank(_ cell: CostCell) -> [Int] {
      [
        machineRank[cell.machine] ?? 0, streamRank[cell.stream] ?? 0,
        configurationRank[cell.configuration.rawValue] ?? 0, contenderRank[cell.contender] ?? 0,
      ]
    }
    cells.sort { rank($0).lexicographicallyPrecedes(rank($1)) }
    linearity.sort { $0.benchmark < $1.benchmark }
    scale.sort {
      (machineRank[$0.machine] ?? 0, $0.contender, $0.stream)
        < (machineRank[$1.machine] ?? 0, $1.contender, $1.stream)
    }
  }

  /// Each value's position in `order`.
  private static func ranks(_ order: [String]) -> [String: Int] {
    Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The `present` values in the order of `first`, then the rest sorted.
  private static func ordered(_ present: Set<String>, first: [String]) -> [String] {
    first.filter(present.contains) + present.subtracting(first).sorted()
  }
}
