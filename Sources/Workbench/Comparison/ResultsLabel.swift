/// Where a comparison's numbers come from: whose results, which file, and
/// the run or runs behind them, as every format states it first.
struct ResultsLabel: Codable, Hashable, Sendable {
  /// Whether the results are the ones committed with the workbench or a run
  /// of your own.
  enum Kind: String, Codable, Hashable, Sendable {
    /// The results in `docs/benchmarks/`, kept in the repository.
    case committed
    /// A run made here, in `Benchmarks/Results/` or any other file.
    case local

    /// The kind in words, as the first line of the report says it.
    var text: String {
      switch self {
      case .committed: "committed results"
      case .local: "local run"
      }
    }
  }

  /// One run of the suite (one process) among those combined.
  struct Run: Codable, Hashable, Sendable {
    /// The influx export it was read from.
    var file: String

    /// When package-benchmark exported it (ISO 8601).
    var date: String?

    /// How long the whole suite took, in seconds, from the metadata.
    var suiteSeconds: Double?

    /// How long the release build before it took, in seconds, from the
    /// metadata.
    var buildSeconds: Double?

    /// The command that produced it, from the metadata.
    var command: String?
  }

  /// Committed results or a local run.
  var kind: Kind

  /// The file or files the results were read from, comma separated.
  var path: String

  /// When the first run was exported (ISO 8601).
  var date: String?

  /// The host name.
  var host: String?

  /// The processor's model name, from the metadata.
  var cpu: String?

  /// The processor architecture, as in `x86_64`.
  var architecture: String?

  /// The number of processors online.
  var processors: String?

  /// The memory, in gigabytes as package-benchmark rounds it.
  var memory: String?

  /// The operating system, from the metadata.
  var os: String?

  /// The first line of `swift --version`, from the metadata.
  var swift: String?

  /// The runs combined, in the order they were given.
  var runs: [Run] = []

  /// How the instructions per event were counted, as the counts file says
  /// (`valgrind-3.19.0 --tool=callgrind, 20000 events a stream`); `nil`
  /// when they were not.
  var instructions: String?

  /// The label's first line, the same in every format: whose results, and
  /// where they were read from.
  var headline: String {
    "Dispatch cost per event: \(kind.text), \(path)"
  }
}
