extension ComparisonResults {
  /// What one run measured for one benchmark, per event.
  private struct Measured {
    /// The median iteration's time over its events, in nanoseconds.
    var nsPerEvent: Double
    /// The median iteration's mallocs over its events.
    var mallocsPerEvent: Double
    /// The events one iteration handled.
    var events: Int
  }

  /// One benchmark over every run that measured it.
  private struct Combined {
    /// The median over the runs of each run's median time per event.
    var nsPerEvent: Double
    /// The fastest run's time per event.
    var nsMin: Double
    /// The slowest run's time per event.
    var nsMax: Double
    /// The most mallocs per event of any run.
    var mallocsPerEvent: Double
    /// The events per iteration, as the first run that measured it counted
    /// them (the harness builds the same streams in every run).
    var events: Int

    /// Whether some run is outside the noise band around the median.
    var isNoisy: Bool { NoiseBand.isSpread(median: nsPerEvent, min: nsMin, max: nsMax) }
  }

  /// Combines `runs` of the suite (separate processes, as many as were
  /// made; one will do): each cell's time is the median over the runs of
  /// each run's median, with the fastest and slowest run beside it, and its
  /// mallocs the most of any run.
  ///
  /// Benchmarks whose names the harness did not write, or that lack the
  /// events metric, are left out.
  ///
  /// - Throws: `ComparisonError.incompatibleRuns` for runs of different
  ///   hosts, `.malformedResults` when no run holds a dispatch-cost
  ///   benchmark.
  init(runs: [BenchmarkResults], kind: ResultsLabel.Kind) throws(ComparisonError) {
    let paths = runs.map(\.path)
    let hosts = Set(runs.compactMap { $0.host?.name })
    guard hosts.count <= 1 else {
      let each = runs.map { "\($0.path) on \($0.host?.name ?? "?")" }
      throw .incompatibleRuns(
        "they were made on different hosts (\(each.joined(separator: ", "))); "
          + "combine runs of one machine only")
    }
    self.init(label: Self.label(of: runs, kind: kind))
    let combined = Self.combine(runs.map(Self.measured(in:)))
    guard combined.keys.contains(where: { $0.multiple == 1 && $0.scale == nil }) else {
      throw .malformedResults(
        path: paths.joined(separator: ", "), reason: "it holds no dispatch-cost benchmarks")
    }
    cells = Self.cells(of: combined)
    linearity = Self.linearity(of: combined)
    scale = Self.scaleRows(of: combined)
    sort()
  }

  /// The label of `runs`: their files, and the host and metadata of the
  /// first run that names each.
  private static func label(of runs: [BenchmarkResults], kind: ResultsLabel.Kind) -> ResultsLabel {
    /// The first run's value of a host column, unless the column was missing.
    func host(_ field: (BenchmarkResults.Host) -> String) -> String? {
      runs.compactMap { $0.host.map(field) }.first { $0 != "?" }
    }
    return ResultsLabel(
      kind: kind, path: runs.map(\.path).joined(separator: ", "), date: host(\.time),
      host: host(\.name), cpu: runs.compactMap(\.metadata.cpu).first,
      architecture: host(\.processor), processors: host(\.processors), memory: host(\.memory),
      os: runs.compactMap(\.metadata.os).first,
      swift: runs.compactMap(\.metadata.swift).first,
      runs: runs.map { run in
        ResultsLabel.Run(
          file: run.path, date: run.host.map(\.time).flatMap { $0 == "?" ? nil : $0 },
          suiteSeconds: run.metadata.suiteSeconds, buildSeconds: run.metadata.buildSeconds,
          command: run.metadata.command)
      })
  }

  /// Each benchmark of `results` that the comparison can read, per event.
  private static func measured(in results: BenchmarkResults) -> [BenchmarkName: Measured] {
    var measured: [BenchmarkName: Measured] = [:]
    for text in results.names {
      guard let name = BenchmarkName(text),
        let time = results.value(text, .wallClock),
        let events = results.value(text, .events),
        // Exactly: `Int(_:)` traps on a count too large for an `Int`.
        let eventCount = Int(exactly: events), eventCount > 0
      else { continue }
      let mallocs = results.value(text, .mallocs) ?? 0
      measured[name] = Measured(
        nsPerEvent: time / events, mallocsPerEvent: mallocs / events, events: eventCount)
    }
    return measured
  }

