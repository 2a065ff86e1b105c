extension ResultsLabel {
  /// The label as the text report opens: whose results, the runs, the
  /// machine, the command.
  var lines: [String] {
    var lines = [headline]
    let dates = runs.compactMap(\.date)
    var runLine = runs.count == 1 ? "1 run" : "\(runs.count) runs combined"
    if let first = dates.min(), let last = dates.max() {
      runLine += first == last ? ", exported \(first)" : ", exported from \(first) to \(last)"
    }
    let seconds = runs.compactMap(\.suiteSeconds).map { $0.formatted(digits: 1) + " s" }
    lines.append(runLine)
    // Each on its own line, so that five runs still fit a terminal.
    if !seconds.isEmpty { lines.append("The suite took " + seconds.joined(separator: ", ")) }
    if let build = runs.compactMap(\.buildSeconds).max() {
      lines.append(
        "The release build before the runs took \(build.formatted(digits: 1)) s "
          + "(the first one builds package-benchmark)")
    }
    let machine = [
      host, cpu.map { cpu in architecture.map { "\(cpu) (\($0))" } ?? cpu } ?? architecture,
      processors.map { "\($0) processors" }, memory.map { "\($0) GB of memory" },
    ].compactMap { $0 }
    if !machine.isEmpty { lines.append("Machine: " + machine.joined(separator: ", ")) }
    let system = [os, swift].compactMap { $0 }
    if !system.isEmpty { lines.append("System: " + system.joined(separator: ", ")) }
    let commands = runs.compactMap(\.command).reduce(into: [String]()) { unique, command in
      if !unique.contains(command) { unique.append(command) }
    }
    if !commands.isEmpty { lines.append("Command: " + commands.joined(separator: "; ")) }
    if let instructions { lines.append("Instructions counted with: " + instructions) }
    return lines
  }
}
