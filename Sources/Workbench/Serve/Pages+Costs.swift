import Foundation

extension Pages {
  /// `/costs`: the benchmark chart of `fsm compare`, as wide as the window,
  /// how to measure the figures on this machine, and the matrix; from the
  /// local results if there are any, else the committed ones, and the
  /// first line says which.
  static func costs(root: String) -> String {
    let body: String
    do {
      let path = try ResultsFiles.defaultPath(root: root)
      // The chart `fsm compare --format svg` draws, the same bytes: the
      // package's cells, on the scale of those cells alone.
      let svg = try Comparison.report(results: [path], format: .svg, root: root)
      let matrix = try Comparison.report(results: [path], format: .text, root: root)
      let label = matrix.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
      // As wide as the page (the CSS), however tall that makes it: its
      // bars, 16 pixels thick or more from a window 1024 pixels wide, are
      // too many (a machine, a stream and a contender each) for one screen.
      let drawn = svg.firstRange(of: "<svg").map { String(svg[$0.lowerBound...]) } ?? ""
      body = """
        <h1>Costs</h1>
        <p class="label" id="results-label">\(escaped(label))</p>
        <figure class="chart" id="costs-chart">\(drawn)</figure>
        \(rerun(shown: ResultsFiles.kind(of: path), root: root))
        <h2>Every machine's tables</h2>
        <pre class="matrix">\(escaped(matrix))</pre>
        """
    } catch {
      body = """
        <h1>Costs</h1>
        <p id="results-label">No results: \(escaped(error.description))</p>
        \(rerun(shown: nil, root: root))
        """
    }
    return layout(title: "Costs", body: body)
  }

  /// How a teacher measures the figures on their own machine, with
  /// `scripts/benchmark`, and what this page shows then; `shown` is the
  /// kind of results on the page, `nil` when there are none.
  static func rerun(shown: ResultsLabel.Kind?, root: String) -> String {
    let intro =
      switch shown {
      case .committed?:
        "These are the results committed with the workbench, measured on the machine the "
          + "matrix names. To measure the machine this class view runs on, run in the "
          + "workbench's checkout, on a machine otherwise quiet:"
      case .local?:
        "These are a run of your own, measured on this machine. To measure it again, run in "
          + "the workbench's checkout:"
      case nil: "To measure this machine, run in the workbench's checkout:"
      }
    let commands = [
      (
        Comparison.benchmarkCommand,
        "the suite 3 times, combined into \(ResultsFiles.localCombined)"
      ),
      (Comparison.benchmarkCommand + " --runs 1", "one run: quicker, noisier"),
      (
        Comparison.checkCommand,
        "the same, then cell by cell: do they agree with the committed ones?"
      ),
    ]
    let width = commands.map(\.0.count).max() ?? 0
    let lines =
      (root == "." ? [] : ["cd \(shellQuoted(root))"])
      + commands.map { command, what in
        command.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "# " + what
      }
    let after =
      shown == .local
      ? "then reload this page. To see the committed results again, move the folder "
        + "Benchmarks/Results aside."
      : "then reload this page: it shows your run, labelled \u{201C}local run\u{201D}."
    return """
      <section id="rerun">
      <h2>On your own machine</h2>
      <p>\(escaped(intro))</p>
      <pre><code>\(escaped(lines.joined(separator: "\n")))</code></pre>
      <p>The benchmarks are built in release mode first; each run of the suite takes a few \
      minutes (the matrix's first lines say how long the runs shown took); \(escaped(after))</p>
      </section>
      """
  }

  /// `path` as one word of a shell command: in single quotes unless it is
  /// only letters, digits and `/._-`.
  private static func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "/._-".unicodeScalars.contains($0)
    }
    return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
  }
}
