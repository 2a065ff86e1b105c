/// A benchmark name as the dispatch-cost harness writes it:
/// `machine/contender/stream`, and `-xN` after the stream for a linearity
/// check that handles N times the events (`turnstile/enum/uniform-x2`).
struct BenchmarkName: Hashable, Sendable {
  /// The machine's public id, as in `turnstile`.
  var machine: String

  /// `floor`, or a style's public id.
  var contender: String

  /// The stream, as in `uniform`.
  var stream: String

  /// How many times the usual number of events: 1 except for linearity
  /// checks.
  var multiple: Int

  /// The contender that stands for the bare transition table.
  static let floor = "floor"

  /// Reads `name`, or returns `nil` if it is not one of the harness's names.
  init?(_ name: String) {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
    machine = parts[0]
    contender = parts[1]
    (stream, multiple) = Self.splitMultiple(parts[2])
  }

  /// Splits `uniform-x2` into `uniform` and 2; `uniform` is `uniform` and 1.
  private static func splitMultiple(_ text: String) -> (String, Int) {
    guard let dash = text.lastIndex(of: "-") else { return (text, 1) }
    let suffix = text[text.index(after: dash)...]
    guard suffix.first == "x", let multiple = Int(suffix.dropFirst()), multiple > 1 else {
      return (text, 1)
    }
    return (String(text[..<dash]), multiple)
  }

  /// The same benchmark with the usual number of events.
  var base: BenchmarkName {
    var base = self
    base.multiple = 1
    return base
  }

  /// The name as the harness writes it.
  var text: String {
    "\(machine)/\(contender)/\(stream)" + (multiple == 1 ? "" : "-x\(multiple)")
  }
}
