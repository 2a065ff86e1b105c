/// What one contender costs per event on one stream of one machine, over
/// every run combined.
struct CostCell: Codable, Hashable, Sendable {
  /// The machine's public id.
  var machine: String

  /// The stream, as in `uniform`.
  var stream: String

  /// `no-machine`, or an implementation's id.
  var contender: String

  /// The median over the runs of each run's median time per event, in
  /// nanoseconds.
  var nsPerEvent: Double

  /// The fastest run's median time per event.
  var nsMin: Double

  /// The slowest run's median time per event.
  var nsMax: Double

  /// The time as a multiple of `enum` on the same machine and stream; `nil`
  /// when `enum` was not measured there.
  var ratioToEnum: Double?

  /// The mallocs per event of the median iteration, the most of any run.
  var mallocsPerEvent: Double

  /// Whether some run strayed from the combined time by more than the noise
  /// band: the runs do not agree on this cell.
  var isNoisy: Bool { NoiseBand.isSpread(median: nsPerEvent, min: nsMin, max: nsMax) }

  /// The cell's place in the matrix.
  var key: Key { Key(machine: machine, stream: stream, contender: contender) }

  /// Identifies a cell.
  struct Key: Hashable, Sendable {
    /// The machine's public id.
    var machine: String
    /// The stream.
    var stream: String
    /// The contender.
    var contender: String

    /// The benchmark's name, as in `turnstile/enum/typical`.
    var text: String { "\(machine)/\(contender)/\(stream)" }
  }
}
