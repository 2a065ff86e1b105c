import Foundation

extension Pages {
  /// `/costs`: the benchmark chart and matrix of `fsm compare`, from the
  /// local results if there are any, else the committed ones; the report's
  /// first line says which.
  static func costs(root: String) -> String {
    let body: String
    do {
      let chart = try Comparison.report(format: .svg, root: root)
      let matrix = try Comparison.report(format: .text, root: root)
      let label = matrix.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
      let svg = chart.firstRange(of: "<svg").map { String(chart[$0.lowerBound...]) } ?? chart
      body = """
        <h1>Costs</h1>
        <p class="label" id="results-label">\(escaped(label))</p>
        <div class="chart">\(svg)</div>
        <h2>The matrix</h2>
        <pre class="matrix">\(escaped(matrix))</pre>
        """
    } catch {
      body = """
        <h1>Costs</h1>
        <p id="results-label">No results: \(escaped(error.description))</p>
        """
    }
    return layout(title: "Costs", body: body)
  }
}
