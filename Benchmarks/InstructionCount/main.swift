import Foundation
import Harness
import StateMachines

// Drives one stream through one contender, once, for
// `valgrind --tool=callgrind --toggle-collect='*profiled*'`, which counts the
// instructions of the `profiled...` functions only: the loop, the machine and
// the outputs, never the building of the stream. scripts/count-instructions
// runs it for every machine and contender and divides by the events.
//
// Usage: InstructionCount MACHINE CONTENDER STREAM EVENTS

/// Stops with a usage message that names the valid choices.
func usage(_ problem: String) -> Never {
  let machines = benchmarkedMachineIDs.joined(separator: ", ")
  let contenders = Contender.all.map(\.description).joined(separator: ", ")
  let streams = StreamKind.allCases.map(\.rawValue).joined(separator: ", ")
  print(
    """
    \(problem)
    usage: InstructionCount MACHINE CONTENDER STREAM EVENTS
      MACHINE: \(machines)
      CONTENDER: \(contenders)
      STREAM: \(streams)
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

/// The timed loop of the benchmarks, for one implementation.
@inline(never)
func profiledDrive<M: StateMachine>(_ machine: inout M, _ events: [M.Event]) -> Tally {
  var tally = Tally()
  drive(&machine, through: events, into: &tally)
  return tally
}

/// The timed loop of the benchmarks with no machine.
@inline(never)
func profiledNoMachine<Event>(_ events: [Event]) {
  driveWithoutMachine(through: events, consume: consume)
}

/// Builds the machine as one implementation and drives the stream through it.
struct Run: ImplementationVisitor {
  var stream: StreamKind
  var count: Int

  func visit<M: BenchmarkedMachine, T: StateMachine>(
    _ type: T.Type, of machine: M.Type, as implementation: Implementation
  ) -> Int where T.State == M.State, T.Event == M.Event, T.Output == M.Output {
    guard var built = machine.make(implementation, as: T.self) else {
      usage("\(machine.id) cannot be built as \(implementation)")
    }
    let events = machine.stream(stream, count: count)
    consume(profiledDrive(&built, events))
    return events.count
  }
}

/// Runs `contender` on the machine named `id` and prints the number of
/// events it handled.
struct Measurement: MachineVisitor {
  var id: String
  var contender: Contender
  var stream: StreamKind
  var count: Int

  func visit<M: BenchmarkedMachine>(_ machine: M.Type) {
    guard machine.id == id else { return }
    switch contender {
    case .noMachine:
      let events = machine.stream(stream, count: count)
      profiledNoMachine(events)
      print(events.count)
    case .implementation(let implementation):
      print(machine.visit(implementation, with: Run(stream: stream, count: count)))
    }
  }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4 else { usage("expected 4 arguments, got \(arguments.count)") }
guard benchmarkedMachineIDs.contains(arguments[0]) else { usage("no machine '\(arguments[0])'") }
guard let contender = Contender(arguments[1]) else { usage("no contender '\(arguments[1])'") }
guard let stream = StreamKind(rawValue: arguments[2]) else {
  usage("no stream '\(arguments[2])'")
}
guard let count = Int(arguments[3]), count > 0 else { usage("EVENTS must be a positive number") }
// Prints the exact number of events driven, for the script to divide by.
visitBenchmarkedMachines(
  Measurement(id: arguments[0], contender: contender, stream: stream, count: count))
