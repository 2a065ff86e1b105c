import StateMachines

/// The cost each contender is allowed, as a multiple of `enum` on the same
/// machine and stream in the same configuration, the cost of `enum` as the
/// app's own code against the loop alone, and the allocations each
/// contender is allowed: the targets the report states above the matrix
/// and marks misses of with `!`.
struct Targets: Sendable {
  /// How close to the loop alone a contender compiled as the app's own code
  /// must come on one machine: the cost of a state machine with nothing
  /// between it and the loop but the machine itself.
  struct LowerBound: Hashable, Sendable {
    /// The machine held to it.
    var machine: String

    /// The largest multiple of `no-machine` allowed.
    var within: Double

    /// The contender held to it.
    var contender = Contenders.reference

    /// The stream it is held to on, or `nil` for every stream.
    var stream: String? = nil

    /// Whether `cell` is the one held to this target and, with `bound` the
    /// time of the loop alone on its stream, misses it.
    func isMissed(by cell: CostCell, bound: Double) -> Bool {
      cell.configuration == .ownCode && cell.machine == machine
        && cell.contender == contender && (stream == nil || cell.stream == stream)
        && bound > 0 && cell.nsPerEvent > within * bound
    }

    /// The target in words.
    var text: String {
      "\(contender) as the app's own code within "
        + "\(within.formatted(digits: 1))x of \(Contenders.lowerBound) on the \(machine)"
        + (stream.map { "'s \($0) stream" } ?? "") + " (a '!' after its time)"
    }
  }

  /// Every target against the loop alone: `enum`'s on the turnstile, and
  /// the transition matrix's on its uniform stream, where it has no branch
  /// to guess, when it was measured.
  let lowerBounds: [LowerBound]

  /// One contender's allowance.
  struct Ratio: Hashable, Sendable {
    /// The contender held to it.
    var contender: String

    /// The largest multiple of `enum` allowed.
    var within: Double

    /// Whether the contender may not be that much faster either: the two
    /// switch styles are meant to cost the same.
    var eitherWay = false

    /// Why the contender is held to it, when its name does not say.
    var note: String?

    /// The stream it is held to on, or `nil` for every stream.
    var stream: String? = nil

    /// Whether `ratio`, the contender's multiple of `enum` on `stream`,
    /// misses the target.
    func isMissed(by ratio: Double, on stream: String? = nil) -> Bool {
      guard self.stream == nil || self.stream == stream else { return false }
      return ratio > within || (eitherWay && ratio < 1 / within)
    }

    /// The target in words, as in `table within 4x of enum`.
    var text: String {
      let multiple = within.formatted(digits: within.rounded() == within ? 0 : 1)
      return "\(contender) within \(multiple)x of \(Contenders.reference)"
        + (stream.map { " on the \($0) stream" } ?? "") + (eitherWay ? ", either way" : "")
        + (note.map { " (\($0))" } ?? "")
    }
  }

  /// The targets on time, for the contenders of one run.
  private(set) var ratios: [Ratio]

  /// The targets for a run that measured `contenders`: the recommended
  /// State pattern is the variant when it was measured, else the plain one.
  init(contenders: Set<String>) {
    ratios = [
      Ratio(contender: Implementation(.nestedSwitch).description, within: 1.3, eitherWay: true),
      Ratio(
        contender: Contenders.recommended(among: contenders), within: 3,
        note: "the recommended State pattern"),
      Ratio(contender: Implementation.sharedStateClasses.description, within: 5),
      Ratio(contender: Implementation(.table).description, within: 4),
    ]
    let enumBound = LowerBound(machine: "turnstile", within: 1.5)
    let matrix = Implementation.tableMatrix.description
    guard contenders.contains(matrix) else {
      lowerBounds = [enumBound]
      return
    }
    // A matrix has no branch on the state or the event to guess wrong: on
    // the uniform stream it must beat the switch that has.
    ratios.append(
      Ratio(contender: matrix, within: 1, note: "no branch to guess", stream: "uniform"))
    lowerBounds = [
      enumBound,
      LowerBound(machine: "turnstile", within: 1.5, contender: matrix, stream: "uniform"),
    ]
  }

  /// Whether `contender` costing `ratio` times `enum` on `stream` misses
  /// its target; false for a contender without one there.
  func missesTime(_ contender: String, ratio: Double, on stream: String? = nil) -> Bool {
    ratios.contains { $0.contender == contender && $0.isMissed(by: ratio, on: stream) }
  }

  /// Whether `contender` allocating `mallocs` per event misses the target of
  /// none: every contender but the textbook state classes is held to it.
  func missesMallocs(_ contender: String, mallocs: Double) -> Bool {
    contender != Contenders.textbook && mallocs > 0
  }

  /// The targets in words, one a line, for the report's header; the one
  /// of the app's own code when `ownCode` was measured.
  func lines(ownCode: Bool) -> [String] {
    [
      "Targets (a '!' marks a miss)"
        + (ownCode ? ", the multiples of \(Contenders.reference) in both configurations:" : ":")
    ] + ratios.map { "  " + $0.text }
      + [
        "  0 mallocs per event, except \(Contenders.textbook) (the textbook version: "
          + "its mallocs are shown, not marked)"
      ] + (ownCode ? lowerBounds.map { "  " + $0.text } : [])
  }
}
