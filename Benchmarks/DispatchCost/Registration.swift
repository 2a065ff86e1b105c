import Benchmark
import StateMachines

/// What a benchmark drives its stream through: the floor or one
/// implementation.
enum Contender: CustomStringConvertible {
  /// The bare transition table.
  case floor
  /// The machine as `implementation` writes it.
  case style(Implementation)

  /// The id in benchmark names: `floor`, a style's public id, or
  /// `state-classes-shared`.
  var description: String {
    switch self {
    case .floor: "floor"
    case .style(let implementation): implementation.description
    }
  }
}

extension BenchmarkedMachine {
  /// Registers the floor and every implementation on both streams, named
  /// like `turnstile/enum/uniform`.
  static func registerBenchmarks() {
    for kind in StreamKind.allCases {
      for contender in [Contender.floor] + Implementation.all.map(Contender.style) {
        register(contender, on: kind)
      }
    }
  }

  /// Registers one benchmark: `contender` driven through a `kind` stream,
  /// `eventsPerIteration * multiple` events an iteration.
  ///
  /// A `multiple` of 2 registers the linearity check `...-x2`: if the
  /// harness measures work, twice the events take twice the time.
  static func register(_ contender: Contender, on kind: StreamKind, multiple: Int = 1) {
    let name = "\(id)/\(contender)/\(kind.rawValue)" + (multiple == 1 ? "" : "-x\(multiple)")
    let length = eventsPerIteration * multiple
    switch contender {
    case .floor: registerFloor(name, kind, length)
    case .style(let implementation):
      switch implementation.style {
      case .nestedSwitch: register(NestedSwitch.self, implementation, name, kind, length)
      case .enum: register(Enum.self, implementation, name, kind, length)
      case .statePattern: register(StatePattern.self, implementation, name, kind, length)
      case .stateClasses: register(StateClasses.self, implementation, name, kind, length)
      case .table: register(Table.self, implementation, name, kind, length)
      }
    }
  }

  /// The windows of a `kind` stream, `length` events each: built in a
  /// benchmark's setup, so only the benchmark that runs pays for its stream.
  private static func windows(_ kind: StreamKind, _ length: Int) -> Windows<Event> {
    Windows(stream(kind, count: eventsPerStream), length: length)
  }

  /// Registers the style `T` handling a `kind` stream, `length` events an
  /// iteration.
  private static func register<T: StateMachine>(
    _ type: T.Type, _ implementation: Implementation, _ name: String, _ kind: StreamKind,
    _ length: Int
  ) where T.Event == Event, T.Output == Output {
    guard var machine = make(implementation, as: T.self) else {
      print("\(name): cannot build \(id) as \(T.self); skipped")
      return
    }
    Benchmark(name, configuration: .dispatchCost) { benchmark, windows in
      // The machine is built once, outside the clock, and lives across
      // iterations: each one handles the next window of the stream where
      // the last stopped, as a machine in use would, with its buffers
      // already grown.
      let events = windows.take()
      var tally = Tally()
      benchmark.startMeasurement()
      drive(&machine, through: events, into: &tally)
      benchmark.stopMeasurement()
      blackHole(tally)
      benchmark.measurement(.events, events.count)
    } setup: {
      windows(kind, length)
    }
  }

  /// Registers the bare transition table of the machine handling a `kind`
  /// stream, `length` events an iteration, from the state a new machine
  /// starts in.
  private static func registerFloor(_ name: String, _ kind: StreamKind, _ length: Int) {
    guard let initialMachine = make(Implementation(.enum), as: Enum.self) else {
      print("\(name): cannot build \(id); skipped")
      return
    }
    let table = NextStateTable<Self>()
    var state = table.row(of: initialMachine.state)
    Benchmark(name, configuration: .dispatchCost) { (benchmark, windows: Windows<UInt8>) in
      let columns = windows.take()
      benchmark.startMeasurement()
      state = table.drive(from: state, through: columns)
      benchmark.stopMeasurement()
      blackHole(state)
      benchmark.measurement(.events, columns.count)
    } setup: {
      let events = stream(kind, count: eventsPerStream)
      return Windows(table.columns(of: events), length: length)
    }
  }
}
