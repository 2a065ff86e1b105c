/// What the module boundary costs one contender on one stream of one
/// machine: the share of its cost as a package dependency that it does not
/// pay as the app's own code.
///
/// As a package, every `handle` is a call the optimizer cannot see into,
/// and every output a closure call; as the app's own code the optimizer
/// inlines both and keeps what it learns across the call. The share is what
/// that is worth, per style.
struct BoundaryShare: Codable, Hashable, Sendable {
  /// The machine's public id.
  var machine: String

  /// The stream, as in `typical`.
  var stream: String

  /// The implementation's id.
  var contender: String

  /// 1 - own-code time / package time: 0.8 when four fifths of the
  /// package's time per event is the boundary's; below 0 when the own code
  /// is slower.
  var timeShare: Double

  /// The same share of the instructions per event; `nil` when either side
  /// was not counted.
  var instructionShare: Double?

  /// The share for each contender measured in both configurations, in the
  /// order of `package`'s cells.
  static func shares(of cells: [CostCell]) -> [BoundaryShare] {
    let byKey = Dictionary(cells.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    return cells.compactMap { package in
      guard package.configuration == .package, package.nsPerEvent > 0 else { return nil }
      var key = package.key
      key.configuration = .ownCode
      guard let own = byKey[key] else { return nil }
      return BoundaryShare(
        machine: package.machine, stream: package.stream, contender: package.contender,
        timeShare: 1 - own.nsPerEvent / package.nsPerEvent,
        instructionShare: share(own.instructionsPerEvent, of: package.instructionsPerEvent))
    }
  }

  /// 1 - own / package, when both are counted and the package's is not 0.
  private static func share(_ own: Double?, of package: Double?) -> Double? {
    guard let own, let package, package > 0 else { return nil }
    return 1 - own / package
  }
}