  /// Each benchmark over the runs that measured it.
  private static func combine(_ runs: [[BenchmarkName: Measured]]) -> [BenchmarkName: Combined] {
    var all: [BenchmarkName: [Measured]] = [:]
    for run in runs {
      for (name, measured) in run { all[name, default: []].append(measured) }
    }
    return all.mapValues { measured in
      let times = measured.map(\.nsPerEvent).sorted()
      return Combined(
        nsPerEvent: median(of: times), nsMin: times[0], nsMax: times[times.count - 1],
        mallocsPerEvent: measured.map(\.mallocsPerEvent).max() ?? 0, events: measured[0].events)
    }
  }

  /// The median of `sorted`, which holds at least one value: the middle
  /// one, or the mean of the middle two.
  static func median(of sorted: [Double]) -> Double {
    let middle = sorted.count / 2
    guard sorted.count.isMultiple(of: 2) else { return sorted[middle] }
    // Halved first: the sum of two times near 1.8e308 would be infinite.
    return sorted[middle - 1] / 2 + sorted[middle] / 2
  }

  /// The matrix's cells: the benchmarks with the usual number of events,
  /// each with its multiple of `enum` on the same machine and stream, in
  /// the same configuration.
  private static func cells(of combined: [BenchmarkName: Combined]) -> [CostCell] {
    combined.compactMap { name, measured -> CostCell? in
      guard name.multiple == 1, name.scale == nil else { return nil }
      var reference = name
      reference.contender = Contenders.reference
      let enumTime = combined[reference]?.nsPerEvent
      return CostCell(
        machine: name.machine, stream: name.stream, contender: name.contender,
        configuration: name.configuration, nsPerEvent: measured.nsPerEvent, nsMin: measured.nsMin,
        nsMax: measured.nsMax,
        ratioToEnum: enumTime.flatMap { $0 > 0 ? measured.nsPerEvent / $0 : nil },
        mallocsPerEvent: measured.mallocsPerEvent)
    }
  }

  /// The checks of the benchmarks with N times the events against the same
  /// benchmark with the usual number.
  private static func linearity(of combined: [BenchmarkName: Combined]) -> [LinearityCheck] {
    combined.compactMap { name, measured in
      guard name.multiple > 1, let base = combined[name.base], base.nsPerEvent > 0 else {
        return nil
      }
      // Per iteration: the time per event times the events.
      let time = measured.nsPerEvent * Double(measured.events)
      let baseTime = base.nsPerEvent * Double(base.events)
      return LinearityCheck(
        benchmark: name.text, events: measured.events, baseEvents: base.events,
        timeRatio: time / baseTime, noisy: measured.isNoisy || base.isNoisy)
    }
  }

  /// One row per machine, contender and stream measured at several sizes.
  private static func scaleRows(of combined: [BenchmarkName: Combined]) -> [ScaleRow] {
    var points: [BenchmarkName: [(power: Int, point: ScaleRow.Point)]] = [:]
    // The harness measures scale as a package only; a row of another
    // configuration would share a machine's row with it.
    for (name, measured) in combined where name.configuration == .package {
      guard let power = name.scale else { continue }
      let point = ScaleRow.Point(
        size: "1e\(power)", events: measured.events, nsPerEvent: measured.nsPerEvent,
        nsMin: measured.nsMin, nsMax: measured.nsMax)
      points[name.base, default: []].append((power, point))
    }
    return points.map { name, sizes in
      let sorted = sizes.sorted { $0.power < $1.power }.map(\.point)
      let ratio =
        sorted.count > 1 && sorted[0].nsPerEvent > 0
        ? sorted[sorted.count - 1].nsPerEvent / sorted[0].nsPerEvent : nil
      return ScaleRow(
        machine: name.machine, contender: name.contender, stream: name.stream, points: sorted,
        ratio: ratio)
    }
  }
}
