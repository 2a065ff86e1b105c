/// The time per event explained by what was counted: for one configuration,
/// the least-squares fit over every cell of
///
///     ns per event ≈ a · instructions + b · mispredictions (uniform stream)
///                  + b′ · mispredictions (typical stream) + c · mallocs + d
///
/// with the instructions and mispredictions valgrind counted and the mallocs
/// the benchmarks did. Its coefficients are what each costs on the processor
/// the times were measured on (ns per instruction, per misprediction, per
/// malloc, and per event whatever the machine does); a cell it predicts
/// outside the noise band is one these do not explain, and the report names
/// it.
///
/// The mispredictions have a coefficient per stream because they are a
/// model processor's: valgrind's predictor guesses each indirect branch's
/// last target and has little history for the others, so on the typical
/// stream, whose patterns a real predictor learns, it counts misses this
/// processor does not make; on the uniform stream no predictor beats chance,
/// and the two agree. The fit says how much of each is real.
///
/// The fit weighs each cell by its own time (it minimises the relative
/// errors), so that a 1 ns cell counts as much as a 100 ns one: a plain
/// least squares would fit the allocating cells and leave the small ones,
/// where mispredictions decide, to chance.
struct CostModel: Sendable {
  /// One cause of time the model counts, and where a cell has it.
  struct Term: Sendable {
    /// Its name in the report, as in `misprediction`.
    var name: String
    /// The JSON key of its coefficient, as in `nsPerMisprediction`.
    var key: String
    /// Its count per event in a cell; `nil` when the cell lacks it.
    var count: @Sendable (CostCell) -> Double?
  }

  /// The causes, in the order of the coefficients.
  static let terms = [
    Term(name: "instruction", key: "nsPerInstruction") { $0.instructionsPerEvent },
    mispredictions(on: "uniform"), mispredictions(on: "typical"),
    Term(name: "malloc", key: "nsPerMalloc") { $0.mallocsPerEvent },
    Term(name: "event", key: "nsPerEvent") { _ in 1 },
  ]

  /// The mispredictions of the cells of `stream`, none in the others'.
  private static func mispredictions(on stream: String) -> Term {
    Term(
      name: "misprediction (\(stream))",
      key: "nsPerMisprediction" + stream.prefix(1).uppercased() + stream.dropFirst()
    ) { cell in cell.mispredictionsPerEvent.map { cell.stream == stream ? $0 : 0 } }
  }

  /// One cell, measured and predicted.
  struct Prediction: Sendable {
    /// The cell.
    var cell: CostCell
    /// The time the model gives it, in ns per event.
    var predicted: Double

    /// The measured time over the predicted one.
    var ratio: Double { predicted > 0 ? cell.nsPerEvent / predicted : .infinity }

    /// Whether the prediction is within the noise band of the measured time.
    var isExplained: Bool { NoiseBand.contains(predicted, around: cell.nsPerEvent) }
  }

  /// The formula, as the report and the chart state it.
  static let formula =
    "ns per event ≈ a · instructions + b · mispredictions (uniform) "
    + "+ b′ · mispredictions (typical) + c · mallocs + d"

  /// A coefficient as the report, the chart and its description show it:
  /// three digits below 1 ns, two above.
  static func text(ofCoefficient value: Double) -> String {
    value.formatted(digits: abs(value) < 1 ? 3 : 2)
  }

  /// The streams whose mispredictions have a term: the model fits their
  /// cells only.
  static let streams: Set = ["uniform", "typical"]

  /// The configuration fitted.
  var configuration: CostCell.Configuration

  /// The ns per unit of each term, in the order of `terms`.
  var coefficients: [Double]

  /// Every cell fitted, in the results' order, with its prediction.
  var predictions: [Prediction]

  /// The share of the variance of the times the model explains:
  /// 1 - (the squared errors) / (the squares about the mean).
  var rSquared: Double

  /// The cells predicted outside the noise band.
  var unexplained: [Prediction] { predictions.filter { !$0.isExplained } }

  /// The model of each configuration of `results` whose cells have every
  /// term counted; none for a configuration with too few such cells to fit
  /// (at least one more than there are terms).
  static func fit(_ results: ComparisonResults) -> [CostModel] {
    results.configurations.compactMap { configuration in
      let cells = results.cells.filter { cell in
        cell.configuration == configuration && cell.nsPerEvent > 0
          && Self.streams.contains(cell.stream) && terms.allSatisfy { $0.count(cell) != nil }
      }
      return fit(cells, configuration: configuration)
    }
  }

