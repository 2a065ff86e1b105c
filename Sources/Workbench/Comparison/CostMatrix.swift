import StateMachines

/// A linearity check: a benchmark that handles N times the events, which
/// should take N times as long if the harness measures work.
struct LinearityCheck: Hashable, Sendable {
  /// The benchmark with N times the events.
  var name: BenchmarkName

  /// Its events per iteration.
  var events: Int

  /// The events per iteration of the benchmark it is compared with.
  var baseEvents: Int

  /// Its time per iteration divided by that of the benchmark it is
  /// compared with: ideally `events / baseEvents`.
  var timeRatio: Double

  /// Whether either median is noisy, which would explain a failed check.
  var isNoisy = false

  /// How far the time ratio may stray from the ratio of events.
  static let tolerance = 0.2

  /// The ratio of events, which the time ratio should match.
  var expectedRatio: Double { Double(events) / Double(baseEvents) }

  /// Whether the time grew with the events, within the tolerance.
  var passes: Bool { abs(timeRatio / expectedRatio - 1) <= Self.tolerance }
}

/// The results of a run arranged for reading: for each stream, machines down
/// and contenders across.
struct CostMatrix: Sendable {
  /// Identifies one cell.
  struct Key: Hashable, Sendable {
    /// The machine's public id.
    var machine: String
    /// The stream, as in `uniform`.
    var stream: String
    /// `floor` or a style id.
    var contender: String
  }

  /// The streams, `uniform` and `typical` first.
  private(set) var streams: [String] = []

  /// The machines, in the order of `Machines.all`, then any others measured.
  private(set) var machines: [String] = []

  /// The floor, then the styles, in the order of `Style.allCases`, then any
  /// others measured.
  private(set) var contenders: [String] = []

  /// The cost of each cell that was measured.
  private(set) var costs: [Key: DispatchCost] = [:]

  /// The linearity checks of the run.
  private(set) var linearity: [LinearityCheck] = []

  /// The cost per style of the machine that each style is allowed, as a
  /// multiple of the floor: the targets of the issue.
  static func ratioTarget(for contender: String) -> Double? {
    switch Style(rawValue: contender) {
    case .nestedSwitch, .enum: 1.5
    case .statePattern: 3
    // No target is set against the floor for these two: the report says
    // nothing it cannot stand behind.
    case .stateClasses, .table, nil: nil
    }
  }

  /// Arranges `results`; benchmarks whose names the harness did not write,
  /// or that lack the events metric, are left out.
  init(results: BenchmarkResults) {
    var perEvent: [BenchmarkName: (cost: DispatchCost, events: Int, time: Double)] = [:]
    for text in results.names {
      guard let name = BenchmarkName(text),
        let time = results.value(text, .wallClock),
        let events = results.value(text, .events),
        // Exactly: `Int(_:)` traps on a count too large for an `Int`.
        let eventCount = Int(exactly: events), eventCount > 0
      else { continue }
      let mallocs = results.value(text, .mallocs) ?? 0
      let worstMallocs = results.value(text, .mallocs, percentile: 100) ?? mallocs
      let quartiles = (
        results.value(text, .wallClock, percentile: 25) ?? time,
        results.value(text, .wallClock, percentile: 75) ?? time
      )
      let cost = DispatchCost(
        nanosecondsPerEvent: time / events, mallocsPerEvent: mallocs / events,
        worstMallocsPerEvent: worstMallocs / events,
        spread: time > 0 ? (quartiles.1 - quartiles.0) / time : 0)
      perEvent[name] = (cost, eventCount, time)
    }

    for (name, measured) in perEvent where name.multiple == 1 {
      var cost = measured.cost
      var floorName = name
      floorName.contender = BenchmarkName.floor
      if name.contender != BenchmarkName.floor,
        let floor = perEvent[floorName]?.cost.nanosecondsPerEvent, floor > 0
      {
        cost.ratioToFloor = cost.nanosecondsPerEvent / floor
      }
      costs[Key(machine: name.machine, stream: name.stream, contender: name.contender)] = cost
    }

    linearity = perEvent.compactMap { name, measured in
      guard name.multiple > 1, let base = perEvent[name.base], base.time > 0 else { return nil }
      return LinearityCheck(
        name: name, events: measured.events, baseEvents: base.events,
        timeRatio: measured.time / base.time,
        isNoisy: measured.cost.isNoisy || base.cost.isNoisy)
    }.sorted { $0.name.text < $1.name.text }

    let keys = costs.keys
    streams = Self.ordered(Set(keys.map(\.stream)), first: ["uniform", "typical"])
    machines = Self.ordered(Set(keys.map(\.machine)), first: Machines.ids)
    contenders = Self.ordered(
      Set(keys.map(\.contender)), first: [BenchmarkName.floor] + Style.allCases.map(\.rawValue))
  }

  /// The cost of a cell, if it was measured.
  func cost(_ machine: String, _ stream: String, _ contender: String) -> DispatchCost? {
    costs[Key(machine: machine, stream: stream, contender: contender)]
  }

  /// Keeps only `machine`'s rows and checks.
  func only(_ machine: String) -> CostMatrix {
    var matrix = self
    matrix.machines = machines.filter { $0 == machine }
    matrix.linearity = linearity.filter { $0.name.machine == machine }
    return matrix
  }

  /// The `present` values in the order of `first`, then the rest sorted.
  private static func ordered(_ present: Set<String>, first: [String]) -> [String] {
    first.filter(present.contains) + present.subtracting(first).sorted()
  }
}
