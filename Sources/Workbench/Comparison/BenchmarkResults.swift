import CSV

/// The results of one benchmark run, as package-benchmark exports them with
/// `--format influx`: one CSV row per benchmark, metric and percentile, and
/// after them the run script's `# key: value` metadata lines.
///
/// Only what the comparison needs is kept: for each benchmark and metric, the
/// percentiles of the raw measurements (per iteration: nanoseconds for time,
/// a count for mallocs), the machine the run was made on and the metadata.
struct BenchmarkResults: Sendable {
  /// Where and when the run was made, as package-benchmark's columns say.
  struct Host: Hashable, Sendable {
    /// The host name.
    var name: String
    /// The processor architecture, as in `x86_64`.
    var processor: String
    /// The number of processors online.
    var processors: String
    /// The memory, in gigabytes (as package-benchmark rounds it).
    var memory: String
    /// The kernel version.
    var kernel: String
    /// When the results were exported (ISO 8601).
    var time: String
  }

  /// The percentiles of one metric of one benchmark, keyed by percentile
  /// (`50` for the median).
  typealias Percentiles = [Double: Double]

  /// The file the run was read from.
  var path: String

  /// The host of the run, from its first row.
  var host: Host?

  /// The run script's metadata, if it added any.
  var metadata = RunMetadata()

  /// Each benchmark's metrics, by benchmark name and then by metric name
  /// with its spaces removed (`Time(wallclock)`, `Malloc(total)`, `Events`).
  var metrics: [String: [String: Percentiles]] = [:]

  /// The benchmark names, in the order they first appear.
  var names: [String] = []

  /// Reads the CSV text of an influx export.
  ///
  /// Lines that start with `#` are set aside first: package-benchmark's
  /// `#datatype` annotation, and the metadata. The CSV library then reads
  /// the rest, quoted fields and line ends included. (Setting the lines
  /// aside first would cut a quoted field that spans lines, but no field of
  /// an influx export does.)
  ///
  /// - Throws: `ComparisonError.malformedResults` when the header lacks a
  ///   column the comparison needs, a value is not a number, or a metadata
  ///   line is malformed.
  init(influxCSV text: String, path: String) throws(ComparisonError) {
    self.path = path
    var data: [Substring] = []
    // Swift reads `\r\n` as one character: a CRLF file has the same lines.
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      if line.hasPrefix("#") {
        if !RunMetadata.isAnnotation(line) {
          try metadata.read(line, number: index + 1, path: path)
        }
      } else if !line.allSatisfy(\.isWhitespace) {
        data.append(line)
      }
    }
    let rows = Self.rows(data)
    guard let header = rows.first else {
      throw .malformedResults(path: path, reason: "the file is empty")
    }
    try read(rows: rows, header: header)
  }

  /// Reads the rows under `header` into `metrics`, `names` and `host`.
  private mutating func read(rows: [[String]], header: [String]) throws(ComparisonError) {
    let path = path

    /// The position of the column named `name`.
    func column(_ name: String) throws(ComparisonError) -> Int {
      guard let index = header.firstIndex(of: name) else {
        throw .malformedResults(path: path, reason: "no column '\(name)' in the header")
      }
      return index
    }
    let test = try column("test")
    let metric = try column("metric")
    let percentile = try column("percentile")
    let value = try column("value")
    let optional = { (name: String) in header.firstIndex(of: name) }
    let hostColumns = [
      "hostName", "processoryType", "processors", "memory", "kernelVersion", "time",
    ].map(optional)

    for (number, row) in rows.enumerated().dropFirst() {
      guard row.count == header.count else {
        throw .malformedResults(
          path: path, reason: "row \(number + 1) has \(row.count) fields, not \(header.count)")
      }
      guard let rank = Double(row[percentile]), let measured = Double(row[value]) else {
        throw .malformedResults(
          path: path, reason: "row \(number + 1) has a value that is not a number")
      }
      let metricName = row[metric].filter { !$0.isWhitespace }
      try Self.check(
        rank: rank, measured: measured, metric: metricName, row: row, number: number + 1,
        columns: (percentile, value), path: path)
      let name = row[test]
      if metrics[name] == nil { names.append(name) }
      metrics[name, default: [:]][metricName, default: [:]][rank] = measured
      if host == nil {
        let fields = hostColumns.map { index in index.map { row[$0] } ?? "?" }
        host = Host(
          name: fields[0], processor: fields[1], processors: fields[2], memory: fields[3],
          kernel: fields[4], time: fields[5])
      }
    }
  }

  /// The fields of each line, read by CSV.swift with the whitespace around
  /// each field trimmed (a `\r` included).
  private static func rows(_ lines: [Substring]) -> [[String]] {
    // Reading from a string cannot fail: the reader only throws for streams.
    guard let reader = try? CSVReader(string: lines.joined(separator: "\n"), trimFields: true)
    else { return [] }
    var rows: [[String]] = []
    while let row = reader.next() { rows.append(row) }
    return rows
  }

  /// Refuses a number no benchmark run can produce (`nan`, `inf`, `1e400`,
  /// a negative time, a fraction of an event), which would otherwise trap or
  /// print nonsense further on, naming the valid range.
  ///
  /// - Parameters:
  ///   - number: The row's number in the file, counting the header as 1.
  ///   - columns: The positions of the percentile and of the value.
  private static func check(
    rank: Double, measured: Double, metric: String, row: [String], number: Int,
    columns: (percentile: Int, value: Int), path: String
  ) throws(ComparisonError) {
    guard (0...100).contains(rank) else {
      throw .malformedResults(
        path: path,
        reason: "row \(number) has the percentile '\(row[columns.percentile])', "
          + "not a number from 0 to 100")
    }
    // Times and counts of mallocs: never negative; `Double` reads `1e400` as infinity.
    guard measured.isFinite, measured >= 0 else {
      throw .malformedResults(
        path: path,
        reason: "row \(number) has the value '\(row[columns.value])', "
          + "not a number from 0 to 1.8e308")
    }
    // Events are counted, and the comparison counts them as an `Int`.
    if metric == Metric.events.rawValue, Int(exactly: measured) == nil {
      throw .malformedResults(
        path: path,
        reason: "row \(number) counts \(row[columns.value]) events, "
          + "not a whole number from 0 to \(Int.max)")
    }
  }

  /// The `percentile` of `metric` for the benchmark `name`, if recorded.
  func value(_ name: String, _ metric: Metric, percentile: Double = 50) -> Double? {
    metrics[name]?[metric.rawValue]?[percentile]
  }

  /// The metrics the comparison reads, by their names in the export.
  enum Metric: String {
    /// Wall clock time of one iteration, in nanoseconds.
    case wallClock = "Time(wallclock)"
    /// Mallocs during one iteration.
    case mallocs = "Malloc(total)"
    /// The events one iteration handled (a custom metric of the harness).
    case events = "Events"
  }
}
