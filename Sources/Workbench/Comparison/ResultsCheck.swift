/// The checks a decoded document must pass before it is shown: JSON cannot
/// hold `nan` or infinity, but it can hold a negative time, a count of no
/// events or a cell given twice, which would print nonsense or divide by
/// zero further on.
enum ResultsCheck {
  /// The first problem of `results`, in words, or `nil` when there is none.
  static func problem(in results: ComparisonResults) -> String? {
    guard !results.cells.isEmpty else { return "it holds no dispatch-cost benchmarks" }
    var seen: Set<CostCell.Key> = []
    for (index, cell) in results.cells.enumerated() {
      guard seen.insert(cell.key).inserted else {
        return "'cells[\(index)]' is \(cell.key.text) a second time"
      }
      let numbers = [
        ("nsPerEvent", cell.nsPerEvent), ("nsMin", cell.nsMin), ("nsMax", cell.nsMax),
        ("mallocsPerEvent", cell.mallocsPerEvent), ("ratioToEnum", cell.ratioToEnum ?? 0),
        ("instructionsPerEvent", cell.instructionsPerEvent ?? 0),
        ("branchesPerEvent", cell.branchesPerEvent ?? 0),
        ("mispredictionsPerEvent", cell.mispredictionsPerEvent ?? 0),
        ("indirectMispredictionsPerEvent", cell.indirectMispredictionsPerEvent ?? 0),
        ("cacheMissesPerEvent", cell.cacheMissesPerEvent ?? 0),
      ]
      if let problem = negative(numbers, at: "cells[\(index)]") { return problem }
    }
    for (index, check) in results.linearity.enumerated() {
      let place = "linearity[\(index)]"
      if let problem = noEvents(
        [("events", check.events), ("baseEvents", check.baseEvents)], place)
        ?? negative([("timeRatio", check.timeRatio)], at: place)
      {
        return problem
      }
    }
    for (row, scale) in results.scale.enumerated() {
      for (index, point) in scale.points.enumerated() {
        let place = "scale[\(row)].points[\(index)]"
        let numbers = [
          ("nsPerEvent", point.nsPerEvent), ("nsMin", point.nsMin), ("nsMax", point.nsMax),
        ]
        if let problem = noEvents([("events", point.events)], place)
          ?? negative(numbers, at: place)
        {
          return problem
        }
      }
    }
    guard results.noiseBand >= 0, results.noiseBand < 1 else {
      return "'noiseBand' is \(results.noiseBand), not a fraction from 0 to 1"
    }
    return nil
  }

  /// The first of `numbers` that is negative, in words.
  private static func negative(_ numbers: [(String, Double)], at place: String) -> String? {
    numbers.first { $0.1 < 0 }.map { name, value in
      "'\(place).\(name)' is \(value), not a number from 0 to 1.8e308"
    }
  }

  /// The first of `counts` that is not a positive number of events, in words.
  private static func noEvents(_ counts: [(String, Int)], _ place: String) -> String? {
    counts.first { $0.1 <= 0 }.map { name, value in
      "'\(place).\(name)' is \(value), not a number of events from 1 to \(Int.max)"
    }
  }
}