  /// The model of `cells`, all of one configuration.
  private static func fit(_ cells: [CostCell], configuration: CostCell.Configuration)
    -> CostModel?
  {
    guard cells.count > terms.count else { return nil }
    // Each row divided by its time: least squares on the relative errors.
    let rows = cells.map { cell in terms.map { ($0.count(cell) ?? 0) / cell.nsPerEvent } }
    guard let coefficients = LeastSquares.solve(rows) else { return nil }
    let predictions = cells.map { cell in
      Prediction(
        cell: cell,
        predicted: zip(terms, coefficients).reduce(0) { $0 + ($1.0.count(cell) ?? 0) * $1.1 })
    }
    let mean = cells.reduce(0) { $0 + $1.nsPerEvent } / Double(cells.count)
    let squares = cells.reduce(0) { $0 + ($1.nsPerEvent - mean) * ($1.nsPerEvent - mean) }
    let errors = predictions.reduce(0) {
      $0 + ($1.cell.nsPerEvent - $1.predicted) * ($1.cell.nsPerEvent - $1.predicted)
    }
    return CostModel(
      configuration: configuration, coefficients: coefficients, predictions: predictions,
      rSquared: squares > 0 ? 1 - errors / squares : 1)
  }
}

/// Linear least squares for a handful of unknowns: the normal equations
/// solved by Gaussian elimination. Hand-written because neither Foundation
/// on Linux nor the package mirror has a linear algebra library, and three
/// unknowns need no more than this.
enum LeastSquares {
  /// The `x` that minimises the sum of (row · x - 1)², for rows that all
  /// have as many columns as `x`; `nil` when the columns are not
  /// independent (a term no cell has, or two that always go together).
  static func solve(_ rows: [[Double]]) -> [Double]? {
    guard let width = rows.first?.count, width > 0 else { return nil }
    // The normal equations: (AᵀA) x = Aᵀb, with b all ones.
    var matrix = (0..<width).map { i in
      (0..<width).map { j in rows.reduce(0) { $0 + $1[i] * $1[j] } }
        + [rows.reduce(0) { $0 + $1[i] }]
    }
    // A pivot this much smaller than the largest entry is a zero that
    // rounding left: the columns depend on each other.
    let scale = matrix.joined().reduce(0) { max($0, abs($1)) }
    for column in 0..<width {
      let pivot = (column..<width).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }
      guard let pivot, abs(matrix[pivot][column]) > 1e-12 * scale else { return nil }
      matrix.swapAt(column, pivot)
      for row in 0..<width where row != column {
        let factor = matrix[row][column] / matrix[column][column]
        for index in column...width { matrix[row][index] -= factor * matrix[column][index] }
      }
    }
    return (0..<width).map { matrix[$0][width] / matrix[$0][$0] }
  }
}

extension CostModel: Encodable {
  /// The document's keys for a model.
  private enum CodingKeys: String, CodingKey {
    /// The configuration.
    case configuration
    /// The coefficients, by their terms' keys.
    case coefficients
    /// The fit.
    case rSquared
    /// Every cell's measured and predicted time.
    case cells
    /// The cells outside the noise band.
    case unexplained
  }

  /// Writes the model: the coefficients by name, the fit, and each cell's
  /// measured and predicted time under its benchmark name.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(
      Dictionary(uniqueKeysWithValues: zip(Self.terms.map(\.key), coefficients)),
      forKey: .coefficients)
    try container.encode(rSquared, forKey: .rSquared)
    try container.encode(predictions, forKey: .cells)
    try container.encode(unexplained.map(\.cell.key.text), forKey: .unexplained)
  }
}

extension CostModel.Prediction: Encodable {
  /// The document's keys for a prediction.
  private enum CodingKeys: String, CodingKey {
    /// The cell's benchmark name.
    case cell
    /// The measured time.
    case nsPerEvent
    /// The predicted time.
    case predictedNsPerEvent
  }

  /// Writes the cell's name, its measured time and the predicted one.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(cell.key.text, forKey: .cell)
    try container.encode(cell.nsPerEvent, forKey: .nsPerEvent)
    try container.encode(predicted, forKey: .predictedNsPerEvent)
  }
}
