/// What one contender costs per event on one stream of one machine, in one
/// configuration, over every run combined.
struct CostCell: Hashable, Sendable {
  /// How the machine's code was compiled for the measurement: the two
  /// configurations of every contender.
  enum Configuration: String, CaseIterable, Codable, Hashable, Sendable {
    /// As a package dependency, as every app that depends on the workbench
    /// compiles it: each `handle` a call into another module, each output a
    /// closure call. The only configuration of results made before there
    /// were two.
    case package

    /// As the app's own code: the same style files compiled into the
    /// module of the loop that drives them, whole-module optimised.
    case ownCode = "own-code"

    /// What a benchmark's name, and a cell's, starts with: nothing for the
    /// package, whose names predate the configurations, else the id and a
    /// slash, as in `own-code/turnstile/enum/typical`.
    var prefix: String { self == .package ? "" : rawValue + "/" }

    /// The configuration in two words, as a matrix's title says it.
    var shortTitle: String {
      switch self {
      case .package: "package"
      case .ownCode: "own code"
      }
    }

    /// The configuration in words.
    var title: String {
      switch self {
      case .package: "as a package dependency"
      case .ownCode: "as the app's own code"
      }
    }
  }

  /// The machine's public id.
  var machine: String

  /// The stream, as in `uniform`.
  var stream: String

  /// `no-machine`, or an implementation's id.
  var contender: String

  /// How the machine was compiled.
  var configuration = Configuration.package

  /// The median over the runs of each run's median time per event, in
  /// nanoseconds.
  var nsPerEvent: Double

  /// The fastest run's median time per event.
  var nsMin: Double

  /// The slowest run's median time per event.
  var nsMax: Double

  /// The time as a multiple of `enum` on the same machine and stream, in
  /// the same configuration; `nil` when that `enum` was not measured.
  var ratioToEnum: Double?

  /// The mallocs per event of the median iteration, the most of any run.
  var mallocsPerEvent: Double

  /// The instructions per event valgrind counted on the same stream, the
  /// same on any x86-64 machine with the same Swift; `nil` when not counted.
  var instructionsPerEvent: Double?

  /// The conditional and indirect branches per event valgrind's branch
  /// simulator counted with the instructions; `nil` when not simulated.
  var branchesPerEvent: Double?

  /// The branches per event its model predictor guessed wrong: what costs
  /// the same instructions more time on an unpredictable stream. A model
  /// processor's figure, the same on any x86-64 machine, not this one's.
  var mispredictionsPerEvent: Double?

  /// Of the mispredictions, those of indirect branches: a `switch` compiled
  /// to a jump table, a protocol or class method, a closure.
  var indirectMispredictionsPerEvent: Double?

  /// The first-level data cache misses per event of its cache simulator.
  var cacheMissesPerEvent: Double?

  /// Whether some run strayed from the combined time by more than the noise
  /// band: the runs do not agree on this cell.
  var isNoisy: Bool { NoiseBand.isSpread(median: nsPerEvent, min: nsMin, max: nsMax) }

  /// The slowest run's time over the fastest's: 1 when the runs agree.
  var spread: Double? { nsMin > 0 ? nsMax / nsMin : nil }

  /// The cell's place in the matrix.
  var key: Key {
    Key(machine: machine, stream: stream, contender: contender, configuration: configuration)
  }

  /// Identifies a cell.
  struct Key: Hashable, Sendable {
    /// The machine's public id.
    var machine: String
    /// The stream.
    var stream: String
    /// The contender.
    var contender: String
    /// The configuration.
    var configuration = Configuration.package

    /// The benchmark's name, as in `turnstile/enum/typical` or
    /// `own-code/turnstile/enum/typical`.
    var text: String { "\(configuration.prefix)\(machine)/\(contender)/\(stream)" }
  }
}

extension CostCell: Codable {
  /// The document's keys for a cell.
  private enum CodingKeys: String, CodingKey {
    /// The machine.
    case machine
    /// The stream.
    case stream
    /// The contender.
    case contender
    /// The configuration.
    case configuration
    /// The time per event.
    case nsPerEvent
    /// The fastest run's time.
    case nsMin
    /// The slowest run's time.
    case nsMax
    /// The multiple of `enum`.
    case ratioToEnum
    /// The mallocs per event.
    case mallocsPerEvent
    /// The instructions per event.
    case instructionsPerEvent
    /// The branches per event.
    case branchesPerEvent
    /// The mispredictions per event.
    case mispredictionsPerEvent
    /// The indirect mispredictions per event.
    case indirectMispredictionsPerEvent
    /// The cache misses per event.
    case cacheMissesPerEvent
  }

  /// Reads a cell; one written before there were configurations, instruction
  /// counts or simulations is a package cell without them.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a configuration that is
  ///   none of the known ones, naming them.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    machine = try container.decode(String.self, forKey: .machine)
    stream = try container.decode(String.self, forKey: .stream)
    contender = try container.decode(String.self, forKey: .contender)
    if let id = try container.decodeIfPresent(String.self, forKey: .configuration) {
      guard let configuration = Configuration(rawValue: id) else {
        throw DecodingError.dataCorruptedError(
          forKey: .configuration, in: container,
          debugDescription: "valid: "
            + Configuration.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.configuration = configuration
    }
    nsPerEvent = try container.decode(Double.self, forKey: .nsPerEvent)
    nsMin = try container.decode(Double.self, forKey: .nsMin)
    nsMax = try container.decode(Double.self, forKey: .nsMax)
    ratioToEnum = try container.decodeIfPresent(Double.self, forKey: .ratioToEnum)
    mallocsPerEvent = try container.decode(Double.self, forKey: .mallocsPerEvent)
    instructionsPerEvent = try container.decodeIfPresent(
      Double.self, forKey: .instructionsPerEvent)
    branchesPerEvent = try container.decodeIfPresent(Double.self, forKey: .branchesPerEvent)
    mispredictionsPerEvent = try container.decodeIfPresent(
      Double.self, forKey: .mispredictionsPerEvent)
    indirectMispredictionsPerEvent = try container.decodeIfPresent(
      Double.self, forKey: .indirectMispredictionsPerEvent)
    cacheMissesPerEvent = try container.decodeIfPresent(Double.self, forKey: .cacheMissesPerEvent)
  }

  /// Writes the cell, its configuration always.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(machine, forKey: .machine)
    try container.encode(stream, forKey: .stream)
    try container.encode(contender, forKey: .contender)
    try container.encode(configuration, forKey: .configuration)
    try container.encode(nsPerEvent, forKey: .nsPerEvent)
    try container.encode(nsMin, forKey: .nsMin)
    try container.encode(nsMax, forKey: .nsMax)
    try container.encodeIfPresent(ratioToEnum, forKey: .ratioToEnum)
    try container.encode(mallocsPerEvent, forKey: .mallocsPerEvent)
    try container.encodeIfPresent(instructionsPerEvent, forKey: .instructionsPerEvent)
    try container.encodeIfPresent(branchesPerEvent, forKey: .branchesPerEvent)
    try container.encodeIfPresent(mispredictionsPerEvent, forKey: .mispredictionsPerEvent)
    try container.encodeIfPresent(
      indirectMispredictionsPerEvent, forKey: .indirectMispredictionsPerEvent)
    try container.encodeIfPresent(cacheMissesPerEvent, forKey: .cacheMissesPerEvent)
  }
}
