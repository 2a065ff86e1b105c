import Benchmark
import StateMachines

/// What a benchmark drives its stream through: the floor or one style.
enum Contender: CustomStringConvertible {
  /// The bare transition table.
  case floor
  /// The machine written in `style`.
  case style(Style)

  /// The id in benchmark names: `floor` or the style's public id.
  var description: String {
    switch self {
    case .floor: "floor"
    case .style(let style): style.rawValue
    }
  }
}

extension BenchmarkedMachine {
  /// Registers the floor and the three styles on both streams, named like
  /// `turnstile/enum/uniform`.
  static func registerBenchmarks() {
    for kind in StreamKind.allCases {
      for contender in [Contender.floor] + Style.allCases.map(Contender.style) {
        register(contender, on: kind)
      }
    }
  }

  /// Registers one benchmark: `contender` driven through a `kind` stream of
  /// about `eventsPerIteration * multiple` events.
  ///
  /// A `multiple` of 2 registers the linearity check `...-x2`: if the
  /// harness measures work, twice the events take twice the time.
  static func register(_ contender: Contender, on kind: StreamKind, multiple: Int = 1) {
    let name = "\(id)/\(contender)/\(kind.rawValue)" + (multiple == 1 ? "" : "-x\(multiple)")
    let events = stream(kind, count: eventsPerIteration * multiple)
    switch contender {
    case .floor: registerFloor(name, events)
    case .style(.nestedSwitch): register(NestedSwitch.self, .nestedSwitch, name, events)
    case .style(.enum): register(Enum.self, .enum, name, events)
    case .style(.statePattern): register(StatePattern.self, .statePattern, name, events)
    }
  }

  /// Registers `events` driven through the style `T`.
  private static func register<T: StateMachine>(
    _ type: T.Type, _ style: Style, _ name: String, _ events: [Event]
  ) where T.Event == Event, T.Output == Output {
    guard var machine = make(style, as: T.self) else {
      print("\(name): cannot build \(id) as \(T.self); skipped")
      return
    }
    Benchmark(name, configuration: .dispatchCost) { benchmark in
      // The machine is built once, outside the clock, and lives across
      // iterations: each one continues where the last stopped, as a machine
      // in use would, with its buffers already grown. The stream ends where
      // it starts, so every iteration takes the same path (apart from any
      // random draws of the machine's own).
      var tally = Tally<BenchmarkSink>()
      benchmark.startMeasurement()
      drive(&machine, through: events, into: &tally)
      benchmark.stopMeasurement()
      blackHole(tally)
      benchmark.measurement(.events, events.count)
    }
  }

  /// Registers `events` driven through the bare transition table of the
  /// machine, from the state a new machine starts in.
  private static func registerFloor(_ name: String, _ events: [Event]) {
    guard let initialMachine = make(.enum, as: Enum.self) else {
      print("\(name): cannot build \(id); skipped")
      return
    }
    let table = TransitionTable<Self>()
    let initial = table.row(of: initialMachine.state)
    let columns = table.columns(of: events)
    Benchmark(name, configuration: .dispatchCost) { benchmark in
      benchmark.startMeasurement()
      let final = table.drive(from: initial, through: columns)
      benchmark.stopMeasurement()
      blackHole(final)
      benchmark.measurement(.events, columns.count)
    }
  }
}
