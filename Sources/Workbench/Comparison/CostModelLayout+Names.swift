import Foundation

extension CostModelLayout {
  /// The cells of `model` to name: the unexplained ones furthest from
  /// their prediction, either way (a cell twice as slow as predicted as
  /// far as one twice as fast), at most `namedCells`, worst first; of two
  /// as far, the first in the results' order.
  static func named(_ model: CostModel) -> [CostModel.Prediction] {
    /// How far `prediction` is from its cell's time, in orders of magnitude.
    func miss(_ prediction: CostModel.Prediction) -> Double {
      let miss = abs(log10(prediction.ratio))
      return miss.isNaN ? .infinity : miss
    }
    let worst = model.predictions.enumerated().filter { !$0.element.isExplained }.sorted {
      let (first, second) = (miss($0.element), miss($1.element))
      return first != second ? first > second : $0.offset < $1.offset
    }
    return worst.prefix(namedCells).map(\.element)
  }

  /// The name `prediction`'s cell is labelled with: its benchmark's name
  /// without the configuration, which the panel's title gives; on one line,
  /// or on two, broken after the machine.
  static func name(of prediction: CostModel.Prediction, lines: Int) -> [String] {
    let cell = prediction.cell
    let rest = "\(cell.contender)/\(cell.stream)"
    return lines == 1 ? ["\(cell.machine)/\(rest)"] : ["\(cell.machine)/", rest]
  }

  /// The names of the cells `panel`'s model explains worst, each beside its dot, in
  /// the panel's `namesArea` and clear of the names placed before it: on
  /// the side away from the diagonal first, then either side a line higher
  /// or lower, and so on. Clear of every dot too where there is room, on
  /// two lines rather than over a dot, and cut short only where there is
  /// no room for the whole name.
  func names(in panel: Panel) -> [CellName] {
    let radius = Self.dotRadius
    let dots = panel.model.predictions.map { prediction in
      let dot = point(of: prediction, in: panel)
      return ChartBox(
        left: dot.x - radius, top: dot.y - radius, width: 2 * radius, height: 2 * radius)
    }
    var placed: [CellName] = []
    for prediction in Self.named(panel.model) {
      let dot = point(of: prediction, in: panel)
      let (one, two) = (places(prediction, 1, at: dot), places(prediction, 2, at: dot))
      let taken = placed.map(\.box)
      /// Whether `name` is in the area, clear of the names placed, and, if
      /// `clearOfDots`, of every dot.
      func fits(_ name: [ChartLabel], clearOfDots: Bool) -> Bool {
        name.allSatisfy { line in
          panel.namesArea.contains(line.box) && !taken.contains { $0.overlaps(line.box) }
            && (!clearOfDots || !dots.contains { $0.overlaps(line.box) })
        }
      }
      let cut = two.map { $0.map { shortened($0, in: panel.namesArea) } }
      let lines =
        one.first { fits($0, clearOfDots: true) }
        ?? two.first { fits($0, clearOfDots: true) }
        ?? one.first { fits($0, clearOfDots: false) }
        ?? two.first { fits($0, clearOfDots: false) }
        ?? cut.first { fits($0, clearOfDots: false) }
        // Nowhere clear: over another name, rather than leave the cell unnamed.
        ?? cut[0]
      placed.append(CellName(lines: lines, dot: dot))
    }
    return placed
  }

  /// Where `prediction`'s name, on `count` lines, may go, best first:
  /// beside its dot at `dot`, on the side away from the diagonal (above it,
  /// slower than predicted, the empty side of the plot is the left; below
  /// it, the right), then the other side; then a line higher or lower, and
  /// so on.
  private func places(
    _ prediction: CostModel.Prediction, _ count: Int, at dot: (x: Double, y: Double)
  ) -> [[ChartLabel]] {
    let size = ChartLayout.textSize
    let line = (ChartLabel.ascent + ChartLabel.descent) * size + 2
    let gap = Self.dotRadius + 4
    let sides: [ChartLabel.Anchor] = prediction.ratio > 1 ? [.end, .start] : [.start, .end]
    let texts = Self.name(of: prediction, lines: count)
    return (0...8).flatMap { step in
      // 0, -1, 1, -2, 2...: a line higher before a line lower.
      let shift = step % 2 == 1 ? -(step + 1) / 2 : step / 2
      let top = dot.y + Double(shift) * line - Double(texts.count) * line / 2
      return sides.map { anchor in
        texts.enumerated().map { index, text in
          ChartLabel(
            role: "cell-name", text: text, x: anchor == .start ? dot.x + gap : dot.x - gap,
            y: ChartLabel.baseline(centredOn: top + (Double(index) + 0.5) * line, size: size),
            size: size, anchor: anchor)
        }
      }
    }
  }

  /// `label` cut short to end inside `area`.
  private func shortened(_ label: ChartLabel, in area: ChartBox) -> ChartLabel {
    var label = label
    let room = label.anchor == .start ? area.right - label.x : label.x - area.left
    label.text = TextWidth.truncated(label.text, width: max(room, 0), size: label.size)
    return label
  }
}
