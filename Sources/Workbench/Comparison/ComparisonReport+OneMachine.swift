extension ComparisonReport {
  /// One machine's costs on one stream: contenders down, a column per
  /// configuration, then the module boundary's share of each.
  ///
  /// The matrix of every machine has a column per contender, too wide for
  /// a terminal once both configurations are in it; with one machine the
  /// contenders fit down the side.
  func oneMachineTable(_ machine: String, stream: String, shares: [BoundaryShare]) -> String {
    let cells = results.cellsByKey
    let counted = results.hasInstructions
    let configurations = results.configurations
    let sharesCounted = shares.contains { $0.instructionShare != nil }
    // A column per figure, the first titled with the configuration, so
    // that the figures line up down the contenders.
    let figures = ["x enum", "mallocs"] + (counted ? ["ins"] : [])
    let header =
      ["\(machine), \(stream)"] + configurations.flatMap { [$0.shortTitle] + figures }
      + (shares.isEmpty ? [] : ["boundary"])
    var table = TextTable(header: header)
    for contender in results.contenders {
      let costs = configurations.flatMap { configuration in
        guard
          let parts = cellParts(
            machine: machine, stream: stream, contender: contender, configuration, in: cells,
            counted: counted)
        else { return ["-"] + figures.map { _ in "" } }
        return [parts.time, parts.ratio ?? "-", parts.mallocs]
          + (counted ? [parts.instructions ?? "-"] : [])
      }
      let share = shares.first { $0.contender == contender }
      let boundary =
        shares.isEmpty ? [] : [share.map { shareText($0, counted: sharesCounted) } ?? ""]
      table.rows.append([Contenders.title(of: contender)] + costs + boundary)
    }
    return table.render()
  }

  /// What the boundary column of one machine's tables is, said once
  /// above them.
  var boundaryLegend: String {
    let counted = results.boundary.contains { $0.instructionShare != nil }
    let lines = [
      "The boundary column: the share of each implementation's time per event as a package",
      "dependency that it does not pay as the app's own code (1 - own code / package)"
        + (counted ? ", then" : "."),
    ]
    let instructions = counted ? ["the same share of its instructions per event."] : []
    let loop =
      results.configurations.contains(.ownCode)
      ? [
        "The loop alone is measured once: in the own-code column it is the loop with one call",
        "per event, which the app's own code need not make and can go under.",
      ] : []
    return (lines + instructions + loop).joined(separator: "\n")
  }
}
