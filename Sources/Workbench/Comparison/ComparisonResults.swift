import StateMachines

/// Everything a comparison shows, in one value: the label, every cell, the
/// linearity checks and the scale rows. It is what `--format json` writes
/// and reads back, so that a combined run can be committed and compared.
struct ComparisonResults: Codable, Hashable, Sendable {
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

  /// The document's keys. The label is written as `about`, which sorts
  /// first, so that the document opens with whose results these are, as
  /// every other format does.
  private enum CodingKeys: String, CodingKey {
    /// The label.
    case label = "about"
    /// The noise band.
    case noiseBand
    /// The cells.
    case cells
    /// The linearity checks.
    case linearity
    /// The scale rows.
    case scale
  }

  /// Puts the cells and rows in the report's order, so that the same runs
  /// always give the same document.
  mutating func sort() {
    let machineRank = Self.ranks(machines)
    let streamRank = Self.ranks(streams)
    let contenderRank = Self.ranks(contenders)
    cells.sort {
      (machineRank[$0.machine] ?? 0, streamRank[$0.stream] ?? 0, contenderRank[$0.contender] ?? 0)
        < (
          machineRank[$1.machine] ?? 0, streamRank[$1.stream] ?? 0,
          contenderRank[$1.contender] ?? 0
        )
    }
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
