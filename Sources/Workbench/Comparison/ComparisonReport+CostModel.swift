import Foundation

extension ComparisonReport {
  /// The cost model of each configuration: its coefficients and fit, every
  /// cell's measured time over the predicted one, and the cells it does
  /// not explain, of the machines shown; nothing when the results have no
  /// mispredictions.
  var costModelSection: String? {
    let models = models ?? CostModel.fit(results)
    guard !models.isEmpty else { return nil }
    let shown = Set(results.machines)
    var lines = [
      "Cost model: ns per event ≈ a · instructions + b · mispredictions on the uniform stream",
      "+ b′ · mispredictions on the typical stream + c · mallocs + d, fitted by least squares to",
      "every cell of a configuration, each cell's error relative to its time. The coefficients",
      "are what each costs on this processor (b′ is below b where it learns patterns valgrind's",
      "model predictor does not); a cell the model predicts outside the noise band",
      "(\(NoiseBand.text)) is one these do not explain.",
    ]
    var fit = TextTable(
      header: ["model", "ns/instruction", "ns/mispred. uniform", "ns/mispred. typical"]
        + ["ns/malloc", "ns/event", "R²", "cells", "unexplained"])
    fit.maximumWidth = CostTables.width
    for model in models {
      fit.rows.append(
        [model.configuration.shortTitle]
          + model.coefficients.map(CostModel.text(ofCoefficient:))
          + [
            model.rSquared.formatted(digits: 3), "\(model.predictions.count)",
            "\(model.unexplained.count)",
          ])
    }
    lines += [""] + fit.render().split(separator: "\n").map(String.init)
    for model in models {
      lines += [""] + ratioLines(model)
    }
    for model in models {
      let unexplained = model.unexplained.filter { shown.contains($0.cell.machine) }
      guard !unexplained.isEmpty else { continue }
      lines += ["", "Unexplained \(model.configuration.shortTitle) cells, worst first:"]
      var table = TextTable(header: ["cell", "measured", "predicted", "measured/predicted"])
      let worst = unexplained.sorted { abs(log($0.ratio)) > abs(log($1.ratio)) }
      for prediction in worst {
        table.rows.append([
          prediction.cell.key.text, prediction.cell.nsPerEvent.formatted(digits: 2) + " ns",
          prediction.predicted.formatted(digits: 2) + " ns",
          prediction.ratio.formatted(digits: 2) + "x",
        ])
      }
      lines += table.render().split(separator: "\n").map { "  " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// Every cell of `model` as its measured time over the predicted one, a
  /// row per machine and stream and a column per contender, with a `!` on
  /// the cells outside the noise band.
  private func ratioLines(_ model: CostModel) -> [String] {
    let byKey = Dictionary(
      model.predictions.map { ($0.cell.key, $0) }, uniquingKeysWith: { first, _ in first })
    let contenders = results.contenders.filter { contender in
      model.predictions.contains { $0.cell.contender == contender }
    }
    var table = TextTable(
      header: ["measured/predicted, \(model.configuration.shortTitle)"]
        + contenders.map(Self.shortName))
    // As the cost tables: what does not fit in 120 characters goes under.
    table.maximumWidth = CostTables.width
    for machine in results.machines {
      for stream in results.streams {
        let cells = contenders.map { contender in
          byKey[
            CostCell.Key(
              machine: machine, stream: stream, contender: contender,
              configuration: model.configuration)
          ].map { $0.ratio.formatted(digits: 2) + ($0.isExplained ? " " : "!") } ?? "- "
        }
        guard cells.contains(where: { $0 != "- " }) else { continue }
        table.rows.append(["\(machine), \(stream)"] + cells)
      }
    }
    return table.render().split(separator: "\n").map(String.init)
  }

  /// A contender's id in a column title short enough for eight columns:
  /// `state-classes-shared` as `classes-shared`.
  private static func shortName(_ contender: String) -> String {
    contender.replacing("state-pattern", with: "pattern").replacing(
      "state-classes", with: "classes")
  }
}
