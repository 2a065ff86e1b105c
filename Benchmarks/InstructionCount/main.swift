import Configurations
import Foundation
import Harness

// Drives one stream through one contender, once, for
// `valgrind --tool=callgrind --toggle-collect='*profiled*'`, which counts the
// instructions of the `profiled...` functions only: the loop, the machine and
// the outputs, never the building of the stream. scripts/count-instructions
// runs it for every machine, contender, stream and configuration, and
// divides by the events.
//
// Usage: InstructionCount MACHINE CONTENDER STREAM EVENTS [CONFIGURATION]

/// Stops with a usage message that names the valid choices.
func usage(_ problem: String) -> Never {
  let machines = benchmarkedMachineIDs.joined(separator: ", ")
  let contenders = Contender.all.map(\.description).joined(separator: ", ")
  let streams = StreamKind.allCases.map(\.rawValue).joined(separator: ", ")
  let configurations = BuildConfiguration.allCases.map(\.rawValue).joined(separator: ", ")
  print(
    """
    \(problem)
    usage: InstructionCount MACHINE CONTENDER STREAM EVENTS [CONFIGURATION]
      MACHINE: \(machines)
      CONTENDER: \(contenders)
      STREAM: \(streams)
      CONFIGURATION: \(configurations) (default package; no-machine is the same in both)
    """)
  exit(2)
}

/// What `consume` has seen: a side effect the optimizer must keep.
nonisolated(unsafe) var consumed = 0

/// Opaque to the optimizer, as package-benchmark's `blackHole` is to the
/// benchmarks: an empty function here, in the same module as its callers,
/// would be seen to do nothing and its calls removed.
@inline(never)
func consume<T>(_ value: T) {
  withUnsafeBytes(of: value) { consumed &+= Int($0.first ?? 0) }
}

/// The timed loop of the benchmarks with no machine.
@inline(never)
func profiledNoMachine<Event>(_ events: [Event]) {
  driveWithoutMachine(through: events, consume: consume)
}

/// Drives the loop alone through the stream of the machine named `id`, and
/// prints the number of events.
struct NoMachine: MachineVisitor {
  var id: String
  var stream: StreamKind
  var count: Int

  func visit<M: BenchmarkedMachine>(_ machine: M.Type) {
    guard machine.id == id else { return }
    let events = machine.stream(stream, count: count)
    profiledNoMachine(events)
    print(events.count)
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard (4...5).contains(arguments.count) else {
  usage("expected 4 or 5 arguments, got \(arguments.count)")
}
guard benchmarkedMachineIDs.contains(arguments[0]) else { usage("no machine '\(arguments[0])'") }
guard let contender = Contender(arguments[1]) else { usage("no contender '\(arguments[1])'") }
guard let stream = StreamKind(rawValue: arguments[2]) else {
  usage("no stream '\(arguments[2])'")
}
guard let count = Int(arguments[3]), count > 0 else { usage("EVENTS must be a positive number") }
let named = arguments.count == 5 ? arguments[4] : BuildConfiguration.package.rawValue
guard let configuration = BuildConfiguration(rawValue: named) else {
  usage("no configuration '\(named)'")
}
// Prints the exact number of events driven, for the script to divide by.
switch contender {
case .noMachine:
  visitBenchmarkedMachines(NoMachine(id: arguments[0], stream: stream, count: count))
case .implementation:
  // The whole stream is one window: one call of `profiledDrive`.
  guard
    let run = configuration.prepare(
      machine: arguments[0], implementation: arguments[1], stream: arguments[2],
      windowLength: count, streamLength: count)
  else { usage("\(arguments[0]) cannot be built as \(arguments[1])") }
  let (events, digest) = run(1)
  consume(digest)
  print(events)
}
