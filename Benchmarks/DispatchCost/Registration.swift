import Benchmark
import Harness
import StateMachines

/// Registers every contender of each machine it visits.
struct Registration: MachineVisitor {
  func visit<M: BenchmarkedMachine>(_ machine: M.Type) {
    machine.registerBenchmarks()
    machine.registerScale()
  }
}

extension BenchmarkedMachine {
  /// Registers every contender on both streams, named like
  /// `turnstile/enum/uniform`.
  static func registerBenchmarks() {
    for kind in StreamKind.allCases {
      for contender in Contender.all {
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
    case .noMachine:
      registerNoMachine(name, kind, length)
    case .implementation(let implementation):
      visit(implementation, with: Registrar(name: name, kind: kind, length: length))
    }
  }

  /// Registers the scale benchmarks of the `enum` style on the typical
  /// stream: 10^3, 10^5 and 10^7 events an iteration, named like
  /// `turnstile/enum/typical-1e7`. The time per event must not grow with
  /// the length of the run.
  static func registerScale() {
    for (size, events) in [("1e3", 1_000), ("1e5", 100_000), ("1e7", 10_000_000)] {
      var registrar = Registrar(
        name: "\(id)/enum/typical-\(size)", kind: .typical, length: eventsPerIteration)
      registrar.windowsPerIteration = events / eventsPerIteration
      registrar.configuration = .scale(events: events)
      visit(Implementation(.enum), with: registrar)
    }
  }

  /// The windows of a `kind` stream, `length` events each: built in a
  /// benchmark's setup, so only the benchmark that runs pays for its stream.
  fileprivate static func windows(_ kind: StreamKind, _ length: Int) -> Windows<Event> {
    Windows(stream(kind, count: eventsPerStream), length: length)
  }

  /// Registers the loop alone, with no machine, on a `kind` stream: the
  /// harness's lower bound.
  private static func registerNoMachine(_ name: String, _ kind: StreamKind, _ length: Int) {
    Benchmark(name, configuration: .dispatchCost) { benchmark, windows in
      let events = windows.take()
      benchmark.startMeasurement()
      driveWithoutMachine(through: events) { blackHole($0) }
      benchmark.stopMeasurement()
      benchmark.measurement(.events, events.count)
    } setup: {
      windows(kind, length)
    }
  }
}

/// Registers one implementation of a machine, on its concrete type.
private struct Registrar: ImplementationVisitor {
  /// The benchmark's name.
  var name: String
  /// The stream it drives.
  var kind: StreamKind
  /// The events of one window.
  var length: Int
  /// The windows one iteration handles, one after the other.
  var windowsPerIteration = 1
  /// The benchmark's settings.
  var configuration = Benchmark.Configuration.dispatchCost

  func visit<M: BenchmarkedMachine, T: StateMachine>(
    _ type: T.Type, of machine: M.Type, as implementation: Implementation
  ) where T.State == M.State, T.Event == M.Event, T.Output == M.Output {
    guard var built = machine.make(implementation, as: T.self) else {
      print("\(name): cannot build \(machine.id) as \(T.self); skipped")
      return
    }
    let (kind, length, windowsPerIteration) = (kind, length, windowsPerIteration)
    Benchmark(name, configuration: configuration) { benchmark, windows in
      // The machine is built once, outside the clock, and lives across
      // iterations: each one handles the next window of the stream where
      // the last stopped, as a machine in use would, with its buffers
      // already grown. A long run (the scale benchmarks) takes window after
      // window of the stream, which ends where it starts, so no run holds
      // more than the stream in memory.
      var tally = Tally()
      var count = 0
      benchmark.startMeasurement()
      for _ in 0..<windowsPerIteration {
        let events = windows.take()
        drive(&built, through: events, into: &tally)
        count &+= events.count
      }
      benchmark.stopMeasurement()
      blackHole(tally)
      benchmark.measurement(.events, count)
    } setup: {
      machine.windows(kind, length)
    }
  }
}
