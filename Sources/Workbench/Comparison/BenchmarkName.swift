/// A benchmark name as the dispatch-cost harness writes it:
/// `machine/contender/stream`, with `-xN` after the stream for a linearity
/// check that handles N times the events (`turnstile/enum/uniform-x2`), or
/// `-1eN` for a scale benchmark whose iteration handles 10^N events
/// (`turnstile/enum/typical-1e7`); a contender compiled as the app's own
/// code has its configuration in front (`own-code/turnstile/enum/typical`).
struct BenchmarkName: Hashable, Sendable {
  /// How the machine was compiled: the package, unless the name says.
  var configuration = CostCell.Configuration.package

  /// The machine's public id, as in `turnstile`.
  var machine: String

  /// `no-machine`, or an implementation's id, as in `enum`.
  var contender: String

  /// The stream, as in `uniform`.
  var stream: String

  /// How many times the usual number of events: 1 except for linearity
  /// checks.
  var multiple: Int = 1

  /// The power of ten of the events one iteration handles, for a scale
  /// benchmark; `nil` for the others.
  var scale: Int?

  /// The largest power of ten read as a scale: 10^18 events still fit in an
  /// `Int`, and no run could handle more.
  private static let largestScale = 18

  /// Reads `name`, or returns `nil` if it is not one of the harness's names.
  init?(_ name: String) {
    var parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // A package name has no prefix (and so `package/...` is not one), so
    // that `text` writes the name back as it was read.
    if parts.count == 4 {
      guard let configuration = CostCell.Configuration(rawValue: parts[0]),
        configuration != .package
      else { return nil }
      self.configuration = configuration
      parts.removeFirst()
    }
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
    machine = parts[0]
    contender = parts[1]
    stream = parts[2]
    splitSuffix()
  }

  /// Moves a `-x2` or `-1e7` at the end of the stream into `multiple` or
  /// `scale`; any other suffix stays part of the stream's name.
  private mutating func splitSuffix() {
    guard let dash = stream.lastIndex(of: "-") else { return }
    let suffix = stream[stream.index(after: dash)...]
    let base = String(stream[..<dash])
    guard !base.isEmpty else { return }
    if suffix.first == "x", let multiple = Int(suffix.dropFirst()), multiple > 1 {
      (stream, self.multiple) = (base, multiple)
    } else if suffix.hasPrefix("1e"), let power = Self.power(suffix.dropFirst(2)) {
      (stream, scale) = (base, power)
    }
  }

  /// The power of ten that `digits` write, from 1 to `largestScale`, in
  /// plain digits without a leading zero, so that `text` writes the name
  /// back as it was read.
  private static func power(_ digits: Substring) -> Int? {
    guard digits.first != "0", digits.allSatisfy({ ("0"..."9").contains($0) }),
      let power = Int(digits), (1...largestScale).contains(power)
    else { return nil }
    return power
  }

  /// The same benchmark with the usual number of events.
  var base: BenchmarkName {
    var base = self
    base.multiple = 1
    base.scale = nil
    return base
  }

  /// The name as the harness writes it.
  var text: String {
    let suffix = scale.map { "-1e\($0)" } ?? (multiple == 1 ? "" : "-x\(multiple)")
    return "\(configuration.prefix)\(machine)/\(contender)/\(stream)\(suffix)"
  }
}
