/// Whether the styles come in the same order of cost on another processor
/// as in the committed results: the conclusions of the matrix, where its
/// times do not travel.
///
/// Only clear orders are judged: a pair of implementations whose times lie
/// within the noise band of each other, on either side, may come either
/// way, as `nested-switch` and `enum` do. A pair is reversed when one was
/// clearly cheaper in the committed results and is clearly dearer now.
struct StyleOrder: Sendable {
  /// Two implementations that changed places.
  struct Reversal: Sendable {
    /// The one that was cheaper.
    var cheaper: String
    /// The one that was dearer, and is cheaper now.
    var dearer: String
    /// Their committed times per event.
    var committed: (cheaper: Double, dearer: Double)
    /// Their times per event now.
    var now: (cheaper: Double, dearer: Double)
  }

  /// One machine and stream in one configuration.
  struct Group: Sendable {
    /// The machine.
    var machine: String
    /// The stream.
    var stream: String
    /// The configuration.
    var configuration: CostCell.Configuration
    /// The pairs that changed places.
    var reversals: [Reversal]

    /// The group in words: `turnstile, typical stream, as a package dependency`.
    var title: String { "\(machine), \(stream) stream, \(configuration.title)" }
  }

  /// Every group measured on both sides, in the committed order.
  let groups: [Group]

  /// Compares the order of the implementations of `now` with `committed`'s.
  init(now: ComparisonResults, committed: ComparisonResults) {
    let nowCells = now.cellsByKey
    var groups: [Group] = []
    var seen: Set<CostCell.Key> = []
    for cell in committed.cells {
      // One group per machine, stream and configuration; the key of its
      // first cell stands for it.
      var group = cell.key
      group.contender = ""
      guard seen.insert(group).inserted else { continue }
      let pairs = committed.cells.filter { other in
        var key = other.key
        key.contender = ""
        return key == group && other.contender != Contenders.lowerBound
      }.compactMap { before in nowCells[before.key].map { (before, $0) } }
      guard pairs.count > 1 else { continue }
      groups.append(
        Group(
          machine: cell.machine, stream: cell.stream, configuration: cell.configuration,
          reversals: Self.reversals(in: pairs)))
    }
    self.groups = groups
  }

  /// The pairs of `cells` (committed and now, each) that are clearly
  /// ordered one way before and the other way now.
  private static func reversals(in cells: [(CostCell, CostCell)]) -> [Reversal] {
    var reversals: [Reversal] = []
    for (before, now) in cells {
      for (otherBefore, otherNow) in cells
      where clearlyBelow(before.nsPerEvent, otherBefore.nsPerEvent)
        && clearlyBelow(otherNow.nsPerEvent, now.nsPerEvent)
      {
        reversals.append(
          Reversal(
            cheaper: before.contender, dearer: otherBefore.contender,
            committed: (before.nsPerEvent, otherBefore.nsPerEvent),
            now: (now.nsPerEvent, otherNow.nsPerEvent)))
      }
    }
    return reversals
  }

  /// Whether `low` is below `high` by more than the noise band around it.
  private static func clearlyBelow(_ low: Double, _ high: Double) -> Bool {
    low < high && !NoiseBand.contains(high, around: low)
  }

  /// Whether no clear order changed.
  var agrees: Bool { groups.allSatisfy(\.reversals.isEmpty) }

  /// The groups whose order was kept.
  var kept: Int { groups.filter(\.reversals.isEmpty).count }

  /// The comparison in lines: what is judged, and each reversal.
  var lines: [String] {
    var lines = [
      "Order of the styles on each machine, stream and configuration (a pair within the band",
      "of each other, on either side, is not judged): \(kept) of \(groups.count) kept"
        + (agrees ? "." : "; these changed:"),
    ]
    for group in groups {
      for reversal in group.reversals {
        lines.append(
          "  \(group.title): \(reversal.dearer) now below \(reversal.cheaper) "
            + "(\(ns(reversal.now.dearer)) and \(ns(reversal.now.cheaper)); committed "
            + "\(ns(reversal.committed.dearer)) and \(ns(reversal.committed.cheaper)))")
      }
    }
    return lines
  }

  /// A time per event, as in `3.10 ns`.
  private func ns(_ value: Double) -> String { value.formatted(digits: 2) + " ns" }
}
