/// Whether two sets of results were measured on the same processor, by
/// the model names the run script recorded (`# cpu: AMD EPYC`).
///
/// Times, and their multiples of `enum`, do not travel between processors:
/// branch prediction and the cost of a call and a return differ. Measured:
/// on an Intel Xeon, 9 of 144 cells of results from an AMD EPYC were within
/// the band, and the multiples of `enum` ranged from 0.64x to 1.98x of the
/// committed ones. Instructions per event travel, digit for digit.
enum ProcessorMatch: Hashable, Sendable {
  /// Both name this processor.
  case same(String)

  /// They name different processors.
  case other(now: String, committed: String)

  /// One side (`missing`, in words) does not name its processor.
  case unknown(missing: String)

  /// The match of the processors `now` and `committed` recorded.
  init(now: String?, committed: String?) {
    switch (now.map(Self.normalized), committed.map(Self.normalized)) {
    case (let now?, let committed?) where now == committed: self = .same(now)
    case (let now?, let committed?): self = .other(now: now, committed: committed)
    case (nil, nil): self = .unknown(missing: "either results")
    case (nil, _): self = .unknown(missing: "this run")
    case (_, nil): self = .unknown(missing: "the committed results")
    }
  }

  /// A model name with its runs of spaces made one, and none around it:
  /// /proc/cpuinfo pads some names.
  private static func normalized(_ name: String) -> String {
    name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether the times can be compared cell by cell: the same processor,
  /// or one that is not recorded (a check that cannot tell assumes the
  /// stricter comparison, and says so).
  var comparesTimes: Bool {
    if case .other = self { return false }
    return true
  }

  /// What the check compares, in words.
  var text: String {
    switch self {
    case .same(let name):
      return "Processor: \(name), as in the committed results: times are compared cell by cell."
    case .unknown(let missing):
      return "Processor: not recorded in \(missing); compared as on the same processor, "
        + "times cell by cell."
    case .other(let now, let committed):
      return [
        "Another processor: this run's is \(now), the committed results' \(committed).",
        "Times, and their multiples of \(Contenders.reference), do not travel between "
          + "processors: branch prediction",
        "and the cost of a call and a return differ. Instructions per event do, and so do the",
        "mispredictions of valgrind's model processor. Compared here: those, exactly, and the",
        "order of the styles.",
      ].joined(separator: "\n")
    }
  }
}
