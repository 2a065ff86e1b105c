import Benchmark
import Configurations
import Harness
import StateMachines

/// Registers every contender of each machine it visits: the loop alone,
/// and each implementation in both configurations.
struct Registration: MachineVisitor {
  func visit<M: BenchmarkedMachine>(_ machine: M.Type) {
    machine.registerBenchmarks()
    machine.registerScale()
  }
}

extension BenchmarkedMachine {
  /// Registers every contender on both streams, named like
  /// `turnstile/enum/uniform`, and each implementation again as the app's
  /// own code, named like `own-code/turnstile/enum/uniform`.
  ///
  /// The loop alone is measured once: it has no machine to compile either
  /// way.
  static func registerBenchmarks() {
    for kind in StreamKind.allCases {
      for contender in Contender.all {
        switch contender {
        case .noMachine:
          registerNoMachine(on: kind)
        case .implementation(let implementation):
          // A variant the machine is not written in (the matrix of a table
          // with guards) has no cell to measure.
          guard allImplementations.contains(implementation) else { continue }
          for configuration in BuildConfiguration.allCases {
            register(implementation, on: kind, as: configuration)
          }
        }
      }
    }
  }

  /// Registers one benchmark: `implementation`, compiled as
  /// `configuration`, driven through a `kind` stream,
  /// `eventsPerIteration * multiple` events an iteration.
  ///
  /// A `multiple` of 2 registers the linearity check `...-x2`: if the
  /// harness measures work, twice the events take twice the time.
  static func register(
    _ implementation: Implementation, on kind: StreamKind, as configuration: BuildConfiguration,
    multiple: Int = 1
  ) {
    let suffix = multiple == 1 ? "" : "-x\(multiple)"
    var registrar = Registrar(
      name: "\(configuration.prefix)\(id)/\(implementation)/\(kind.rawValue)\(suffix)",
      machine: id, implementation: implementation.description, kind: kind,
      length: eventsPerIteration * multiple)
    registrar.build = configuration
    registrar.register()
  }

  /// Registers the scale benchmarks of the `enum` style on the typical
  /// stream, as a package: 10^3, 10^5 and 10^7 events an iteration, named
  /// like `turnstile/enum/typical-1e7`. The time per event must not grow
  /// with the length of the run.
  static func registerScale() {
    for (size, events) in [("1e3", 1_000), ("1e5", 100_000), ("1e7", 10_000_000)] {
      var registrar = Registrar(
        name: "\(id)/enum/typical-\(size)", machine: id,
        implementation: Implementation(.enum).description, kind: .typical,
        length: eventsPerIteration)
      registrar.windowsPerIteration = events / eventsPerIteration
      registrar.settings = .scale(events: events)
      registrar.register()
    }
  }

  /// Registers the loop alone, with no machine, on a `kind` stream: the
  /// harness's lower bound, named like `turnstile/no-machine/uniform`.
  static func registerNoMachine(on kind: StreamKind, multiple: Int = 1) {
    let name = "\(id)/no-machine/\(kind.rawValue)" + (multiple == 1 ? "" : "-x\(multiple)")
    let length = eventsPerIteration * multiple
    // The windows are built in the benchmark's setup, so only the
    // benchmark that runs pays for its stream.
    Benchmark(name, configuration: .dispatchCost) { benchmark, windows in
      let events = windows.take()
      benchmark.startMeasurement()
      driveWithoutMachine(through: events) { blackHole($0) }
      benchmark.stopMeasurement()
      benchmark.measurement(.events, events.count)
    } setup: {
      Windows(stream(kind, count: eventsPerStream), length: length)
    }
  }
}

/// Registers one implementation of a machine, in one configuration, by
/// name: `BuildConfiguration.prepare` finds its concrete type in the module
/// it is compiled in.
private struct Registrar {
  /// The benchmark's name.
  var name: String
  /// The machine's id.
  var machine: String
  /// The implementation's id.
  var implementation: String
  /// The stream it drives.
  var kind: StreamKind
  /// The events of one window.
  var length: Int
  /// How the machine is compiled.
  var build = BuildConfiguration.package
  /// The windows one iteration handles, one after the other.
  var windowsPerIteration = 1
  /// The benchmark's settings.
  var settings = Benchmark.Configuration.dispatchCost

  /// Registers the benchmark. Its setup builds the machine and its stream,
  /// outside the clock; each iteration handles the next windows of the
  /// stream where the last stopped (see `PreparedRun`). A long run (the
  /// scale benchmarks) takes window after window of the stream, which ends
  /// where it starts, so no run holds more than the stream in memory.
  func register() {
    let (name, windowsPerIteration) = (name, windowsPerIteration)
    let (build, machine, implementation, kind, length) = (
      build, machine, implementation, kind, length
    )
    Benchmark(name, configuration: settings) { benchmark, run in
      benchmark.startMeasurement()
      let (events, digest) = run(windowsPerIteration)
      benchmark.stopMeasurement()
      blackHole(digest)
      benchmark.measurement(.events, events)
    } setup: { () -> PreparedRun in
      if let run = build.prepare(
        machine: machine, implementation: implementation, stream: kind.rawValue,
        windowLength: length, streamLength: eventsPerStream)
      {
        return run
      }
      // No events handled: the comparison leaves the benchmark out.
      print("\(name): cannot build \(machine) as \(implementation); skipped")
      return { _ in (0, 0) }
    }
  }
}
